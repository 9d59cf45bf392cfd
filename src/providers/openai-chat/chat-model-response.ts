/**
 * A Chat Completions response read into the adapter seam's `ModelResponse`: the one mapping used for a
 * non-streamed completion, a streamed one assembled from its chunks, and the replayable part of an
 * interrupted stream.
 */
import type { ChatCompletion } from "openai/resources/chat/completions";
import type { FinishReason, ModelResponse, TokenUsage } from "../../spec/model-adapter.js";
import type { TranslationWarning } from "../../spec/warning.js";
import type { OpenAIChatUsageLike } from "./convert-openai-chat-usage.js";
import { readToolCalls } from "./read-tool-calls.js";

/** How one server's dialect reads stop reasons and usage (the flavour's readers). */
export interface ChatResponseReaders {
  mapStopReason(reason: string | null | undefined): FinishReason;
  convertUsage(usage: OpenAIChatUsageLike | null | undefined): TokenUsage;
}

export function chatModelResponse(
  response: ChatCompletion,
  readers: ChatResponseReaders,
): ModelResponse<ChatCompletion> {
  const choice = response.choices?.[0];
  const toolCalls = readToolCalls(response);
  const warnings: TranslationWarning[] = [];
  if (choice === undefined) warnings.push(warning("no-choices", "the response carried no choices"));
  if (typeof choice?.message?.refusal === "string" && choice.message.refusal !== "") {
    warnings.push(warning("refusal", `the model refused: ${choice.message.refusal}`));
  }
  if (choice?.finish_reason === "length") {
    warnings.push(warning("max-tokens", "the answer was cut off at the token limit"));
  }
  const finishReason: FinishReason =
    choice === undefined ? "error" : readers.mapStopReason(choice.finish_reason);
  return {
    response,
    text: typeof choice?.message?.content === "string" ? choice.message.content : "",
    toolCalls,
    toolCallCount: toolCalls.length,
    // A server that reports `stop` next to tool calls still wants them answered.
    finishReason: toolCalls.length > 0 && finishReason === "stop" ? "tool-calls" : finishReason,
    ...(typeof choice?.finish_reason === "string" ? { rawFinishReason: choice.finish_reason } : {}),
    usage: readers.convertUsage(response.usage),
    warnings,
  };
}

function warning(code: string, message: string): TranslationWarning {
  return { code, path: "", message };
}
