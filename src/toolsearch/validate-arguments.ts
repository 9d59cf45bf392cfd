/**
 * Checks `call_tool` arguments against the real tool's input schema before anything reaches a server, so the
 * model gets a precise, fixable error instead of a server's opaque rejection. Validators are compiled on first
 * use and cached by the schema's content; a schema Ajv cannot compile is not checked (the server still is).
 * Patterns run in linear time (a server's `^(a+)+$` froze the event loop); one that needs a backtracking engine
 * is not enforced here, and the server still checks it.
 */
import { createHash } from "node:crypto";
import type { ErrorObject, ValidateFunction } from "ajv";
import { type ArgumentCompilers, argumentCompilers } from "../schema/argument-compilers.js";
import type { JsonObject } from "../spec/json.js";

/** Made at the first check: ajv loads then, not at import. */
let compilers: ArgumentCompilers | undefined;
const validators = new Map<string, ValidateFunction | null>();
const MAX_CACHED = 5_000;

/** Why `args` do not fit `schema` (one line per problem, at most 5), or undefined when they fit. */
export function argumentProblems(schema: JsonObject, args: Record<string, unknown>): string[] | undefined {
  const validate = validatorFor(schema);
  if (validate === undefined || validate(args)) return undefined;
  const problems = (validate.errors ?? []).map(describeError);
  return [...new Set(problems)].slice(0, 5);
}

function validatorFor(schema: JsonObject): ValidateFunction | undefined {
  const text = JSON.stringify(schema);
  const key = createHash("sha256").update(text).digest("hex");
  const cached = validators.get(key);
  if (cached !== undefined) return cached ?? undefined;
  if (validators.size >= MAX_CACHED) validators.clear();
  // `$schema` would make Ajv look up a meta-schema it may not have; the dialect is chosen here instead.
  const { $schema, ...body } = schema;
  compilers ??= argumentCompilers();
  const { draft2020, draft7 } = compilers;
  const dialects =
    typeof $schema === "string" && /draft-0[467]/.test($schema) ? [draft7, draft2020] : [draft2020, draft7];
  let compiled: ValidateFunction | null = null;
  for (const ajv of dialects) {
    try {
      compiled = ajv.compile(body);
      break;
    } catch {
      // Try the other dialect; a schema neither accepts goes unchecked.
    }
  }
  validators.set(key, compiled);
  return compiled ?? undefined;
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
