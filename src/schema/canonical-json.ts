/**
 * Canonical JSON text for identity: a copy with every object's keys sorted by UTF-16 code unit, stringified with
 * no whitespace, `undefined` members omitted, arrays in order. Two definitions are "the same" exactly when their
 * canonical JSON is equal, whatever their key order (catalogue diffs, pins, the gateway's listing bytes).
 * Stringifying a copy puts integer-like keys first (`{"0":…,"":…}`), as JavaScript orders them; repair's
 * `canonicalText` (schema/json-utils.ts) writes the text itself in strict code-unit order. They agree on every
 * other value; each keeps its own bytes because pins and tools arrays already carry them. A schema's canonical
 * *value* (with `required` read as a set) is `canonicalSchema` in toolset/canonical-schema.ts.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value)) ?? "null";
}

function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonicalize(item)));
  if (value !== null && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      // A `__proto__` member (JSON.parse makes it an own property) must stay a member, not become the prototype.
      if (key === "__proto__")
        Object.defineProperty(sorted, key, { value: canonicalize(member), enumerable: true });
      else sorted[key] = canonicalize(member);
    }
    return sorted;
  }
  return value;
}
