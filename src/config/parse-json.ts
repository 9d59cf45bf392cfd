import { findJsonSyntaxError, lineAndColumn } from "./json-syntax.js";
import { jsoncToJson } from "./jsonc-to-json.js";

export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; line: number; column: number; message: string };

/**
 * JSON, with comments and trailing commas allowed (JSONC, as VS Code writes `mcp.json`); a leading byte-order
 * mark is ignored. Strict JSON takes one `JSON.parse`; only text it refuses is scanned for comments.
 */
export function parseJsonText(text: string): ParsedJson {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const shift = body === text ? 0 : 1;
  const strict = tryParse(body);
  if (strict.ok) return strict;
  const plain = jsoncToJson(body);
  if (!plain.ok) return { ok: false, ...lineAndColumn(text, plain.offset + shift), message: plain.message };
  if (plain.text !== body) {
    const relaxed = tryParse(plain.text);
    if (relaxed.ok) return relaxed;
  }
  // The SyntaxError is dropped on purpose: its message quotes the text around the error.
  const error = findJsonSyntaxError(plain.text) ?? { offset: 0, message: "not valid JSON" };
  return { ok: false, ...lineAndColumn(text, error.offset + shift), message: error.message };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
