import { defineKey } from "../schema/json-utils.js";
import type { JsonValue } from "../spec/json.js";

/**
 * Canonical form of a JSON Schema for byte-stable serialisation: object keys sorted (so a server that reorders
 * keys does not change a byte), `required` sorted and de-duplicated (it is a set). Every other array keeps its
 * order: `enum`, `items` tuples, `anyOf` branches and `type` lists carry meaning in their order for the model.
 * Returns a new value; the input is not touched.
 */
export function canonicalSchema(value: JsonValue, options: { freeze?: boolean } = {}): JsonValue {
  return canonicalise(value, undefined, options.freeze === true);
}

/** `freeze`: every array and object is frozen as it is made (one walk instead of a copy and a deep freeze). */
function canonicalise(value: JsonValue, key: string | undefined, freeze: boolean): JsonValue {
  if (Array.isArray(value)) {
    if (key === "required" && value.every((item) => typeof item === "string")) {
      return done([...new Set(value as string[])].sort(), freeze);
    }
    return done(
      value.map((item) => canonicalise(item, undefined, freeze)),
      freeze,
    );
  }
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: JsonValue } = {};
    for (const name of Object.keys(value).sort()) {
      defineKey(out, name, canonicalise(value[name] as JsonValue, name, freeze));
    }
    return done(out, freeze);
  }
  return value;
}

function done<T extends object>(value: T, freeze: boolean): T {
  return freeze ? Object.freeze(value) : value;
}
