import type { DatedSource } from "../../spec/provider-profile.js";

/**
 * Gemini `functionDeclarations[].parameters` rules as dated data: read by schema repair and the validators.
 * Re-check them whenever Google changes the `Schema` proto or its docs.
 */

const CHECKED = "2026-11-30";

/** What a Gemini `Schema` field holds, as the proto parser reads it. */
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

/**
 * Gemini `parameters` is an OpenAPI `Schema` proto: its JSON field names (both spellings) → value kind, and its
 * type names. Any other key is a 400. The validator parses with this table; repair keeps the camelCase names.
 */
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
} satisfies DatedSource & Record<string, unknown>;

/** Formats Gemini accepts per type in `parameters` (2.x behaviour; newer models may allow more [U]). */
export const geminiFormats = {
  byType: {
    STRING: ["enum", "date-time"],
    NUMBER: ["float", "double"],
    INTEGER: ["int32", "int64"],
  } as Readonly<Record<string, readonly string[]>>,
  checkedOn: CHECKED,
  source: "google-gemini/gemini-cli#2237 (STRING, observed); NUMBER/INTEGER from the js-genai Schema docs",
} satisfies DatedSource & Record<string, unknown>;
