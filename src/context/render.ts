/** Neutral messages → one provider's messages, chosen by the adapter's wire. */
import type { ModelWire } from "../spec/model-adapter.js";
import type { TranslationWarning } from "../spec/warning.js";
import { renderAnthropic } from "./render-anthropic.js";
import { renderGemini } from "./render-gemini.js";
import { renderOpenAIChat } from "./render-openai-chat.js";
import { renderOpenAIResponses } from "./render-openai-responses.js";
import type { ContextMessage } from "./types.js";

export interface RenderedMessages<Message = unknown> {
  messages: Message[];
  /** What could not travel as itself (it was described in text). */
  warnings: TranslationWarning[];
}

export function renderMessages(wire: ModelWire, messages: readonly ContextMessage[]): RenderedMessages {
  switch (wire) {
    case "anthropic":
      return renderAnthropic(messages);
    case "openai-chat":
      return renderOpenAIChat(messages);
    case "openai-responses":
      return renderOpenAIResponses(messages);
    case "gemini":
      return renderGemini(messages);
  }
}
