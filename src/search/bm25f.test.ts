import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bm25fIndex, type Bm25Params } from "./bm25f.js";

const PER_FIELD: Bm25Params = { k1: 1.2, b: [0.75, 0.75], weights: [2, 1] };
const DOCUMENT: Bm25Params = { k1: 1.2, b: 0.75, weights: [2, 1] };

describe("Bm25fIndex", () => {
  it("scores one field by the textbook BM25 formula", () => {
    const index = new Bm25fIndex(1);
    index.add("a", [["weather", "forecast", "weather"]]);
    index.add("b", [["stock", "price"]]);
    index.add("c", [["send", "email", "now", "please"]]);
    const [hit] = index.search(["weather"], 1, { k1: 1.2, b: [0.75], weights: [1] });
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const tf = 2 / (1 - 0.75 + (0.75 * 3) / 3); // length 3, average length 3
    expect(hit?.key).toBe("a");
    expect(hit?.score).toBeCloseTo((idf * tf * 2.2) / (1.2 + tf), 12);
  });

  it("weights fields: a name match outranks the same match in a description", () => {
    const index = new Bm25fIndex(2);
    index.add("in-name", [["weather"], ["returns", "data"]]);
    index.add("in-description", [["lookup"], ["returns", "weather"]]);
    for (const params of [PER_FIELD, DOCUMENT]) {
      expect(index.search(["weather"], 2, params).map((hit) => hit.key)).toEqual([
        "in-name",
        "in-description",
      ]);
    }
  });

  it("orders equal scores by key and honours the limit", () => {
    const index = new Bm25fIndex(1);
    for (const key of ["c", "a", "b"]) index.add(key, [["same"]]);
    index.add("other", [["different"]]);
    expect(index.search(["same"], 2, { k1: 1.2, b: [0.75], weights: [1] }).map((hit) => hit.key)).toEqual([
      "a",
      "b",
    ]);
  });

  it("counts a term in two fields once through BM25F saturation, not as two independent matches", () => {
    const index = new Bm25fIndex(2);
    index.add("both", [["weather"], ["weather"]]);
    index.add("filler", [["x"], ["y"]]);
    const params = { k1: 1.2, b: [0, 0], weights: [1, 1] };
    const both = index.search(["weather"], 1, params)[0]?.score ?? 0;
    const idf = Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5));
    expect(both).toBeCloseTo((idf * 2 * 2.2) / (1.2 + 2), 12); // tf 1 + 1 saturated together
  });

  it("replaces a document added again under the same key", () => {
    const index = new Bm25fIndex(1);
    index.add("a", [["old"]]);
    index.add("a", [["new"]]);
    expect(index.size).toBe(1);
    expect(index.search(["old"], 5, { k1: 1.2, b: [0.75], weights: [1] })).toEqual([]);
    expect(index.documentFrequency("new")).toBe(1);
    expect(index.documentFrequency("old")).toBe(0);
  });

  it("rejects a document with the wrong number of fields", () => {
    expect(() => new Bm25fIndex(2).add("a", [["x"]])).toThrow(RangeError);
  });

  it("adding and removing in any order scores exactly like a fresh build (property)", () => {
    const term = fc.constantFrom("alpha", "beta", "gamma", "delta", "eps", "zeta");
    const document = fc.tuple(fc.array(term, { maxLength: 4 }), fc.array(term, { maxLength: 8 }));
    const key = fc.constantFrom("k0", "k1", "k2", "k3", "k4", "k5", "k6");
    const operation = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), key, document }),
      fc.record({ kind: fc.constant("remove" as const), key }),
    );
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 30 }),
        fc.array(term, { minLength: 1, maxLength: 4 }),
        (operations, query) => {
          const incremental = new Bm25fIndex(2);
          const final = new Map<string, [string[], string[]]>();
          for (const operation of operations) {
            if (operation.kind === "add") {
              incremental.add(operation.key, operation.document);
              final.set(operation.key, operation.document);
            } else {
              incremental.remove(operation.key);
              final.delete(operation.key);
            }
          }
          const fresh = new Bm25fIndex(2);
          for (const [k, fields] of [...final].sort(([a], [b]) => (a < b ? 1 : -1))) fresh.add(k, fields);
          expect(incremental.size).toBe(fresh.size);
          for (const params of [PER_FIELD, DOCUMENT]) {
            expect(incremental.search(query, 10, params)).toEqual(fresh.search(query, 10, params));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
