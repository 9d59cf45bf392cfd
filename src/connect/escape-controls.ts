/** C0 and C1 control characters as `\u00XX`. */
export function escapeControls(text: string): string {
  let out = "";
  for (const c of text) {
    const code = c.charCodeAt(0);
    out += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? `\\u${code.toString(16).padStart(4, "0")}` : c;
  }
  return out;
}
