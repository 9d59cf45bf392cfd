import type { TokenUsage } from "../../spec/model-adapter.js";

/** The `usage` fields read (SDK `Usage`; nulls and absences are zero). */
export interface AnthropicUsageLike {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

/**
 * Anthropic counts cache reads and writes apart from `input_tokens` (which is only the uncached part), so the
 * neutral `inputTokens` adds them back: the whole prompt, comparable with OpenAI's and Gemini's counts.
 */
export function convertAnthropicUsage(usage: AnthropicUsageLike | null | undefined): TokenUsage {
  const uncached = count(usage?.input_tokens);
  const cacheReadTokens = count(usage?.cache_read_input_tokens);
  const cacheWriteTokens = count(usage?.cache_creation_input_tokens);
  return {
    inputTokens: uncached + cacheReadTokens + cacheWriteTokens,
    outputTokens: count(usage?.output_tokens),
    cacheReadTokens,
    cacheWriteTokens,
  };
}

function count(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
