import type { DatedSource } from "../../spec/provider-profile.js";

/**
 * Validator rules that are not on the provider profiles (name rules and tool counts are: see ../profiles.ts).
 * Dated data with sources, per docs/provider-rules.md; re-check them whenever a provider changes its docs.
 */

const CHECKED = "2026-11-30";

export const anthropicStrictLimits = {
  strictTools: 20,
  optionalParams: 24,
  unionParams: 16,
  checkedOn: CHECKED,
  source:
    "Anthropic strict-tool-use docs via providers.md §1.3.2; genkit-ai/genkit#5230, elizaOS/eliza#16499",
} as const satisfies DatedSource & Record<string, unknown>;

export const anthropicCacheBreakpoints = {
  max: 4,
  checkedOn: CHECKED,
  source: "Anthropic prompt-caching docs (providers.md §1.6.2); error text in tghamm/Anthropic.SDK#50",
} as const satisfies DatedSource & Record<string, unknown>;

/** String formats the Anthropic grammar compiler supports under `strict: true` (docs/provider-rules.md#anthropic-strict rule 3). */
export const anthropicStrictFormats = {
  values: ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"],
  checkedOn: CHECKED,
  source: "GoModel#963 quoting the Anthropic structured-outputs docs",
} as const satisfies DatedSource & Record<string, unknown>;

/** Keywords rejected under Anthropic `strict: true`, per the JSON type they constrain (docs/provider-rules.md#anthropic-strict rule 4, #keywords). */
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

export const openaiStrictFormats = {
  values: ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"],
  checkedOn: CHECKED,
  source: "OpenAI structured-outputs supported schemas; `uri` rejected in can1357/oh-my-pi#206",
} as const satisfies DatedSource & Record<string, unknown>;

/** Keywords a strict OpenAI function schema may not use (docs/provider-rules.md#openai-strict rule 4). */
export const openaiStrictUnsupportedKeywords = {
  values: ["allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else", "default", "oneOf"],
  checkedOn: CHECKED,
  source: "OpenAI structured-outputs docs; docker/docker-agent#4106, dotnet/extensions#6266",
} as const satisfies DatedSource & Record<string, unknown>;

export const openaiStrictSizeLimits = {
  objectProperties: 5000,
  nestingDepth: 10,
  enumValues: 1000,
  totalChars: 120_000,
  largeEnumValues: 250,
  largeEnumChars: 15_000,
  checkedOn: CHECKED,
  source: "OpenAI structured-outputs docs (older docs: 100 properties, 5 levels)",
} as const satisfies DatedSource & Record<string, unknown>;

/** Gemini `parameters` is an OpenAPI `Schema` proto: JSON field names (both spellings) → value kind. */
export type GeminiFieldKind =
  | "type"
  | "string"
  | "bool"
  | "int64"
  | "double"
  | "strings"
  | "map"
  | "schema"
  | "schemas"
  | "value";

export const geminiSchemaFields = {
  fields: {
    type: "type",
    format: "string",
    title: "string",
    description: "string",
    pattern: "string",
    nullable: "bool",
    enum: "strings",
    required: "strings",
    propertyOrdering: "strings",
    property_ordering: "strings",
    maxItems: "int64",
    max_items: "int64",
    minItems: "int64",
    min_items: "int64",
    minProperties: "int64",
    min_properties: "int64",
    maxProperties: "int64",
    max_properties: "int64",
    minLength: "int64",
    min_length: "int64",
    maxLength: "int64",
    max_length: "int64",
    minimum: "double",
    maximum: "double",
    properties: "map",
    items: "schema",
    anyOf: "schemas",
    any_of: "schemas",
    example: "value",
    default: "value",
  } as Readonly<Record<string, GeminiFieldKind>>,
  types: ["TYPE_UNSPECIFIED", "STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"],
  checkedOn: CHECKED,
  source:
    "googleapis/js-genai@6e9b35c src/types.ts `Schema`; unknown-name errors in openswarm-ai/openswarm#24",
};

/** Formats Gemini accepts per type in `parameters` (2.x behaviour; newer models may allow more [U]). */
export const geminiFormats = {
  byType: {
    STRING: ["enum", "date-time"],
    NUMBER: ["float", "double"],
    INTEGER: ["int32", "int64"],
  } as Readonly<Record<string, readonly string[]>>,
  checkedOn: CHECKED,
  source: "google-gemini/gemini-cli#2237 (STRING, observed); NUMBER/INTEGER from the js-genai Schema docs",
};

/**
 * Context windows (input + output tokens a request may span) by model-id prefix, longest prefix first, and per
 * provider family when the model is not listed. Used to say how much of the window the tool definitions take.
 * Conservative where a larger window needs an opt-in (Anthropic's 1M beta): a warning that fires early is cheaper
 * than a request that fails.
 */
export const contextWindows = {
  byPrefix: [
    ["gpt-4.1", 1_047_576],
    ["gpt-4o", 128_000],
    ["gpt-5", 400_000],
    ["o3", 200_000],
    ["o4", 200_000],
    ["claude-", 200_000],
    ["gemini-", 1_048_576],
  ] as readonly (readonly [prefix: string, tokens: number])[],
  byFamily: { anthropic: 200_000, openai: 128_000, gemini: 1_048_576 } as Readonly<Record<string, number>>,
  checkedOn: CHECKED,
  source:
    "[S] provider model pages (Anthropic models overview: 200k standard, 1M beta; OpenAI model pages; Gemini models page)",
};

/**
 * Request-level limits checked where the request is built (toolset/request-limits.ts). `warnShare`: the share of
 * the context window the tool definitions may take before switchboard warns; above half, a long conversation or
 * a large tool result can no longer fit, and the cost of every request is mostly tool definitions. Anthropic
 * documents no cap on plain tools (10,000 with tool search); the OpenAI and Gemini caps are on the profiles.
 */
export const requestLimits = {
  warnShare: 0.5,
  checkedOn: CHECKED,
  source: "providers.md §0 (max tools row), §2.1.2, §3.1.4",
} as const satisfies DatedSource & Record<string, unknown>;
