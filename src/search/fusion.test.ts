import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { denseSearch, fuse, normalise } from "./fusion.js";

const hits = (...keys: string[]) => keys.map((key, index) => ({ key, score: 10 - index }));

describe("fuse", () => {
  it("reciprocal-rank fusion rewards documents both lists agree on", () => {
    const fused = fuse(hits("a", "b", "c"), hits("c", "d", "b"), { kind: "rrf" }, 4);
    // c: ranks 3 and 1; b: ranks 2 and 3; a and d: one list each.
    expect(fused.map((hit) => hit.key)).toEqual(["c", "b", "a", "d"]);
    expect(fused[0]?.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
  });

  it("weighted fusion min-max normalises each list", () => {
    const lexical = [
      { key: "a", score: 30 },
      { key: "b", score: 10 },
    ];
    const dense = [
      { key: "b", score: 0.9 },
      { key: "a", score: 0.1 },
    ];
    expect(fuse(lexical, dense, { kind: "weighted", lexicalWeight: 0.7 }, 2)).toEqual([
      { key: "a", score: 0.7 },
      { key: "b", score: 0.30000000000000004 },
    ]);
    expect(fuse(lexical, dense, { kind: "weighted", lexicalWeight: 0.2 }, 2).map((hit) => hit.key)).toEqual([
      "b",
      "a",
    ]);
  });

  it("is symmetric in its lists under RRF and never invents documents (property)", () => {
    const list = fc
      .uniqueArray(fc.constantFrom("a", "b", "c", "d", "e", "f"), { maxLength: 6 })
      .map((keys) => hits(...keys));
    fc.assert(
      fc.property(list, list, (x, y) => {
        const one = fuse(x, y, { kind: "rrf" }, 10);
        expect(fuse(y, x, { kind: "rrf" }, 10)).toEqual(one);
        const keys = new Set([...x, ...y].map((hit) => hit.key));
        expect(one.every((hit) => keys.has(hit.key))).toBe(true);
        expect(one).toHaveLength(keys.size);
      }),
    );
  });
});

describe("denseSearch", () => {
  it("ranks by cosine and skips vectors of another size", () => {
    const vectors = new Map([
      ["east", normalise([1, 0]) as Float64Array],
      ["north", normalise([0, 1]) as Float64Array],
      ["northeast", normalise([1, 1]) as Float64Array],
      ["other-model", normalise([1, 1, 1]) as Float64Array],
    ]);
    const result = denseSearch([0.1, 1], vectors, 3);
    expect(result.map((hit) => hit.key)).toEqual(["north", "northeast", "east"]);
    expect(result[0]?.score).toBeCloseTo(1 / Math.sqrt(1.01), 12);
    expect(denseSearch([0, 0], vectors, 3)).toEqual([]);
  });
});
