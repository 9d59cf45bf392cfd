import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listing } from "../catalog/__fixtures__/listing.js";
import { Catalog } from "../catalog/catalog.js";
import type { ServerListing } from "../connect/types.js";
import { TARGET_IDS } from "../providers/targets.js";
import type { JsonObject } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset, type Toolset } from "./build-toolset.js";
import { ToolTranslationCache } from "./translation-cache.js";

type SdkTool = ServerListing["tools"][number];

const property: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.record({ type: fc.constant("string"), description: fc.string({ maxLength: 8 }) }),
  fc.record({ type: fc.constant("integer"), minimum: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ type: fc.constant(["string", "null"]) }),
  fc.record({ type: fc.constant("string"), format: fc.constantFrom("uri", "date-time") }),
  fc.record({ anyOf: fc.constant([{ type: "string" }, { type: "number" }]) }),
  fc.record({ type: fc.constant("object"), properties: fc.constant({ inner: { type: "boolean" } }) }),
  fc.constant({ $ref: "#/$defs/missing" }),
) as fc.Arbitrary<JsonObject>;

// Names that collide once made legal ("get.x" / "get_x" / "get x"), so naming depends on the whole set.
const toolName = fc.constantFrom(
  "get",
  "get.x",
  "get_x",
  "get x",
  "list",
  "LIST",
  "search",
  "a/b",
  "a_b",
  "run",
);

const sdkTool: fc.Arbitrary<SdkTool> = fc
  .record({
    name: toolName,
    description: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
    properties: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), property, { maxKeys: 4 }),
    required: fc.nat({ max: 4 }),
  })
  .map(({ name, description, properties, required }) => ({
    name,
    ...(description === undefined ? {} : { description }),
    inputSchema: { type: "object", properties, required: Object.keys(properties).slice(0, required) },
  }));

const servers = fc.dictionary(
  fc.constantFrom("files", "files.v2", "files_v2", "tickets", "db"),
  fc.array(sdkTool, { maxLength: 9 }),
  { minKeys: 1, maxKeys: 4 },
);

/** One edit to one server's listing: change, add, remove or rename a tool, or re-list with keys reordered. */
const edit = fc.record({
  server: fc.nat(),
  index: fc.nat(),
  kind: fc.constantFrom("describe", "schema", "add", "remove", "rename", "reorder-keys"),
  tool: sdkTool,
});

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(tools: readonly SdkTool[], e: Edit): SdkTool[] {
  const out = [...tools];
  const index = out.length === 0 ? 0 : e.index % out.length;
  const target = out[index];
  if (e.kind === "add" || target === undefined) return [...out, e.tool];
  if (e.kind === "remove") out.splice(index, 1);
  else if (e.kind === "rename") out[index] = { ...target, name: e.tool.name };
  else if (e.kind === "describe") out[index] = { ...target, description: `${target.description ?? ""}!` };
  else if (e.kind === "schema") out[index] = { ...target, inputSchema: e.tool.inputSchema };
  else out[index] = reversedKeys(target) as SdkTool;
  return out;
}

/** The same definition with its object keys in reverse order, at every level. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, member]) => [key, reversedKeys(member)]),
  );
}

function expectSameBytes(actual: Toolset, expected: Toolset): void {
  expect(actual.json).toBe(expected.json);
  expect(actual.hash).toBe(expected.hash);
  expect(JSON.stringify(actual.tools)).toBe(expected.json);
  expect(actual.entries).toEqual(expected.entries);
  expect(actual.names.entries()).toEqual(expected.names.entries());
  expect(actual.warnings).toEqual(expected.warnings);
}

describe("ToolTranslationCache", () => {
  it("an incremental rebuild after one change equals a fresh build, byte for byte", () => {
    fc.assert(
      fc.property(servers, edit, fc.boolean(), (catalogue, change, breakpoint) => {
        const catalog = new Catalog();
        for (const [server, tools] of Object.entries(catalogue)) catalog.update(server, listing({ tools }));
        const names = Object.keys(catalogue).sort();
        const server = names[change.server % names.length] as string;
        const before = catalog.snapshot();
        catalog.update(server, listing({ tools: applyEdit(catalogue[server] ?? [], change) }));
        const after = catalog.snapshot();
        const options = breakpoint ? { cacheControl: { type: "ephemeral" as const } } : {};
        for (const target of TARGET_IDS) {
          const cache = new ToolTranslationCache();
          expectSameBytes(
            buildToolset(before.tools, target, { ...options, cache }),
            buildToolset(before.tools, target, options),
          );
          const incremental = buildToolset(after.tools, target, { ...options, cache });
          expectSameBytes(incremental, buildToolset(after.tools, target, options));
          // Only what changed is translated again, and tools that left are dropped.
          const added = after.tools.filter((item) => !before.tools.includes(item)).length;
          expect(cache.lastBuild.misses).toBe(added);
          expect(cache.size).toBe(
            new Set(after.tools.map((item) => `${item.server}\0${item.tool.name}`)).size,
          );
        }
      }),
      { numRuns: 30 },
    );
  });

  it("matches tools that are not frozen by content, and re-translates one edited in place", () => {
    const tools: ServerTool[] = ["a", "b", "c"].map((name) => ({
      server: "s",
      tool: { name, inputSchema: { type: "object", properties: { q: { type: "string" } } } },
    }));
    const cache = new ToolTranslationCache();
    buildToolset(tools, "openai-strict", { cache });
    expect(cache.lastBuild).toEqual({ hits: 0, misses: 3 });
    const copies = structuredClone(tools);
    buildToolset(copies, "openai-strict", { cache });
    expect(cache.lastBuild).toEqual({ hits: 3, misses: 0 });
    ((copies[1] as ServerTool).tool.inputSchema as { properties: JsonObject }).properties.n = {
      type: "integer",
    };
    const incremental = buildToolset(copies, "openai-strict", { cache });
    expect(cache.lastBuild).toEqual({ hits: 2, misses: 1 });
    expectSameBytes(incremental, buildToolset(copies, "openai-strict"));
    expect(incremental.json).toContain('"n":{"type":["integer","null"]}');
  });

  it("keeps one build's tools per target, and freezes the shared definitions", () => {
    const tools: ServerTool[] = Array.from({ length: 30 }, (_, index) => ({
      server: "s",
      tool: { name: `t${index}`, inputSchema: { type: "object", properties: { q: { type: "string" } } } },
    }));
    const cache = new ToolTranslationCache();
    buildToolset(tools, "anthropic", { cache });
    buildToolset(tools, "gemini", { cache });
    expect(cache.size).toBe(60);
    const toolset = buildToolset(tools.slice(0, 5), "anthropic", { cache });
    expect(cache.size).toBe(35);
    expect(Object.isFrozen((toolset.tools[0] as { input_schema: object }).input_schema)).toBe(true);
    expect(Object.isFrozen(toolset.tools[0])).toBe(false);
    // More than 20 strict tools: the budget demotes the rest, from the cache too, with the same bytes.
    const strict = buildToolset(tools, "anthropic-strict", { cache });
    expect(strict.entries.filter((entry) => !entry.strict).length).toBe(10);
    expectSameBytes(buildToolset(tools, "anthropic-strict", { cache }), strict);
    expect(cache.lastBuild).toEqual({ hits: 30, misses: 0 });
  });

  it("a caller rewriting a definition in place (as @google/genai does) does not reach the next build", () => {
    const tools: ServerTool[] = [
      {
        server: "s",
        tool: { name: "t", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
      },
    ];
    const cache = new ToolTranslationCache();
    const first = buildToolset(tools, "gemini", { cache });
    const [wrapper] = first.tools as { functionDeclarations: { parameters?: unknown }[] }[];
    const declaration = wrapper?.functionDeclarations[0];
    if (declaration === undefined) throw new Error("no declaration");
    declaration.parameters = { type: "OBJECT" };
    const next = buildToolset(tools, "gemini", { cache });
    expect(cache.lastBuild).toEqual({ hits: 1, misses: 0 });
    expect(next.json).toBe(first.json);
    expect(JSON.stringify(next.tools)).toBe(next.json);
  });
});
