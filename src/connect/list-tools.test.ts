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
});
