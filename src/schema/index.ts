/**
 * Per-provider JSON Schema repair: one MCP `inputSchema` in, one schema the provider accepts out.
 *
 * `repairSchema(input, dialect, { maxRefDepth })` never throws and never mutates `input`:
 * - `{ ok: true, schema, warnings }`: `schema` is a fresh JSON object with `type: "object"` at the root;
 *   repairing it again with the same dialect returns the same schema and no warnings (the pipeline re-runs
 *   itself until it reaches that fixed point).
 * - `{ ok: false, reason, warnings }`: quarantine this one tool. Causes: the input is not an object schema
 *   (a string, number, array, `false`, a function; `null`/`undefined`/`true` instead mean "no arguments");
 *   it is too large (over 2,000,000 JSON values, or over 20,000 schema nodes once `$ref`s are inlined, even
 *   after halving the recursion depth); or, for `anthropic-strict`/`openai-strict` only, a part no strict
 *   grammar can express losslessly (free-form object, map, and for OpenAI also an untyped value or an array
 *   without `items`) or a size over the provider's strict limits. Those reasons start with
 *   `cannot be made strict:` and come with `strict-unrepresentable`/`strict-limit-exceeded` warnings: the
 *   prepare-tools step should then repair with `anthropic`/`openai` and send the tool with `strict: false`
 *   (OpenAI's documented behaviour for schemas strict mode cannot take).
 *
 * Every warning's `path` is a JSON pointer into the ORIGINAL schema (inside an inlined definition: the
 * definition's own location, e.g. `/$defs/Item/properties/url`); `code` is a stable `SchemaWarningCode`.
 * Lossless normalisations (`$schema`/`$id`/`$comment` removed, `true` → `{}`, zod's never-branches removed,
 * nested `anyOf` flattened, OpenAPI `nullable` ↔ a `"null"` type) are silent. Dropped value constraints are
 * appended to that node's `description`, e.g. `(format: uri; minimum: 1)`, so the model still sees them.
 *
 * Decisions the prepare-tools and dispatch steps rely on:
 * - Zero-argument tools: `gemini-openapi` returns `{type:"object"}` with no `properties` key (Gemini rejects
 *   empty `properties`, docs/provider-rules.md#regressions #30, and accepts this shape); the step may instead omit
 *   `parameters` when `schema.properties` is absent. Strict dialects return a closed empty object
 *   (`properties: {}`, `additionalProperties: false`, plus `required: []` for OpenAI).
 * - `openai-strict`: optional properties become required and nullable, so the model sends `null` for "not
 *   given"; each has an `optional-made-nullable` warning naming it. A server whose own schema forbids null
 *   needs those nulls removed before the call (a dispatch concern; paths inside inlined definitions name
 *   the definition, not each use).
 * - `anthropic-strict` keeps optional properties optional: Anthropic allows ≤24 optional parameters per
 *   request and counts every nullable union against ≤16. `strictBudget(schema)` returns both counts for the
 *   request-wide check; a tool that alone exceeds a cap is quarantined.
 * - `$ref` is inlined for every dialect except `mcp`; recursion is cut after `maxRefDepth` levels (default
 *   8) with a permissive schema of the definition's type, or a closed empty object in strict dialects.
 * - Gemini `parameters`: every node gets a type (an untyped "any value" node becomes `string`, a value the
 *   server still accepts); an array without items gets `items: {type:"string"}`; enums on number/boolean
 *   nodes move to the description (so the model keeps sending numbers), untyped or string enums with other
 *   members are stringified. Types stay lowercase (the API accepts both cases).
 */

export { cleanForAnthropic, isCleanForAnthropic } from "./needs-no-repair.js";
export type { SchemaWarningCode } from "./repair-context.js";
export { GEMINI_SCHEMA_FIELDS } from "./repair-for-gemini-openapi.js";
export {
  DEFAULT_MAX_REF_DEPTH,
  type RepairOptions,
  type RepairResult,
  repairSchema,
} from "./repair-schema.js";
export {
  anthropicStrictLimitProblem,
  openAIStrictLimitProblem,
  type StrictBudget,
  strictBudget,
} from "./strict-limits.js";
export { eachSubschema, type SchemaRecord } from "./walk-schema.js";
