/** Names of JSON value types for "expected X, got Y" messages. Never the value itself: it may be a secret. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
