/**
 * Anthropic numbers the emulator needs, as dated data (docs/provider-rules.md#anthropic-caching rule 4 and #anthropic-tokens, checked 2026-11-30).
 * Model ids match exactly or with a date suffix (`claude-sonnet-4-5-20250929`, `claude-opus-4-1@20250805`).
 */

export const ANTHROPIC_DATA_CHECKED_ON = "2026-11-30";

/** Minimum cacheable prompt length in tokens; below it a breakpoint silently caches nothing. */
export const CACHE_MINIMUM_TOKENS: Readonly<Record<string, number>> = {
  "claude-opus-5": 512, // [D] model page
  "claude-opus-4-8": 1024, // [S] LiteLLM docs 2026-10
  "claude-sonnet-5": 1024, // [S] LiteLLM docs 2026-10
  "claude-sonnet-4-5": 1024, // [D]
  "claude-opus-4-1": 1024, // [D]
  "claude-opus-4": 1024, // [D]
  "claude-sonnet-4": 1024, // [D]
  "claude-3-7-sonnet": 1024, // [D]
  "claude-sonnet-4-6": 2048, // [D] Anthropic page; LiteLLM says 1024 (conflict, [U])
  "claude-opus-4-6": 4096, // [D]
  "claude-opus-4-5": 4096, // [D]
  "claude-haiku-4-5": 4096, // [D]
  "claude-mythos-preview": 4096, // [D]
  "claude-3-5-haiku": 2048, // [D]
  "claude-3-haiku": 2048, // [D]
};

/** For models missing from the table. [U] */
export const DEFAULT_CACHE_MINIMUM_TOKENS = 1024;

/** Hidden tool-use system prompt, tokens, when at least one tool is present: [auto|none, any|tool]. [D] 2026-07-13 */
export const TOOL_PROMPT_TOKENS: Readonly<Record<string, readonly [number, number]>> = {
  "claude-opus-4-8": [290, 410],
  "claude-opus-4-7": [675, 804],
  "claude-opus-4-6": [497, 589],
  "claude-opus-4-5": [496, 588],
  "claude-haiku-4-5": [496, 588],
  "claude-sonnet-5": [354, 474],
  "claude-sonnet-4-6": [497, 589],
  "claude-sonnet-4-5": [496, 588],
  "claude-sonnet-4": [313, 315],
  "claude-opus-4": [313, 315],
  "claude-opus-4-1": [313, 315],
  "claude-3-5-haiku": [264, 355],
};

/** For models missing from the table (Sonnet 4.5's numbers). [U] */
export const DEFAULT_TOOL_PROMPT_TOKENS: readonly [number, number] = [496, 588];

/** The table entry for `model`, matching an exact id or a dated variant of it. */
export function lookupModel<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  if (Object.hasOwn(table, model)) return table[model];
  const base = /^(.*?)(?:-\d{8}|@\d{8})$/.exec(model)?.[1];
  return base !== undefined && Object.hasOwn(table, base) ? table[base] : undefined;
}
