/**
 * A local tool's JSON Schema, as a check on the model's arguments before `execute` runs: an MCP server checks
 * its own arguments, and a local tool has nobody else to. Compiled on the first call; patterns run in linear
 * time; a schema Ajv cannot compile is not checked (execute still gets the arguments).
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { type ArgumentCompilers, argumentCompilers } from "../schema/argument-compilers.js";
import type { JsonObject } from "../spec/json.js";
import type { CheckedArguments } from "./local-tool.js";

let compilers: ArgumentCompilers | undefined;

/** A checker for `schema`, compiled lazily once. */
export function jsonArgumentChecker(schema: JsonObject): (args: Record<string, unknown>) => CheckedArguments {
  let validate: ValidateFunction | null | undefined;
  return (args) => {
    validate ??= compile(schema);
    if (validate === null || validate(args)) return { ok: true, value: args };
    const problems = (validate.errors ?? []).map(describeError);
    return { ok: false, problems: [...new Set(problems)].slice(0, 5) };
  };
}

function compile(schema: JsonObject): ValidateFunction | null {
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
