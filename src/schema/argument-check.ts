/**
 * A tool's input schema as a check on a model's arguments, with problems worded so a model can fix them: the
 * search facade's `call_tool` and local tools both check arguments before anything runs. Each caller gets its
 * own ajv pair (made on first compile), so a `$id` one caller registered never collides with another's.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import type { JsonObject } from "../spec/json.js";
import { type ArgumentCompilers, argumentCompilers } from "./argument-compilers.js";

/** Compiles a schema, or returns null when neither dialect accepts it (the arguments then go unchecked). */
export type ArgumentSchemaCompiler = (schema: JsonObject) => ValidateFunction | null;

/**
 * A compiler with its own ajv pair. `$schema` picks the dialect tried first (draft-04/06/07 → draft-07, else
 * 2020-12) and is dropped, so ajv never looks up a meta-schema it may not have.
 */
export function argumentSchemaCompiler(): ArgumentSchemaCompiler {
  let compilers: ArgumentCompilers | undefined;
  return (schema) => {
    compilers ??= argumentCompilers();
    const { $schema, ...body } = schema;
    const order =
      typeof $schema === "string" && /draft-0[467]/.test($schema)
        ? [compilers.draft7, compilers.draft2020]
        : [compilers.draft2020, compilers.draft7];
    for (const ajv of order) {
      try {
        return ajv.compile(body);
      } catch {
        // Try the other dialect; a schema neither accepts goes unchecked.
      }
    }
    return null;
  };
}

/** Why `args` failed `validate`: one line per distinct problem, at most 5, each naming where. */
export function argumentProblemLines(validate: ValidateFunction): string[] {
  const problems = (validate.errors ?? []).map(describeError);
  return [...new Set(problems)].slice(0, 5);
}

function describeError(error: ErrorObject): string {
  const at = error.instancePath === "" ? "arguments" : `arguments${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `${at}: missing required property "${String(params.missingProperty)}"`;
    case "additionalProperties":
      return `${at}: unexpected property "${String(params.additionalProperty)}" (not in the schema)`;
    case "enum":
      return `${at}: must be one of ${JSON.stringify(params.allowedValues)}`;
    default:
      return `${at}: ${error.message ?? "is invalid"}`;
  }
}
