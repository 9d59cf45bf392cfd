import type { JsonValue } from "../spec/json.js";
import type { ToolContent } from "../spec/tool-call.js";

export interface MappedResult {
  content: ToolContent[];
  isError: boolean;
  structuredContent?: JsonValue;
  /** Set when the result itself was not a usable CallToolResult. */
  malformed?: string;
}

/**
 * MCP `CallToolResult` → provider-neutral content, losslessly for the five MCP content types. A part this
 * version does not know, or one missing a required field, becomes a short text note rather than failing the
 * call. `structuredContent` is kept, and becomes the content (as JSON text) when the tool sent no content.
 */
export function mapMcpResult(raw: unknown): MappedResult {
  if (!isRecord(raw)) {
    return { content: [], isError: true, malformed: `the server's result is not an object (${kindOf(raw)})` };
  }
  const parts = Array.isArray(raw.content) ? raw.content : [];
  const content = parts.map(mapPart);
  const mapped: MappedResult = { content, isError: raw.isError === true };
  if (raw.structuredContent !== undefined) {
    const json = toJson(raw.structuredContent);
    if (json !== undefined) {
      mapped.structuredContent = json;
      if (content.length === 0) content.push({ type: "text", text: JSON.stringify(json) });
    }
  }
  return mapped;
}

function mapPart(part: unknown): ToolContent {
  if (!isRecord(part)) return note(`a content part that is not an object (${kindOf(part)})`);
  switch (part.type) {
    case "text":
      return typeof part.text === "string"
        ? { type: "text", text: part.text }
        : note("a text part without text");
    case "image":
    case "audio":
      if (typeof part.data !== "string" || typeof part.mimeType !== "string") {
        return note(`an ${part.type} part without data or mimeType`);
      }
      return { type: part.type, data: part.data, mimeType: part.mimeType };
    case "resource":
      return resourcePart(part.resource);
    case "resource_link": {
      if (typeof part.uri !== "string") return note("a resource_link without a uri");
      const link: Extract<ToolContent, { type: "resource_link" }> = {
        type: "resource_link",
        uri: part.uri,
        name: typeof part.name === "string" ? part.name : part.uri,
      };
      if (typeof part.title === "string") link.title = part.title;
      if (typeof part.description === "string") link.description = part.description;
      if (typeof part.mimeType === "string") link.mimeType = part.mimeType;
      if (typeof part.size === "number") link.size = part.size;
      return link;
    }
    default:
      return note(`a content part of unsupported type ${JSON.stringify(String(part.type)).slice(0, 60)}`);
  }
}

function resourcePart(resource: unknown): ToolContent {
  if (!isRecord(resource) || typeof resource.uri !== "string")
    return note("an embedded resource without a uri");
  const mime = typeof resource.mimeType === "string" ? { mimeType: resource.mimeType } : {};
  if (typeof resource.text === "string")
    return { type: "resource", uri: resource.uri, ...mime, text: resource.text };
  if (typeof resource.blob === "string")
    return { type: "resource", uri: resource.uri, ...mime, blob: resource.blob };
  return note(`the embedded resource ${resource.uri} without text or blob`);
}

function note(what: string): ToolContent {
  return { type: "text", text: `[The server sent ${what}; it was left out.]` };
}

/** A JSON round trip: drops what JSON cannot carry, and rejects what it cannot encode at all. */
function toJson(value: unknown): JsonValue | undefined {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as JsonValue);
  } catch {
    return undefined;
  }
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : typeof value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
