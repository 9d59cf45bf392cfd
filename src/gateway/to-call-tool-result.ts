/**
 * A dispatched call → the MCP `CallToolResult` the downstream client receives. A result the server produced
 * (`ok` or its own `isError`), untruncated, goes through as the server sent it (annotations, `_meta` and all), with
 * URIs made downstream; every other outcome (unknown or stale tool, timeout, crash, protocol error, abort, denial,
 * truncation) is dispatch's own answer with `isError: true` — the same text the agent loop would show a model.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { ToolContent, ToolResult } from "../spec/tool-call.js";
import { rewriteCallResult, rewriteContentBlock, type UriMap } from "./rewrite-uris.js";

export function toCallToolResult(result: ToolResult, raw: unknown, map: UriMap): CallToolResult {
  const fromServer = result.outcome === "ok" || result.outcome === "tool-error";
  if (fromServer && result.truncated === undefined && isRecord(raw) && Array.isArray(raw.content)) {
    const passed: CallToolResult = { content: raw.content as CallToolResult["content"] };
    if (raw.structuredContent !== undefined)
      passed.structuredContent = raw.structuredContent as CallToolResult["structuredContent"];
    if (raw.isError === true) passed.isError = true;
    if (isRecord(raw._meta)) passed._meta = raw._meta;
    return rewriteCallResult(passed, map);
  }
  const converted: CallToolResult = {
    content: result.content.map((part) =>
      rewriteContentBlock(toMcpContent(part), map),
    ) as CallToolResult["content"],
  };
  if (result.isError) converted.isError = true;
  if (isRecord(result.structuredContent)) converted.structuredContent = result.structuredContent;
  return converted;
}

/** Provider-neutral content back to MCP content blocks (the inverse of dispatch's `mapMcpResult`). */
export function toMcpContent(part: ToolContent): Record<string, unknown> {
  switch (part.type) {
    case "text":
    case "image":
    case "audio":
    case "resource_link":
      return { ...part };
    case "resource": {
      const { type, ...resource } = part;
      return { type, resource };
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
