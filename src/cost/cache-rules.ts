import { anthropicCacheMinimums } from "../providers/rules/anthropic.js";
import { lookupModel } from "./model-lookup.js";
import type { ProviderFamily } from "./overheads.js";

/**
 * Minimum cacheable prompt length per model, as dated data (docs/provider-rules.md#anthropic-caching rule 4, #openai-caching rule 2, #gemini-caching, read
 * 2026-11-30). Below the minimum a request succeeds and caches nothing, so the cost model charges full price.
 */

export const CACHE_RULES_CHECKED_ON = "2026-11-30";

export interface CacheMinimum {
  tokens: number;
  checkedOn: string;
  source: string;
  /** True when the model is missing from the table and a family default was used. */
  assumed: boolean;
}

const ANTHROPIC_SOURCE = anthropicCacheMinimums.source;
const OPENAI_SOURCE =
  "OpenAI prompt-caching doc as rewritten 2026-09 [S] (docs/provider-rules.md#openai-caching)";
const GEMINI_SOURCE =
  "ai.google.dev/gemini-api/docs/caching, updated 2026-10-13 [D] (docs/provider-rules.md#gemini-caching)";

const MINIMUMS: Readonly<Record<Exclude<ProviderFamily, "mcp">, Readonly<Record<string, number>>>> = {
  anthropic: anthropicCacheMinimums.tokens,
  openai: { "gpt-5.6-luna": 1024, "gpt-5.6-terra": 1024, "gpt-6-sol": 1024 },
  gemini: {
    "gemini-2.5-flash": 2048,
    "gemini-2.5-pro": 2048,
    "gemini-3-flash-preview": 4096,
    "gemini-3.1-pro-preview": 4096,
  },
};

/** For models missing from the tables. [U] for Anthropic; OpenAI's 2026-09 text says 2,048 for older models. */
const DEFAULTS: Readonly<Record<Exclude<ProviderFamily, "mcp">, number>> = {
  anthropic: anthropicCacheMinimums.fallback,
  openai: 2048,
  gemini: 2048,
};

const SOURCES: Readonly<Record<Exclude<ProviderFamily, "mcp">, string>> = {
  anthropic: ANTHROPIC_SOURCE,
  openai: OPENAI_SOURCE,
  gemini: GEMINI_SOURCE,
};

/** The minimum cacheable prefix for `model`; undefined for MCP, which has no prompt cache. */
export function cacheMinimumFor(family: ProviderFamily, model: string): CacheMinimum | undefined {
  if (family === "mcp") return undefined;
  const found = lookupModel(MINIMUMS[family], model);
  return {
    tokens: found?.value ?? DEFAULTS[family],
    checkedOn: CACHE_RULES_CHECKED_ON,
    source: SOURCES[family],
    assumed: found === undefined,
  };
}

/** Anthropic's cache price multipliers on base input (docs/provider-rules.md#anthropic-caching rule 3); what-if mode assumes these. */
export const ANTHROPIC_CACHE_MULTIPLIERS = {
  write5m: 1.25,
  write1h: 2,
  read: 0.1,
  checkedOn: CACHE_RULES_CHECKED_ON,
  source: "Anthropic pricing page [D], docs/provider-rules.md#anthropic-caching, checked 2026-11-30",
} as const;
