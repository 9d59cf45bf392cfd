/** Small readers shared by the per-provider request views. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Text of a content value in any of the providers' shapes: a string; an array of parts where text parts
 * (`{type:"text"|"input_text"|"output_text", text}` or Gemini `{text}`) contribute their text and other parts
 * their JSON; anything else as JSON.
 */
export function textOf(content: unknown): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : JSON.stringify(part)))
      .join("\n");
  }
  return JSON.stringify(content);
}
