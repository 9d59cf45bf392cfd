/**
 * Tool descriptions, schemas and server instructions are written by servers, not by the user: shown in a
 * terminal they could carry escape sequences (recolour, move the cursor, hide lines, rewrite the title),
 * bidirectional overrides that make text read differently from what it is, or invisible characters. Before such
 * text is printed it is made inert: every control, bidi and invisible formatting character becomes a visible
 * `\u{…}` escape, so what the user approves is what is there.
 */
// C0 and C1 controls (ESC included), DEL, bidi embeddings/overrides/isolates, zero-width and BOM characters.
const hazardous =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;
const anyHazardous = new RegExp(hazardous.source, "u");

/** Text safe to print: controls and invisible formatting shown as `\u{hex}`. Newlines and tabs are kept. */
export function untrustedText(text: string): string {
  return text.replace(hazardous, (char) => `\\u{${char.codePointAt(0)?.toString(16)}}`);
}

/** True when `untrustedText` would change `text`. */
export function hasUntrustedCharacters(text: string): boolean {
  return anyHazardous.test(text);
}

/** The same, on one line: newlines and tabs are shown as escapes too. */
export function untrustedLine(text: string): string {
  return untrustedText(text).replace(/[\n\t]/g, (char) => (char === "\n" ? "\\n" : "\\t"));
}
