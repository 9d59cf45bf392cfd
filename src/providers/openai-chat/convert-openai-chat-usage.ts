import type { TokenUsage } from "../../spec/model-adapter.js";

/** The `usage` fields read (SDK `CompletionUsage`); anything absent is zero. */
export interface OpenAIChatUsageLike {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
}

/** `prompt_tokens` already includes cached tokens; `completion_tokens` includes reasoning tokens. */
export function convertOpenAIChatUsage(usage: OpenAIChatUsageLike | null | undefined): TokenUsage {
  return {
    inputTokens: count(usage?.prompt_tokens),
    outputTokens: count(usage?.completion_tokens),
    cacheReadTokens: count(usage?.prompt_tokens_details?.cached_tokens),
    cacheWriteTokens: count(usage?.prompt_tokens_details?.cache_write_tokens),
  };
}

function count(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
