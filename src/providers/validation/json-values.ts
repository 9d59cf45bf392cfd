/** Small predicates over untyped JSON input: validators receive `unknown` straight off the wire. */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function hasOwn(value: JsonRecord, key: string): boolean {
  return Object.hasOwn(value, key);
}

/** The JSON type name of a value, as JSON Schema spells it (`integer` for whole numbers). */
export function jsonTypeOf(
  value: unknown,
): "null" | "boolean" | "integer" | "number" | "string" | "array" | "object" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  return "object";
}

/** `type` as a list of names: `"string"` → `["string"]`, `["string","null"]` unchanged, anything else → `[]`. */
export function schemaTypes(schema: JsonRecord): string[] {
  const type = schema.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return [];
}
