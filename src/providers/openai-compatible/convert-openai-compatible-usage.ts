import type { TokenUsage } from "../../spec/model-adapter.js";

/** The usage fields servers send: OpenAI's, plus DeepSeek-style cache hit counts. */
export interface OpenAICompatibleUsageLike {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null; cache_write_tokens?: number | null } | null;
  /** DeepSeek and some gateways: prompt tokens served from the cache. */
  prompt_cache_hit_tokens?: number | null;
}

/** Many servers omit `usage` or its details: absent counts are zero, never a failure. */
export function convertOpenAICompatibleUsage(
  usage: OpenAICompatibleUsageLike | null | undefined,
): TokenUsage {
  const cached = count(usage?.prompt_tokens_details?.cached_tokens) || count(usage?.prompt_cache_hit_tokens);
  return {
    inputTokens: count(usage?.prompt_tokens),
    outputTokens: count(usage?.completion_tokens),
    cacheReadTokens: cached,
    cacheWriteTokens: count(usage?.prompt_tokens_details?.cache_write_tokens),
  };
}

function count(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
