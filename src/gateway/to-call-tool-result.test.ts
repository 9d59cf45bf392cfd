import { describe, expect, it } from "vitest";
import type { ToolResult } from "../spec/tool-call.js";
import { toCallToolResult, toMcpContent } from "./to-call-tool-result.js";

const base = { callId: "1", name: "s__t", durationMs: 1 };
const upper = (uri: string) => uri.toUpperCase();

describe("toCallToolResult", () => {
  it("passes a server's own result through, annotations and all, with downstream URIs", () => {
    const raw = {
      content: [
        { type: "text", text: "hi", annotations: { priority: 1 } },
        { type: "resource_link", uri: "x://a", name: "a" },
      ],
      structuredContent: { ok: true },
      _meta: { trace: "t" },
    };
    const result: ToolResult = {
      ...base,
      server: "s",
      tool: "t",
      outcome: "ok",
      isError: false,
      content: [],
    };
    expect(toCallToolResult(result, raw, upper)).toEqual({
      content: [
        { type: "text", text: "hi", annotations: { priority: 1 } },
        { type: "resource_link", uri: "X://A", name: "a" },
      ],
      structuredContent: { ok: true },
      _meta: { trace: "t" },
    });
  });

  it("keeps a tool's own isError result as it sent it", () => {
    const raw = { content: [{ type: "text", text: "nope" }], isError: true };
    const result: ToolResult = {
      ...base,
      outcome: "tool-error",
      isError: true,
      content: [{ type: "text", text: "nope" }],
    };
    expect(toCallToolResult(result, raw, upper)).toEqual({
      content: [{ type: "text", text: "nope" }],
      isError: true,
    });
  });

  it("answers every other outcome with dispatch's own error text", () => {
    for (const outcome of [
      "unknown-tool",
      "stale-tool",
      "timeout",
      "server-crashed",
      "aborted",
      "denied",
    ] as const) {
      const result: ToolResult = {
        ...base,
        outcome,
        isError: true,
        content: [{ type: "text", text: `why: ${outcome}` }],
      };
      expect(toCallToolResult(result, undefined, upper)).toEqual({
        content: [{ type: "text", text: `why: ${outcome}` }],
        isError: true,
      });
    }
  });

  it("uses the truncated content when dispatch truncated the result", () => {
    const raw = { content: [{ type: "text", text: "x".repeat(100) }] };
    const result: ToolResult = {
      ...base,
      outcome: "ok",
      isError: false,
      content: [{ type: "text", text: "xx… (truncated)" }],
      truncated: { limitTokens: 1, originalTokens: 50, keptTokens: 1 },
    };
    expect(toCallToolResult(result, raw, upper).content).toEqual([{ type: "text", text: "xx… (truncated)" }]);
  });

  it("turns provider-neutral resources back into MCP blocks", () => {
    expect(toMcpContent({ type: "resource", uri: "x://a", mimeType: "text/plain", text: "t" })).toEqual({
      type: "resource",
      resource: { uri: "x://a", mimeType: "text/plain", text: "t" },
    });
    expect(toMcpContent({ type: "image", data: "AA==", mimeType: "image/png" })).toEqual({
      type: "image",
      data: "AA==",
      mimeType: "image/png",
    });
  });
});
