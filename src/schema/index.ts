/**
 * Per-provider JSON Schema repair: one MCP `inputSchema` in, one schema the provider accepts out.
 *
 * `repairSchema(input, dialect, { maxRefDepth })` never throws and never mutates `input`:
 * - `{ ok: true, schema, warnings }`: `schema` is a fresh JSON object for `dialect`; repairing it again
 *   returns the same schema and no warnings (idempotent).
 * - `{ ok: false, reason, warnings }`: quarantine this one tool. Causes: the input is not an object schema
 *   (a string, array, number or `false`; `null`/`undefined`/`true` instead mean "no arguments"), it is too
 *   large (over 2,000,000 JSON values, or over 50,000 nodes after inlining `$ref` at depth 1), or, for
 *   `anthropic-strict`/`openai-strict` only, it has a part no strict grammar can express losslessly. Those
 *   reasons start with `cannot be made strict:` and come with `strict-unrepresentable` (or
 *   `strict-limit-exceeded`) warnings: the prepare-tools step should then send the tool non-strict (repair
 *   with `anthropic`/`openai` and `strict: false`), which is OpenAI's documented behaviour.
 *
 * Every warning's `path` is a JSON pointer into the ORIGINAL schema (for inlined definitions: the
 * definition's own location, e.g. `/$defs/Item/properties/url`); `code` is a `SchemaWarningCode`. Dropped
 * value constraints are appended to that node's `description` (e.g. `(format: uri; minimum: 1)`).
 *
 * Decisions the prepare-tools step relies on:
 * - Zero-argument tools: `gemini-openapi` returns `{type:"object"}` with no `properties` key (Gemini rejects
 *   empty `properties`, providers.md §9 #30, and accepts this shape); the step may also omit `parameters`
 *   when `schema.properties` is absent. Strict dialects return `{type:"object", properties:{},
 *   additionalProperties:false}` (plus `required: []` for OpenAI). Other dialects keep what the server sent.
 * - `openai-strict`: optional properties become required + nullable, so the model sends `null` for "not
 *   given"; each such property has an `optional-made-nullable` warning whose path names it, so the dispatch
 *   step can delete `null` arguments there before calling a server whose schema does not allow null.
 * - `anthropic-strict` keeps optional properties optional (Anthropic allows ≤24 optional parameters per
 *   request and counts every nullable union against ≤16); `strictBudget(schema)` gives both counts.
 * - `$ref` is inlined for every dialect except `mcp`; recursion is cut after `maxRefDepth` levels (a
 *   permissive schema of the definition's type, or a closed empty object in strict dialects).
 * - Gemini enums on number/boolean nodes move to the description (the model keeps sending numbers);
 *   string or untyped enums with non-string members are stringified.
 */

export type { SchemaWarningCode } from "./repair-context.js";
export { ANTHROPIC_STRICT_FORMATS } from "./repair-for-anthropic.js";
export { GEMINI_SCHEMA_FIELDS } from "./repair-for-gemini-openapi.js";
export { OPENAI_STRICT_FORMATS } from "./repair-for-openai.js";
export {
  DEFAULT_MAX_REF_DEPTH,
  type RepairOptions,
  type RepairResult,
  repairSchema,
} from "./repair-schema.js";
export {
  ANTHROPIC_STRICT_LIMITS,
  anthropicStrictLimitProblem,
  OPENAI_STRICT_LIMITS,
  openAIStrictLimitProblem,
  strictBudget,
} from "./strict-limits.js";
