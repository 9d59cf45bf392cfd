import { countO200k } from "../../cost/count-o200k.js";

/**
 * Token counts are an ESTIMATE: `o200k_base` (gpt-4o/4.1/5 vocabulary) over the JSON the request carries. No offline
 * tokenizer exists for current Claude or Gemini models (docs/provider-rules.md#tokenizers), and real APIs add hidden prompt tokens,
 * so absolute numbers differ from the providers'; what tests can rely on is that the same bytes give the same
 * count and more content gives more tokens.
 */
export function estimateTokens(value: unknown): number {
  if (value === undefined) return 0;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  // Special-token strings in user content are ordinary text to a provider, never control tokens; a megabyte
  // one-word tool description is counted in linear time.
  return countO200k(text);
}
