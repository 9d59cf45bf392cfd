import type { TokenUsage } from "../../spec/model-adapter.js";

/** The `usage` fields read (SDK `ResponseUsage`); anything absent is zero. */
export interface OpenAIResponsesUsageLike {
  input_tokens?: number | null;
  output_tokens?: number | null;
  input_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
}

/** `input_tokens` already includes cached tokens; `output_tokens` includes reasoning tokens. */
export function convertOpenAIResponsesUsage(usage: OpenAIResponsesUsageLike | null | undefined): TokenUsage {
  return {
    inputTokens: count(usage?.input_tokens),
    outputTokens: count(usage?.output_tokens),
    cacheReadTokens: count(usage?.input_tokens_details?.cached_tokens),
    cacheWriteTokens: count(usage?.input_tokens_details?.cache_write_tokens),
  };
}

function count(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
