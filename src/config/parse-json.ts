import { findJsonSyntaxError, lineAndColumn } from "./json-syntax.js";

export type ParsedJson =
  | { ok: true; value: unknown }
  | { ok: false; line: number; column: number; message: string };

/** Strict JSON (no comments, no trailing commas); a leading byte-order mark is ignored. */
export function parseJsonText(text: string): ParsedJson {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    // The SyntaxError is dropped on purpose: its message quotes the text around the error.
    const error = findJsonSyntaxError(body) ?? { offset: 0, message: "not valid JSON" };
    const offset = error.offset + (body === text ? 0 : 1);
    return { ok: false, ...lineAndColumn(text, offset), message: error.message };
  }
}
