/**
 * Python `repr()` of JSON values. OpenAI's schema validator is Python: its messages embed `repr(instance)`
 * (`'object' is not of type 'object', 'boolean'`) and context tuples (`('properties', 'texts')`), so the
 * emulator must print values the way CPython does.
 */

export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return pythonNumber(value);
  if (typeof value === "string") return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${pythonString(k)}: ${pythonRepr(v)}`).join(", ")}}`;
  }
  return pythonString(String(value));
}

/** `str()` rather than `repr()`: strings print bare, everything else as repr (f-string interpolation). */
export function pythonStr(value: unknown): string {
  return typeof value === "string" ? value : pythonRepr(value);
}

/** A Python tuple of strings: `()`, `('a',)`, `('a', 'b')`. */
export function pythonTuple(items: readonly string[]): string {
  if (items.length === 0) return "()";
  if (items.length === 1) return `(${pythonString(items[0] as string)},)`;
  return `(${items.map(pythonString).join(", ")})`;
}

function pythonNumber(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  return String(value);
}

/** CPython's string repr: single quotes unless the text has `'` and no `"`; control characters escaped. */
export function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return out + quote;
}
