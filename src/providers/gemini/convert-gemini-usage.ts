import type { TokenUsage } from "../../spec/model-adapter.js";

/** The `usageMetadata` fields read (SDK `GenerateContentResponseUsageMetadata`); absent is zero. */
export interface GeminiUsageLike {
  promptTokenCount?: number | null;
  candidatesTokenCount?: number | null;
  thoughtsTokenCount?: number | null;
  cachedContentTokenCount?: number | null;
  toolUsePromptTokenCount?: number | null;
}

/**
 * `promptTokenCount` already includes cached content; tool-use prompt tokens (built-in tools) are input too.
 * Thinking tokens are billed as output, so `outputTokens` is candidates plus thoughts. Gemini does not report
 * cache writes (explicit caches are created and billed apart from requests).
 */
export function convertGeminiUsage(usage: GeminiUsageLike | null | undefined): TokenUsage {
  return {
    inputTokens: count(usage?.promptTokenCount) + count(usage?.toolUsePromptTokenCount),
    outputTokens: count(usage?.candidatesTokenCount) + count(usage?.thoughtsTokenCount),
    cacheReadTokens: count(usage?.cachedContentTokenCount),
    cacheWriteTokens: 0,
  };
}

function count(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
