import type { DatedSource } from "../../spec/provider-profile.js";

/**
 * OpenAI function-calling rules (Chat Completions and Responses share them) as dated data: read by schema repair
 * and the validators. Re-check them whenever OpenAI changes its docs.
 */

const CHECKED = "2026-11-30";

/** `format` values strict mode accepts (`uri` is rejected, unlike Anthropic). */
export const openaiStrictFormats = {
  values: ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"],
  checkedOn: CHECKED,
  source: "OpenAI structured-outputs supported schemas; `uri` rejected in can1357/oh-my-pi#206",
} as const satisfies DatedSource & Record<string, unknown>;

/**
 * Keywords strict mode is documented to accept (docs/provider-rules.md#openai-strict rules 1-4): what strict repair keeps. `allOf`
 * is merged, `oneOf` becomes `anyOf`; anything else is removed (value constraints into the description).
 */
export const openaiStrictKeywords = {
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
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "minItems",
    "maxItems",
  ],
  checkedOn: CHECKED,
  source: "OpenAI structured-outputs supported schemas (docs/provider-rules.md#openai-strict rules 1-4)",
} as const satisfies DatedSource & Record<string, unknown>;

/**
 * Keywords a strict function schema may not use (docs/provider-rules.md#openai-strict rule 4): what the validator reports. Strict repair
 * keeps none of them (a test ties the two lists).
 */
export const openaiStrictUnsupportedKeywords = {
  values: ["allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else", "default", "oneOf"],
  checkedOn: CHECKED,
  source: "OpenAI structured-outputs docs; docker/docker-agent#4106, dotnet/extensions#6266",
} as const satisfies DatedSource & Record<string, unknown>;

/** Structured Outputs size limits (docs/provider-rules.md#openai-strict rule 5). */
export const openaiStrictSizeLimits = {
  objectProperties: 5000,
  nestingDepth: 10,
  enumValues: 1000,
  totalChars: 120_000,
  largeEnumValues: 250,
  largeEnumChars: 15_000,
  checkedOn: CHECKED,
  source: "platform.openai.com structured-outputs#supported-schemas (older docs: 100 properties, 5 levels)",
} as const satisfies DatedSource & Record<string, unknown>;
