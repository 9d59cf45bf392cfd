import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wordVectorFile } from "./__fixtures__/word-vector-file.js";
import { createDenseToolIndex, vectorWords } from "./dense-tool-index.js";
import type { ToolText } from "./tool-text.js";
import { parseWordVectors } from "./word-vectors.js";

// Two topics on two axes: money words near one another, weather words near one another.
const vectors = parseWordVectors(
  wordVectorFile([
    ["stock", [1, 0.1, 0]],
    ["share", [0.9, 0.2, 0]],
    ["price", [0.8, 0, 0.3]],
    ["weather", [0, 1, 0]],
    ["forecast", [0.1, 0.9, 0]],
    ["rain", [0, 0.8, 0.2]],
    ["file", [0, 0, 1]],
  ]),
  "topics.bin",
);
const text = (name: string, description: string): ToolText => ({ name, description, params: "", server: "" });

describe("vectorWords", () => {
  it("splits identifiers and camelCase, lower-cases, drops stop words, digits and other scripts", () => {
    expect(vectorWords("getStockPrice_global-market v2 of the 股票 Café")).toEqual([
      "get",
      "stock",
      "price",
      "global",
      "market",
      "v",
      "caf",
    ]);
    expect(vectorWords("")).toEqual([]);
  });
});

describe("createDenseToolIndex", () => {
  it("finds a tool by words it does not contain but whose vectors are near the query's", () => {
    const index = createDenseToolIndex(vectors);
    index.add("a", text("get stock", "Stock quote"));
    index.add("b", text("get forecast", "Weather forecast"));
    expect(index.search("share", 2).map((hit) => hit.key)).toEqual(["a", "b"]);
    expect(index.search("rain tomorrow", 1).map((hit) => hit.key)).toEqual(["b"]);
    expect(index.search("tomorrow please", 5)).toEqual([]); // no query word has a vector
  });

  it("follows add, replace and remove (tool vectors are rebuilt after a change)", () => {
    const index = createDenseToolIndex(vectors);
    index.add("a", text("get stock", ""));
    index.add("b", text("read file", ""));
    expect(index.search("share", 1)[0]?.key).toBe("a");
    index.add("a", text("forecast", "weather")); // same key: replaced
    expect(index.search("rain", 1)[0]?.key).toBe("a");
    index.remove("a");
    expect(index.search("rain", 2).map((hit) => hit.key)).not.toContain("a");
  });

  it("weights words by inverse document frequency, so a word every tool has decides nothing", () => {
    const index = createDenseToolIndex(vectors);
    index.add("a", text("file price", ""));
    index.add("b", text("file weather", ""));
    index.add("c", text("file rain", ""));
    // "file" is in all three tools; the query's other word decides.
    expect(index.search("file stock", 1)[0]?.key).toBe("a");
  });

  it("returns the best tools by score, best first, any limit a prefix of a larger one (property)", () => {
    const word = fc.constantFrom("stock", "share", "price", "weather", "forecast", "rain", "file", "other");
    const doc = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 12 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 12 }),
        (docs, query, limit) => {
          const index = createDenseToolIndex(vectors);
          for (const [i, description] of docs.entries()) index.add(`t${i}`, text("", description));
          const all = index.search(query.join(" "), 12);
          const some = index.search(query.join(" "), limit);
          expect(some).toEqual(all.slice(0, limit));
          for (const [i, hit] of all.entries()) {
            expect(hit.score).toBeGreaterThan(0);
            expect(hit.score).toBeLessThanOrEqual(1 + 1e-6);
            if (i > 0) expect(hit.score).toBeLessThanOrEqual(all[i - 1]?.score ?? 0);
          }
        },
      ),
    );
  });
});
