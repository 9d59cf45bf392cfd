import type { FinishReason } from "../../spec/model-adapter.js";

/** Finish reasons that mean a safety or policy filter stopped the answer. */
const FILTERED = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "IMAGE_RECITATION",
]);

/** Finish reasons that mean the model's function calling broke down. */
const FAILED = new Set(["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS"]);

/**
 * Gemini `finishReason` → finish reason. Gemini says `STOP` whether or not it called functions, so the calls
 * decide; a prompt blocked before any candidate (`promptFeedback.blockReason`) is a content filter.
 */
export function mapGeminiStopReason(
  reason: string | null | undefined,
  options: { hasToolCalls: boolean; promptBlocked?: boolean },
): FinishReason {
  if (options.promptBlocked === true) return "content-filter";
  if (options.hasToolCalls && (reason === "STOP" || reason === undefined || reason === null))
    return "tool-calls";
  if (reason === "STOP") return "stop";
  if (reason === "MAX_TOKENS") return "length";
  if (reason !== undefined && reason !== null && FILTERED.has(reason)) return "content-filter";
  if (reason !== undefined && reason !== null && FAILED.has(reason)) return "error";
  return options.hasToolCalls ? "tool-calls" : "other";
}
