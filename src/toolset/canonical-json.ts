import type { JsonValue } from "../spec/json.js";

/**
 * Canonical form of a JSON Schema for byte-stable serialisation: object keys sorted (so a server that reorders
 * keys does not change a byte), `required` sorted and de-duplicated (it is a set). Every other array keeps its
 * order: `enum`, `items` tuples, `anyOf` branches and `type` lists carry meaning in their order for the model.
 * Returns a new value; the input is not touched.
 */
export function canonicalSchema(value: JsonValue): JsonValue {
  return canonicalise(value, undefined);
}

function canonicalise(value: JsonValue, key: string | undefined): JsonValue {
  if (Array.isArray(value)) {
    if (key === "required" && value.every((item) => typeof item === "string")) {
      return [...new Set(value as string[])].sort();
    }
    return value.map((item) => canonicalise(item, undefined));
  }
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: JsonValue } = {};
    for (const name of Object.keys(value).sort()) {
      out[name] = canonicalise(value[name] as JsonValue, name);
    }
    return out;
  }
  return value;
}
