import type { ProfileIdOf } from "./provider-id.js";

/** Identifiers of the name-rule and schema-dialect profiles switchboard knows (a view of `ProviderId`). */
export type ProfileId = ProfileIdOf;

/**
 * The schema dialect a profile's `schema/` repair targets.
 * - `anthropic`: JSON Schema 2020-12, root `type: "object"`, no root combinators.
 * - `anthropic-strict`: the grammar-compiled subset behind `strict: true`.
 * - `openai`: non-strict function parameters (root object, arrays need `items`).
 * - `openai-strict`: Structured Outputs subset (closed objects, every key required, limited formats).
 * - `gemini-openapi`: Gemini `parameters` (an OpenAPI 3.0 `Schema` proto subset; unknown keys are rejected).
 * - `gemini-json-schema`: Gemini `parametersJsonSchema` (a JSON Schema subset).
 * - `mcp`: any JSON Schema object; used when switchboard serves tools to another MCP client.
 */
export type SchemaDialect =
  | "anthropic"
  | "anthropic-strict"
  | "openai"
  | "openai-strict"
  | "gemini-openapi"
  | "gemini-json-schema"
  | "mcp";

/** What a provider accepts as a tool (function) name. */
export interface NameRule {
  /** Regular expression source for one whole legal name, e.g. `^[a-zA-Z0-9_-]{1,128}$`. */
  pattern: string;
  /** Characters allowed anywhere in a name, as a regex character-class body, e.g. `a-zA-Z0-9_-`. */
  allowedChars: string;
  /** Characters allowed as the first character (class body); absent means same as `allowedChars`. */
  firstChars?: string;
  maxLength: number;
}

/** A dated fact with where it came from: provider rules drift, so every number says when it was checked. */
export interface DatedSource {
  checkedOn: string;
  source: string;
}

/** What one provider accepts in tool definitions: name rules, schema dialect and limits. */
export interface ProviderProfile {
  id: ProfileId;
  /** Human label, e.g. "Anthropic Messages". */
  label: string;
  name: NameRule & DatedSource;
  dialect: SchemaDialect;
  /** Largest tools array the provider accepts, when it documents or enforces one. */
  maxTools?: { count: number } & DatedSource;
  /** Whether tools carry `strict: true` in this profile. */
  strict: boolean;
}
