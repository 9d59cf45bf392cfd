import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTools } from "./list-tools.js";

/** A listed item that is not a usable tool: not an object, or no string name. */
const junk = fc.oneof(
  fc.constantFrom(null, 42, "tool", true, [], [{ name: "in an array" }]),
  fc.record({ description: fc.string() }),
  fc.record({ name: fc.constantFrom(null, 7, "", { text: "x" }) }),
);

/** A usable tool with some optional fields null (absent) or sloppy. */
const valid = (name: string) =>
  fc.record({
    name: fc.constant(name),
    description: fc.constantFrom(null, "does things", undefined),
    title: fc.constantFrom(null, "Title"),
    annotations: fc.constantFrom(null, { readOnlyHint: true }),
    outputSchema: fc.constantFrom(null, { type: "object" }, "not a schema"),
    inputSchema: fc.constantFrom({ type: "object" }, { anyOf: [{ type: "object" }] }, "string", null),
  });

describe("readTools", () => {
  it("keeps every usable tool, in order, whatever its neighbours are (property)", () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.stringMatching(/^[a-z_]{1,8}$/), { maxLength: 12 })
          .chain((names) =>
            fc.tuple(
              fc.constant(names),
              fc.tuple(...names.map(valid)),
              fc.array(fc.tuple(fc.nat(), junk), { maxLength: 12 }),
            ),
          ),
        ([names, tools, junkAt]) => {
          const items: unknown[] = [...tools];
          for (const [at, item] of junkAt) items.splice(at % (items.length + 1), 0, item);
          const { tools: kept, warnings } = readTools(items);
          expect(kept.map((tool) => tool.name)).toEqual(names);
          // Null means absent; a non-object outputSchema is dropped (it would make every call fail).
          for (const tool of kept) {
            expect(Object.values(tool)).not.toContain(null);
            const output = (tool as { outputSchema?: unknown }).outputSchema;
            expect(output === undefined || typeof output === "object").toBe(true);
          }
          const skipped = warnings.filter((warning) => warning.message.endsWith("skipped"));
          expect(skipped.map((warning) => warning.index)).toEqual(
            items.flatMap((item, index) => (tools.includes(item as never) ? [] : [index])),
          );
        },
      ),
    );
  });

  it("keeps the first of two tools with one name and names both positions", () => {
    const { tools, warnings } = readTools([
      { name: "a", description: "first", inputSchema: { type: "object" } },
      { name: "a", description: "second", inputSchema: { type: "object" } },
    ]);
    expect(tools).toEqual([{ name: "a", description: "first", inputSchema: { type: "object" } }]);
    expect(warnings).toEqual([
      {
        request: "tools/list",
        index: 1,
        tool: "a",
        message: 'tool "a" is listed twice (tools 0 and 1); the first is kept',
      },
    ]);
  });

  it("reads a re-list as a fresh listing would, reusing each unchanged tool's previous entry (property)", () => {
    const listing = fc
      .uniqueArray(fc.stringMatching(/^[a-d]{1,2}$/), { maxLength: 8 })
      .chain((names) => fc.tuple(...names.map(valid)));
    fc.assert(
      fc.property(listing, listing, fc.array(junk, { maxLength: 3 }), (before, after, extra) => {
        // As the wire gives them: parsed JSON.
        const previous = readTools(JSON.parse(JSON.stringify(before))).tools;
        const items: unknown[] = JSON.parse(JSON.stringify([...after, ...extra]));
        const fresh = readTools(items);
        const relisted = readTools(items, previous);
        expect(relisted).toEqual(fresh);
        // Same JSON as the previous entry: that very entry; otherwise a tool of its own.
        for (const tool of relisted.tools) {
          const was = previous.find((entry) => entry.name === tool.name);
          expect(tool === was).toBe(was !== undefined && JSON.stringify(was) === JSON.stringify(tool));
        }
      }),
    );
  });

  it("judges a changed tool's header bindings again on a re-list", () => {
    const bound = (header: string) => ({
      name: "lookup",
      inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": header } } },
    });
    const previous = readTools([bound("Region")]).tools;
    expect(previous).toHaveLength(1);
    const { tools, warnings } = readTools([bound("Region Name")], previous);
    expect(tools).toEqual([]);
    expect(warnings.map((warning) => warning.tool)).toEqual(["lookup"]);
  });

  it("keeps a __proto__ member a server lists as a member, never as the tool's prototype", () => {
    const [item] = JSON.parse('[{"name":"t","__proto__":{"polluted":true},"description":null}]') as unknown[];
    const { tools } = readTools([item]);
    const tool = tools[0] as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(tool)).toBe(Object.prototype);
    expect(tool.polluted).toBeUndefined();
    expect(Object.keys(tool)).toEqual(["name", "__proto__"]);
  });
});
