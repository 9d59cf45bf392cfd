/** Neutral messages → one provider's messages, chosen by the adapter's wire. */

import { renderAnthropic } from "../providers/anthropic/render-context.js";
import { renderGemini } from "../providers/gemini/render-context.js";
import { renderOpenAIChat } from "../providers/openai-chat/render-context.js";
import { renderOpenAIResponses } from "../providers/openai-responses/render-context.js";
import type { ModelWire } from "../spec/model-adapter.js";
import type { ContextMessage, RenderedMessages } from "./types.js";

export type { RenderedMessages };

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
