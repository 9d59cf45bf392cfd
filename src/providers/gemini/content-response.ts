import type { GenerateContentResponse, Part } from "@google/genai";
import type { ModelResponse } from "../../spec/model-adapter.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { convertGeminiUsage } from "./convert-gemini-usage.js";
import { mapGeminiStopReason } from "./map-gemini-stop-reason.js";
import { readToolCalls } from "./read-tool-calls.js";

/**
 * A `GenerateContentResponse` as a `ModelResponse`: the one mapping shared by the plain and the streamed request
 * (a streamed answer is mapped from the response assembled out of its chunks).
 */
export function contentResponse(response: GenerateContentResponse): ModelResponse<GenerateContentResponse> {
  const candidate = response.candidates?.[0];
  const toolCalls = readToolCalls(response);
  const blockReason = response.promptFeedback?.blockReason;
  const rawFinishReason = candidate?.finishReason ?? blockReason;
  return {
    response,
    text: textOf(candidate?.content?.parts ?? []),
    toolCalls,
    toolCallCount: toolCalls.length,
    finishReason: mapGeminiStopReason(candidate?.finishReason, {
      hasToolCalls: toolCalls.length > 0,
      promptBlocked: candidate === undefined && blockReason !== undefined,
    }),
    ...(rawFinishReason === undefined ? {} : { rawFinishReason }),
    usage: convertGeminiUsage(response.usageMetadata),
    warnings: warningsOf(response),
  };
}

/** Text parts, thoughts excluded (the SDK's `text` getter would also log a warning when calls are present). */
function textOf(parts: readonly Part[]): string {
  return parts
    .map((part) => (typeof part.text === "string" && part.thought !== true ? part.text : ""))
    .join("");
}

function warningsOf(response: GenerateContentResponse): TranslationWarning[] {
  const candidate = response.candidates?.[0];
  const blockReason = response.promptFeedback?.blockReason;
  if (candidate === undefined) {
    return [
      warning(
        "no-candidates",
        `no answer came back${blockReason ? ` (prompt blocked: ${blockReason})` : ""}`,
      ),
    ];
  }
  const reason = candidate.finishReason;
  if (reason === undefined || reason === "STOP") return [];
  const detail = candidate.finishMessage ? `: ${candidate.finishMessage}` : "";
  return [warning("finish-reason", `the model stopped with ${reason}${detail}`)];
}

function warning(code: string, message: string): TranslationWarning {
  return { code, path: "", message };
}
