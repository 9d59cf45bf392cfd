/**
 * Checks `call_tool` arguments against the real tool's input schema before anything reaches a server, so the
 * model gets a precise, fixable error instead of a server's opaque rejection. Validators are compiled on first
 * use and cached by the schema's content; a schema Ajv cannot compile is not checked (the server still is).
 * Patterns run in linear time (a server's `^(a+)+$` froze the event loop); one that needs a backtracking engine
 * is not enforced here, and the server still checks it.
 */
import { createHash } from "node:crypto";
import type { ValidateFunction } from "ajv";
import { argumentProblemLines, argumentSchemaCompiler } from "../schema/argument-check.js";
import type { JsonObject } from "../spec/json.js";

/** Its own ajv pair, made at the first check: ajv loads then, not at import. */
const compile = argumentSchemaCompiler();
const validators = new Map<string, ValidateFunction | null>();
const MAX_CACHED = 5_000;

/** Why `args` do not fit `schema` (one line per problem, at most 5), or undefined when they fit. */
export function argumentProblems(schema: JsonObject, args: Record<string, unknown>): string[] | undefined {
  const validate = validatorFor(schema);
  if (validate === undefined || validate(args)) return undefined;
  return argumentProblemLines(validate);
}

function validatorFor(schema: JsonObject): ValidateFunction | undefined {
  const key = createHash("sha256").update(JSON.stringify(schema)).digest("hex");
  const cached = validators.get(key);
  if (cached !== undefined) return cached ?? undefined;
  if (validators.size >= MAX_CACHED) validators.clear();
  const compiled = compile(schema);
  validators.set(key, compiled);
  return compiled ?? undefined;
}
