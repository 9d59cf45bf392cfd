import type { z } from "zod";
import type { ConfigIssue } from "../errors.js";
import { typeName } from "./describe-value.js";
import { formatJsonPath } from "./json-path.js";
import { closestMatch } from "./suggest.js";

/** Keys other tools accept that switchboard knowingly does not (yet): a clearer message than "unknown key". */
const UNSUPPORTED_KEYS: Readonly<Record<string, string>> = {
  envFile: '"envFile" is not supported yet; list the variables under "env" instead',
};

const EXPECTED_NAMES: Readonly<Record<string, string>> = { record: "object", int: "integer" };

/** Per-parse zod error map: "expected X, got Y" wording, without the input's value. */
export function zodErrorMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      const expected = EXPECTED_NAMES[issue.expected] ?? issue.expected;
      return issue.input === undefined
        ? `expected ${expected}, but the key is missing`
        : `expected ${expected}, got ${typeName(issue.input)}`;
    }
    case "invalid_value": {
      // The value is not echoed (invariant: nothing leaks); a near miss gets a suggestion instead.
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(", ");
      const input = issue.input;
      const got = typeof input === "string" ? "another string" : typeName(input);
      const suggestion =
        typeof input === "string" ? closestMatch(input, issue.values.map(String), 2) : undefined;
      const hint = suggestion === undefined ? "" : `; did you mean ${JSON.stringify(suggestion)}?`;
      return `expected one of ${allowed}, got ${got}${hint}`;
    }
    case "too_small":
      return issue.origin === "string" ? "expected a non-empty string" : undefined;
    default:
      return undefined;
  }
}

/** Zod issues as ConfigIssues; an `unrecognized_keys` issue becomes one issue per key, at the key's own path. */
export function toConfigIssues(issues: readonly z.core.$ZodIssue[], schema: z.core.$ZodType): ConfigIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== "unrecognized_keys")
      return [{ path: formatJsonPath(issue.path), message: issue.message }];
    const known = knownKeysAt(schema, issue.path);
    return issue.keys.map((key) => ({
      path: formatJsonPath([...issue.path, key]),
      message: unknownKeyMessage(key, known),
    }));
  });
}

function unknownKeyMessage(key: string, known: readonly string[]): string {
  const unsupported = Object.hasOwn(UNSUPPORTED_KEYS, key) ? UNSUPPORTED_KEYS[key] : undefined;
  if (unsupported !== undefined) return unsupported;
  const suggestion = closestMatch(key, known);
  if (suggestion !== undefined)
    return `unknown key ${JSON.stringify(key)}; did you mean ${JSON.stringify(suggestion)}?`;
  return `unknown key ${JSON.stringify(key)}; expected one of: ${known.join(", ")}`;
}

/** The subset of zod 4's schema definitions needed to walk from the root to the object at a path. */
interface DefLike {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  valueType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType): DefLike => schema._zod.def as unknown as DefLike;

/** Strip wrappers (optional, pipe/transform, default) down to the schema that decides the shape. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    const inner = def.innerType ?? def.in;
    if (inner === undefined) return current;
    current = inner;
  }
}

/** Keys the object schema at `path` accepts, in declaration order; [] if the path does not lead to an object. */
export function knownKeysAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.core.$ZodType | undefined = unwrap(schema);
  for (const segment of path) {
    const def = defOf(current);
    if (def.type === "object") current = def.shape?.[String(segment)];
    else if (def.type === "record") current = def.valueType;
    else if (def.type === "array") current = def.element;
    else current = undefined;
    if (current === undefined) return [];
    current = unwrap(current);
  }
  return Object.keys(defOf(current).shape ?? {});
}
