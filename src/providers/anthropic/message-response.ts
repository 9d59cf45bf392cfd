import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ModelResponse } from "../../spec/model-adapter.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { convertAnthropicUsage } from "./convert-anthropic-usage.js";
import { mapAnthropicStopReason } from "./map-anthropic-stop-reason.js";
import { readToolCalls } from "./read-tool-calls.js";

/**
 * An Anthropic `Message` as a `ModelResponse`: the one mapping shared by the plain and the streamed request (a
 * streamed answer is mapped from the message assembled out of its events).
 */
export function messageResponse(response: Message): ModelResponse<Message> {
  const toolCalls = readToolCalls(response);
  return {
    response,
    text: textOf(response),
    toolCalls,
    toolCallCount: toolCalls.length,
    finishReason: mapAnthropicStopReason(response.stop_reason),
    ...(response.stop_reason === null ? {} : { rawFinishReason: response.stop_reason }),
    usage: convertAnthropicUsage(response.usage),
    warnings: warningsOf(response),
    ...(response.stop_reason === "pause_turn" ? { resume: true } : {}),
  };
}

function textOf(response: Message): string {
  return response.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

function warningsOf(response: Message): TranslationWarning[] {
  switch (response.stop_reason) {
    case "max_tokens":
      return [warning("max-tokens", "the answer was cut off at max_tokens")];
    case "model_context_window_exceeded":
      return [warning("context-window", "the conversation filled the model's context window")];
    case "refusal":
      return [warning("refusal", "the model declined to answer (stop_reason refusal)")];
    case "pause_turn":
      return [warning("pause-turn", "a server tool paused the turn (stop_reason pause_turn); continuing it")];
    default:
      return [];
  }
}

function warning(code: string, message: string): TranslationWarning {
  return { code, path: "", message };
}
