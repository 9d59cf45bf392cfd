/** What a local tool's `execute` returned, as an MCP `CallToolResult` (dispatch maps it like a server's). */

/** A string is one text part; `{ content: [...] }` is MCP-style already; any other value travels as JSON. */
export function toCallResult(value: unknown): {
  content: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
} {
  if (value === undefined) return { content: [] };
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  if (isRecord(value) && Array.isArray(value.content)) {
    return {
      content: value.content,
      ...(value.structuredContent === undefined ? {} : { structuredContent: value.structuredContent }),
      ...(value.isError === true ? { isError: true } : {}),
    };
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      isError: true,
      content: [{ type: "text", text: `The tool returned a value that is not JSON: ${why}` }],
    };
  }
  if (text === undefined) {
    return {
      isError: true,
      content: [{ type: "text", text: `The tool returned a ${typeof value}, not a JSON value` }],
    };
  }
  // An object result is also the structured result, as a server with an outputSchema would send it.
  return isRecord(value)
    ? { content: [{ type: "text", text }], structuredContent: JSON.parse(text) as unknown }
    : { content: [{ type: "text", text }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
