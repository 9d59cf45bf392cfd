import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
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

describe("toServerCatalog with the previous catalogue", () => {
  const value = fc.oneof(
    fc.constantFrom("a", "", 0, 1.5, -0, true, null, undefined, Number.NaN),
    fc.constantFrom([1, "x"], { nested: { k: 1 } }, [undefined], { u: undefined }),
  );
  const schema = fc.dictionary(fc.constantFrom("type", "properties", "required", "x", "__proto__"), value, {
    maxKeys: 4,
  });
  const sdkTool = fc.record(
    {
      name: fc.constantFrom("a", "b", "c"),
      title: fc.constantFrom("T", 3, undefined),
      description: fc.constantFrom("d", "e", null),
      inputSchema: fc.oneof(schema, fc.constantFrom(undefined, [], "x")),
      outputSchema: fc.oneof(schema, fc.constantFrom(undefined, null, [])),
      annotations: fc.constantFrom(undefined, { readOnlyHint: true }, { title: 1, openWorldHint: false }),
    },
    { requiredKeys: ["name"] },
  );
  const tools = fc.array(sdkTool, { maxLength: 5 });

  it("gives the same entries as a fresh mapping, keeping each unchanged entry's object (property)", () => {
    fc.assert(
      fc.property(tools, tools, (first, second) => {
        const previous = toServerCatalog("s", listing({ tools: first as never }));
        const next = toServerCatalog("s", listing({ tools: second as never }), previous);
        const fresh = toServerCatalog("s", listing({ tools: second as never }));
        expect(JSON.stringify(next)).toBe(JSON.stringify(fresh));
        for (const entry of next.tools) {
          const old = previous.tools.find((candidate) => candidate.tool.name === entry.tool.name);
          const listed = second.find((candidate) => candidate.name === entry.tool.name);
          // Plain JSON (nothing a JSON copy would rewrite) that maps to the same entry must keep its object.
          const plain = listed !== undefined && isDeepStrictEqual(JSON.parse(JSON.stringify(listed)), listed);
          if (plain && old !== undefined && JSON.stringify(old) === JSON.stringify(entry))
            expect(entry).toBe(old);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("re-uses unchanged entries by identity and copies the changed one", () => {
    const schema = { type: "object", properties: { q: { type: "string" } } };
    const first = toServerCatalog("s", listing({ tools: [tool("a", { inputSchema: schema }), tool("b")] }));
    const edited = { type: "object", properties: { q: { type: "number" } } };
    const second = toServerCatalog(
      "s",
      listing({ tools: [tool("b"), tool("a", { inputSchema: structuredClone(edited) })] }),
      first,
    );
    expect(second.tools[1]).toBe(first.tools[1]);
    expect(second.tools[0]).not.toBe(first.tools[0]);
    expect(second.tools[0]?.tool.inputSchema).toEqual(edited);
    // Another server's catalogue is never a source of entries.
    const other = toServerCatalog("t", listing({ tools: [tool("b")] }), first);
    expect(other.tools[0]?.server).toBe("t");
  });
});
