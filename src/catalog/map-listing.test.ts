import { describe, expect, it } from "vitest";
import { listing, tool } from "./__fixtures__/listing.js";
import { toMcpTool, toServerCatalog } from "./map-listing.js";

describe("toMcpTool", () => {
  it("keeps the fields switchboard uses and drops the rest", () => {
    const mapped = toMcpTool(
      tool("search", {
        title: "Search",
        description: "Finds things",
        outputSchema: { type: "object", properties: { hits: { type: "array" } } },
        annotations: { readOnlyHint: true, destructiveHint: "yes", title: "Search!" },
        icons: [{ src: "https://example.com/icon.png" }],
        _meta: { vendor: 1 },
      }),
    );
    expect(mapped).toEqual({
      name: "search",
      title: "Search",
      description: "Finds things",
      inputSchema: { type: "object", properties: {} },
      outputSchema: { type: "object", properties: { hits: { type: "array" } } },
      annotations: { title: "Search!", readOnlyHint: true },
    });
  });

  it("copies schemas instead of aliasing the SDK object", () => {
    const source = tool("t");
    const mapped = toMcpTool(source);
    (source.inputSchema as Record<string, unknown>).mutated = true;
    expect(mapped.inputSchema).toEqual({ type: "object", properties: {} });
  });
});

describe("toServerCatalog", () => {
  it("sorts every list by key, drops duplicate keys keeping the first, and tags the server", () => {
    const catalog = toServerCatalog(
      "files",
      listing({
        tools: [
          tool("write"),
          tool("read", { description: "first" }),
          tool("read", { description: "second" }),
        ],
        resources: [
          { uri: "file:///b", name: "b" },
          { uri: "file:///a", name: "a", mimeType: "text/plain" },
        ],
        resourceTemplates: [{ uriTemplate: "file:///{path}", name: "file" }],
        prompts: [{ name: "summarise", arguments: [{ name: "path", required: true }] }],
      }),
    );
    expect(catalog.tools.map((entry) => [entry.server, entry.tool.name, entry.tool.description])).toEqual([
      ["files", "read", "first"],
      ["files", "write", undefined],
    ]);
    expect(catalog.resources).toEqual([
      { server: "files", uri: "file:///a", name: "a", mimeType: "text/plain" },
      { server: "files", uri: "file:///b", name: "b" },
    ]);
    expect(catalog.resourceTemplates).toEqual([
      { server: "files", uriTemplate: "file:///{path}", name: "file" },
    ]);
    expect(catalog.prompts).toEqual([
      { server: "files", name: "summarise", arguments: [{ name: "path", required: true }] },
    ]);
  });
});
