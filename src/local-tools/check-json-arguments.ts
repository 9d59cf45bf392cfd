/**
 * A local tool's JSON Schema, as a check on the model's arguments before `execute` runs: an MCP server checks
 * its own arguments, and a local tool has nobody else to. Compiled on the first call; patterns run in linear
 * time; a schema Ajv cannot compile is not checked (execute still gets the arguments).
 */
import type { ValidateFunction } from "ajv";
import { argumentProblemLines, argumentSchemaCompiler } from "../schema/argument-check.js";
import type { JsonObject } from "../spec/json.js";
import type { CheckedArguments } from "./local-tool.js";

const compile = argumentSchemaCompiler();

/** A checker for `schema`, compiled lazily once. */
export function jsonArgumentChecker(schema: JsonObject): (args: Record<string, unknown>) => CheckedArguments {
  let validate: ValidateFunction | null | undefined;
  return (args) => {
    validate ??= compile(schema);
    if (validate === null || validate(args)) return { ok: true, value: args };
    return { ok: false, problems: argumentProblemLines(validate) };
  };
}
