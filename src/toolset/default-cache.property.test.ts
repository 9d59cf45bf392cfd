import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listing } from "../catalog/__fixtures__/listing.js";
import { Catalog } from "../catalog/catalog.js";
import type { ServerListing } from "../connect/types.js";
import { TARGET_IDS } from "../providers/targets.js";
import type { JsonObject } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset, type Toolset } from "./build-toolset.js";

type SdkTool = ServerListing["tools"][number];

const property: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.record({ type: fc.constant("string"), description: fc.string({ maxLength: 8 }) }),
  fc.record({ type: fc.constant("integer"), minimum: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ type: fc.constant(["string", "null"]) }),
  fc.record({ anyOf: fc.constant([{ type: "string" }, { type: "number" }]) }),
  fc.record({ type: fc.constant("object"), properties: fc.constant({ inner: { type: "boolean" } }) }),
  fc.constant({ $ref: "#/$defs/missing" }),
) as fc.Arbitrary<JsonObject>;

const sdkTool: fc.Arbitrary<SdkTool> = fc
  .record({
    name: fc.constantFrom("get", "get.x", "get_x", "list", "LIST", "a/b", "a_b", "run"),
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
  fc.constantFrom("files", "files.v2", "tickets", "db"),
  fc.array(sdkTool, { maxLength: 9 }),
  {
    minKeys: 1,
    maxKeys: 3,
  },
);

function expectSameBytes(actual: Toolset, expected: Toolset): void {
  expect(actual.json).toBe(expected.json);
  expect(actual.hash).toBe(expected.hash);
  expect(JSON.stringify(actual.tools)).toBe(expected.json);
  expect(actual.entries).toEqual(expected.entries);
  expect(actual.names.entries()).toEqual(expected.names.entries());
  expect(actual.warnings).toEqual(expected.warnings);
}

/** A copy nothing is frozen in: the default cache never trusts it, so its build is translated afresh. */
function unfrozen(tools: readonly ServerTool[]): ServerTool[] {
  return structuredClone(tools) as ServerTool[];
}

function inputSchemaOf(toolset: Toolset, index: number): unknown {
  return (toolset.tools as { input_schema?: unknown }[])[index]?.input_schema;
}

describe("buildToolset's default cache (no cache passed)", () => {
  it("a repeated and an incremental build of catalogue tools equal an uncached build, byte for byte", () => {
    fc.assert(
      fc.property(servers, sdkTool, fc.boolean(), fc.nat(), (catalogue, extra, breakpoint, pick) => {
        const catalog = new Catalog();
        for (const [server, tools] of Object.entries(catalogue)) catalog.update(server, listing({ tools }));
        const options = breakpoint ? { cacheControl: { type: "ephemeral" as const } } : {};
        const names = Object.keys(catalogue).sort();
        const server = names[pick % names.length] as string;
        for (const target of TARGET_IDS) {
          const first = buildToolset(catalog.snapshot().tools, target, options);
          expectSameBytes(first, buildToolset(unfrozen(catalog.snapshot().tools), target, options));
          expectSameBytes(buildToolset(catalog.snapshot().tools, target, options), first);
          // A selection of the same frozen tools, in another order, shares their translations.
          const reversed = [...catalog.snapshot().tools].reverse().slice(0, 5);
          expectSameBytes(
            buildToolset(reversed, target, options),
            buildToolset(unfrozen(reversed), target, options),
          );
        }
        catalog.update(server, listing({ tools: [...(catalogue[server] ?? []), extra] }));
        for (const target of TARGET_IDS) {
          const after = catalog.snapshot().tools;
          expectSameBytes(
            buildToolset(after, target, options),
            buildToolset(unfrozen(after), target, options),
          );
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it("reuses the translation of a frozen catalogue tool (the same frozen schema), never of an unfrozen copy", () => {
    const catalog = new Catalog();
    catalog.update(
      "s",
      listing({
        tools: [{ name: "t", inputSchema: { type: "object", properties: { q: { type: "string" } } } }],
      }),
    );
    const tools = catalog.snapshot().tools;
    const first = buildToolset(tools, "anthropic");
    const second = buildToolset(tools, "anthropic");
    expect(first.tools[0]).not.toBe(second.tools[0]); // definitions stay fresh objects a caller may edit
    expect(inputSchemaOf(second, 0)).toBe(inputSchemaOf(first, 0));
    expect(Object.isFrozen(inputSchemaOf(first, 0))).toBe(true);
    const copy = unfrozen(tools);
    expect(inputSchemaOf(buildToolset(copy, "anthropic"), 0)).not.toBe(
      inputSchemaOf(buildToolset(copy, "anthropic"), 0),
    );
    // Another target is another translation.
    expect(buildToolset(tools, "openai-chat").json).not.toBe(first.json);
  });

  it("reuses the name table of the last build of the same tools, and names again when a name changes", () => {
    const catalog = new Catalog();
    const tool = (name: string) => ({ name, inputSchema: { type: "object" as const } });
    catalog.update("s", listing({ tools: [tool("a"), tool("b")] }));
    const tools = catalog.snapshot().tools;
    const first = buildToolset(tools, "anthropic");
    expect(buildToolset(tools, "anthropic").names).toBe(first.names);
    // Other naming options are another table; so is another tool beside the same first one.
    expect(buildToolset(tools, "anthropic", { naming: { separator: "_" } }).names).not.toBe(first.names);
    catalog.update("s", listing({ tools: [tool("a"), tool("c")] }));
    const renamed = buildToolset(catalog.snapshot().tools, "anthropic");
    expect(renamed.names).not.toBe(first.names);
    expect(renamed.names.nameOf("s", "c")).toBe("s__c");
    expect(renamed.names.nameOf("s", "b")).toBeUndefined();
  });
});
