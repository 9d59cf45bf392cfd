import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listing, tool } from "./__fixtures__/listing.js";
import { diffKeyed, diffServerCatalog, isEmptyDiff } from "./diff.js";
import { toServerCatalog } from "./map-listing.js";

interface Item {
  key: string;
  value: { [key: string]: number };
}

const items = fc.uniqueArray(
  fc.record({
    key: fc.constantFrom("a", "b", "c", "d", "e", "f"),
    value: fc.dictionary(fc.constantFrom("x", "y", "z"), fc.integer({ min: 0, max: 2 })),
  }),
  { selector: (item) => item.key },
);
const byKey = (item: Item) => item.key;

describe("diffKeyed", () => {
  it("reports added, removed and changed keys, ignoring key order inside values", () => {
    const before = [
      { key: "keep", value: { a: 1, b: 2 } },
      { key: "edit", value: { a: 1 } },
      { key: "drop", value: {} },
    ];
    const after = [
      { key: "keep", value: { b: 2, a: 1 } },
      { key: "edit", value: { a: 2 } },
      { key: "new", value: {} },
    ];
    expect(diffKeyed(before, after, byKey)).toEqual({ added: ["new"], removed: ["drop"], changed: ["edit"] });
  });

  it("a list diffed against itself is empty; swapping sides swaps added and removed (property)", () => {
    fc.assert(
      fc.property(items, items, (a, b) => {
        expect(diffKeyed(a, a, byKey)).toEqual({ added: [], removed: [], changed: [] });
        const forward = diffKeyed(a, b, byKey);
        const backward = diffKeyed(b, a, byKey);
        expect(backward.added).toEqual(forward.removed);
        expect(backward.removed).toEqual(forward.added);
        expect(backward.changed).toEqual(forward.changed);
      }),
    );
  });

  it("keys partition exactly: added ∪ kept = after, removed ∪ kept = before (property)", () => {
    fc.assert(
      fc.property(items, items, (a, b) => {
        const diff = diffKeyed(a, b, byKey);
        const kept = a.map(byKey).filter((key) => b.some((item) => item.key === key));
        expect([...diff.added, ...kept].sort()).toEqual(b.map(byKey).sort());
        expect([...diff.removed, ...kept].sort()).toEqual(a.map(byKey).sort());
        for (const key of diff.changed) expect(kept).toContain(key);
      }),
    );
  });
});

describe("diffServerCatalog", () => {
  it("treats a missing catalogue as empty and detects a changed tool definition", () => {
    const v1 = toServerCatalog("s", listing({ tools: [tool("a"), tool("b", { description: "old" })] }));
    const v2 = toServerCatalog("s", listing({ tools: [tool("b", { description: "new" }), tool("c")] }));
    expect(diffServerCatalog(undefined, v1).tools).toEqual({ added: ["a", "b"], removed: [], changed: [] });
    expect(diffServerCatalog(v1, v2).tools).toEqual({ added: ["c"], removed: ["a"], changed: ["b"] });
    expect(diffServerCatalog(v1, undefined).tools.removed).toEqual(["a", "b"]);
    expect(isEmptyDiff(diffServerCatalog(v1, v1))).toBe(true);
    expect(isEmptyDiff(diffServerCatalog(v1, v2))).toBe(false);
  });

  it("does not see a change when a server lists the same tools in another order", () => {
    const v1 = toServerCatalog("s", listing({ tools: [tool("a"), tool("b")] }));
    const v2 = toServerCatalog("s", listing({ tools: [tool("b"), tool("a")] }));
    expect(isEmptyDiff(diffServerCatalog(v1, v2))).toBe(true);
  });
});
