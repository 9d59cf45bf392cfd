import { resolveLocalRef } from "./json-pointer.js";
import type { JsonRecord } from "./json-values.js";
import { walkSchema } from "./schema-walk.js";

/**
 * Gemini's check on `parametersJsonSchema` (docs/provider-rules.md#gemini-json-schema): unknown keywords are ignored [U], but every
 * `$ref` must resolve inside the schema. The observed message names no declaration, only the JSON path of the
 * node holding the reference: `reference to undefined schema at properties.language` [O agent-infra/sandbox#83].
 */
export function geminiJsonSchemaProblem(schema: JsonRecord): string | undefined {
  for (const { node, path } of walkSchema(schema)) {
    if (typeof node.$ref !== "string") continue;
    if (resolveLocalRef(schema, node.$ref).kind !== "local") {
      return `reference to undefined schema at ${path.length > 0 ? path.join(".") : "root"}`; // root form [U]
    }
  }
  return undefined;
}
