import { describe, expect, it } from "vitest";
import { mapMcpResult } from "./map-mcp-result.js";

describe("mapMcpResult", () => {
  it("keeps all five MCP content types losslessly", () => {
    const mapped = mapMcpResult({
      content: [
        { type: "text", text: "hello", annotations: { audience: ["user"] } },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "audio", data: "BBBB", mimeType: "audio/wav" },
        { type: "resource", resource: { uri: "notes://1", mimeType: "text/plain", text: "note" } },
        { type: "resource", resource: { uri: "bin://1", blob: "CCCC" } },
        {
          type: "resource_link",
          uri: "file:///a.csv",
          name: "a.csv",
          title: "A",
          description: "the A table",
          mimeType: "text/csv",
          size: 10,
        },
      ],
    });
    expect(mapped).toEqual({
      isError: false,
      content: [
        { type: "text", text: "hello" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
        { type: "audio", data: "BBBB", mimeType: "audio/wav" },
        { type: "resource", uri: "notes://1", mimeType: "text/plain", text: "note" },
        { type: "resource", uri: "bin://1", blob: "CCCC" },
        {
          type: "resource_link",
          uri: "file:///a.csv",
          name: "a.csv",
          title: "A",
          description: "the A table",
          mimeType: "text/csv",
          size: 10,
        },
      ],
    });
  });

  it("keeps isError and structuredContent; structuredContent becomes the text when content is empty", () => {
    expect(
      mapMcpResult({ content: [{ type: "text", text: "no" }], isError: true, structuredContent: { a: 1 } }),
    ).toEqual({
      isError: true,
      content: [{ type: "text", text: "no" }],
      structuredContent: { a: 1 },
    });
    expect(mapMcpResult({ structuredContent: { a: [1, 2] } }).content).toEqual([
      { type: "text", text: '{"a":[1,2]}' },
    ]);
    expect(mapMcpResult({ content: [] })).toEqual({ isError: false, content: [] });
  });

  it("turns unusable parts into notes, and a non-object result into a malformed one", () => {
    const mapped = mapMcpResult({
      content: [
        { type: "video", url: "x" },
        { type: "image", data: "AAAA" },
        "text",
        { type: "resource", resource: {} },
      ],
    });
    expect(mapped.content.map((part) => ("text" in part ? part.text : ""))).toEqual([
      '[The server sent a content part of unsupported type "video"; it was left out.]',
      "[The server sent an image part without data or mimeType; it was left out.]",
      "[The server sent a content part that is not an object (string); it was left out.]",
      "[The server sent an embedded resource without a uri; it was left out.]",
    ]);
    expect(mapMcpResult(null).malformed).toBe("the server's result is not an object (null)");
  });
});
