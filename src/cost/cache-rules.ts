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

const ANTHROPIC_SOURCE = "Anthropic prompt-caching and model pages [D/S] (providers.md §1.6)";
const OPENAI_SOURCE = "OpenAI prompt-caching doc as rewritten 2026-09 [S] (providers.md §2.5)";
const GEMINI_SOURCE = "ai.google.dev/gemini-api/docs/caching, updated 2026-10-13 [D] (providers.md §3.5)";

const MINIMUMS: Readonly<Record<Exclude<ProviderFamily, "mcp">, Readonly<Record<string, number>>>> = {
  anthropic: {
    "claude-opus-5": 512,
    "claude-opus-4-8": 1024,
    "claude-sonnet-5": 1024,
    "claude-sonnet-4-5": 1024,
    "claude-opus-4-1": 1024,
    "claude-opus-4": 1024,
    "claude-sonnet-4": 1024,
    "claude-3-7-sonnet": 1024,
    "claude-sonnet-4-6": 2048, // Anthropic page; LiteLLM says 1024 (conflict, [U])
    "claude-opus-4-6": 4096,
    "claude-opus-4-5": 4096,
    "claude-haiku-4-5": 4096,
    "claude-mythos-preview": 4096,
    "claude-3-5-haiku": 2048,
    "claude-3-haiku": 2048,
  },
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
  anthropic: 1024,
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
  source: "Anthropic pricing page [D], providers.md §1.6, checked 2026-11-30",
} as const;
