import { anthropicCacheMinimums, anthropicToolPrompt } from "../../providers/rules/anthropic.js";

/**
 * Anthropic numbers the emulator needs: views of the dated tables in `providers/rules/anthropic.ts`, which the cost
 * estimates read too. Model ids match exactly or with a date suffix (`claude-sonnet-4-5-20250929`,
 * `claude-opus-4-1@20250805`).
 */

export const ANTHROPIC_DATA_CHECKED_ON = anthropicCacheMinimums.checkedOn;

/** Minimum cacheable prompt length in tokens; below it a breakpoint silently caches nothing. */
export const CACHE_MINIMUM_TOKENS: Readonly<Record<string, number>> = anthropicCacheMinimums.tokens;

/** For models missing from the table. [U] */
export const DEFAULT_CACHE_MINIMUM_TOKENS = anthropicCacheMinimums.fallback;

/** Hidden tool-use system prompt, tokens, when at least one tool is present: [auto|none, any|tool]. */
export const TOOL_PROMPT_TOKENS: Readonly<Record<string, readonly [number, number]>> =
  anthropicToolPrompt.tokens;

/** For models missing from the table (Sonnet 4.5's numbers). [U] */
export const DEFAULT_TOOL_PROMPT_TOKENS: readonly [number, number] = anthropicToolPrompt.tokens[
  anthropicToolPrompt.fallbackModel
] ?? [0, 0];

/** The table entry for `model`, matching an exact id or a dated variant of it. */
export function lookupModel<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  if (Object.hasOwn(table, model)) return table[model];
  const base = /^(.*?)(?:-\d{8}|@\d{8})$/.exec(model)?.[1];
  return base !== undefined && Object.hasOwn(table, base) ? table[base] : undefined;
}
