import type { DatedSource } from "../../spec/provider-profile.js";

/**
 * Anthropic Messages rules as dated data: read by schema repair, the validators, the request-level checks, the
 * cost estimates and the emulator. Re-check them whenever Anthropic changes its docs.
 */

const CHECKED = "2026-11-30";

/** Per-request caps on strict tools (counted over every `strict: true` tool of one request). */
export const anthropicStrictLimits = {
  strictTools: 20,
  optionalParams: 24,
  unionParams: 16,
  checkedOn: CHECKED,
  source:
    "Anthropic strict-tool-use docs via docs/provider-rules.md#anthropic-strict rule 2; genkit-ai/genkit#5230, elizaOS/eliza#16499",
} as const satisfies DatedSource & Record<string, unknown>;

export const anthropicCacheBreakpoints = {
  max: 4,
  checkedOn: CHECKED,
  source:
    "Anthropic prompt-caching docs (docs/provider-rules.md#anthropic-caching rule 2); error text in tghamm/Anthropic.SDK#50",
} as const satisfies DatedSource & Record<string, unknown>;

/** String formats the Anthropic grammar compiler supports under `strict: true` (`uri` included, unlike OpenAI). */
export const anthropicStrictFormats = {
  values: ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"],
  checkedOn: CHECKED,
  source:
    "GoModel#963 quoting the Anthropic structured-outputs docs (docs/provider-rules.md#anthropic-strict rule 3)",
} as const satisfies DatedSource & Record<string, unknown>;

/**
 * Keywords the strict grammar compiler is documented to accept (docs/provider-rules.md#anthropic-strict rule 3): what strict repair
 * keeps. `allOf` is merged instead; anything else is removed (value constraints into the description).
 */
export const anthropicStrictKeywords = {
  values: [
    "type",
    "description",
    "title",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "pattern",
    "format",
    "default",
    "minItems",
  ],
  checkedOn: CHECKED,
  source:
    "Anthropic structured-outputs docs, JSON Schema limitations (docs/provider-rules.md#anthropic-strict rule 3)",
} as const satisfies DatedSource & Record<string, unknown>;

/**
 * Keywords rejected under Anthropic `strict: true`, per the JSON type they constrain (docs/provider-rules.md#anthropic-strict rule 4, #keywords):
 * what the validator reports. Strict repair keeps none of them (a test ties the two lists).
 */
export const anthropicStrictUnsupported = {
  byType: {
    integer: ["exclusiveMaximum", "exclusiveMinimum", "maximum", "minimum", "multipleOf"],
    number: ["exclusiveMaximum", "exclusiveMinimum", "maximum", "minimum", "multipleOf"],
    string: ["maxLength", "minLength"],
    array: ["contains", "maxContains", "maxItems", "minContains", "uniqueItems"],
    object: ["maxProperties", "minProperties"],
  } as Readonly<Record<string, readonly string[]>>,
  /** Arrays may constrain `minItems` to 0 or 1 only. */
  maxMinItems: 1,
  checkedOn: CHECKED,
  source: "earendil-works/pi#9953, agentjido/req_llm#302 (observed); GoModel#963 (docs quote)",
};

/** Hidden tool-use system prompt, in tokens, added when at least one tool is present: [auto|none, any|tool]. */
export const anthropicToolPrompt = {
  tokens: {
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
  } as Readonly<Record<string, readonly [number, number]>>,
  /** Used for a model missing from the table. [U] */
  fallbackModel: "claude-sonnet-4-5",
  checkedOn: CHECKED,
  source: "Anthropic tool-use overview page as of 2026-07-13 [D] (docs/provider-rules.md#anthropic-tokens)",
} as const satisfies DatedSource & Record<string, unknown>;

/** Minimum cacheable prompt length in tokens; below it a breakpoint silently caches nothing. */
export const anthropicCacheMinimums = {
  tokens: {
    "claude-opus-5": 512, // [D] model page
    "claude-opus-4-8": 1024, // [S] LiteLLM docs 2026-10
    "claude-sonnet-5": 1024, // [S] LiteLLM docs 2026-10
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
  } as Readonly<Record<string, number>>,
  /** For models missing from the table. [U] */
  fallback: 1024,
  checkedOn: CHECKED,
  source: "Anthropic prompt-caching and model pages [D/S] (docs/provider-rules.md#anthropic-caching)",
} as const satisfies DatedSource & Record<string, unknown>;
