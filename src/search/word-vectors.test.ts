import { describe, expect, it } from "vitest";
import { SwitchboardError } from "../errors.js";
import { wordVectorFile } from "./__fixtures__/word-vector-file.js";
import { parseWordVectors, shippedWordVectors } from "./word-vectors.js";

const cosine = (vectors: ReturnType<typeof shippedWordVectors>, a: string, b: string): number => {
  const [x, y] = [a, b].map((word) => {
    const target = new Float32Array(vectors.dimensions);
    vectors.addTo(target, vectors.indexOf(word), 1);
    return target;
  });
  let dot = 0;
  for (let d = 0; d < vectors.dimensions; d += 1) dot += (x?.[d] ?? 0) * (y?.[d] ?? 0);
  return dot;
};

describe("parseWordVectors", () => {
  it("reads words in order and adds their dequantised vectors, weighted", () => {
    const vectors = parseWordVectors(
      wordVectorFile([
        ["alpha", [1, 0, 0]],
        ["beta", [0, -0.5, 0.5]],
      ]),
      "test.bin",
    );
    expect([vectors.size, vectors.dimensions]).toEqual([2, 3]);
    expect([vectors.indexOf("alpha"), vectors.indexOf("beta"), vectors.indexOf("gamma")]).toEqual([0, 1, -1]);
    const target = new Float32Array([1, 1, 1]);
    vectors.addTo(target, 1, 2);
    expect(Array.from(target, (value) => value.toFixed(2))).toEqual(["1.00", "0.00", "2.00"]);
  });

  it("reads a file whose bytes sit at an odd offset of a larger buffer (Node's pooled Buffers)", () => {
    const file = wordVectorFile([["alpha", [0.25, 0.5]]]);
    const pooled = new Uint8Array(file.length + 3);
    pooled.set(file, 3);
    const vectors = parseWordVectors(pooled.subarray(3), "pooled.bin");
    const target = new Float32Array(2);
    vectors.addTo(target, 0, 1);
    expect(Array.from(target, (value) => value.toFixed(2))).toEqual(["0.25", "0.50"]);
  });

  it.each([
    ["a wrong magic", (bytes: Uint8Array) => bytes.set([0x58], 0), /starts with "XBWV"/],
    ["a later version", (bytes: Uint8Array) => bytes.set([2], 4), /version 2/],
    ["a truncated body", (bytes: Uint8Array) => bytes.set([9], 8), /bytes where its header implies/],
  ])("rejects %s with SEARCH_DATA naming the file", (_label, damage, message) => {
    const bytes = wordVectorFile([["alpha", [1, 0]]]);
    damage(bytes);
    const error = (() => {
      try {
        parseWordVectors(bytes, "damaged.bin");
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SwitchboardError);
    expect(error).toMatchObject({ code: "SEARCH_DATA", message: expect.stringMatching(message) });
    expect((error as Error).message).toContain("damaged.bin");
  });
});

describe("shippedWordVectors", () => {
  it("loads data/word-vectors.bin once: GloVe words in frequency order plus tool words, related words near", () => {
    const vectors = shippedWordVectors();
    expect(shippedWordVectors()).toBe(vectors);
    expect(vectors.dimensions).toBe(100);
    expect(vectors.size).toBeGreaterThanOrEqual(30_000);
    // Rarer than 30,000th in GloVe's news and Wikipedia, kept because real tools use them.
    for (const word of ["invoice", "csv", "pdf", "tweet"])
      expect(vectors.indexOf(word)).toBeGreaterThan(25_000);
    expect(vectors.indexOf("the")).toBe(0);
    expect(vectors.indexOf("Stock")).toBe(-1); // lower-case words only, as the tokenizer emits them
    expect(cosine(vectors, "stock", "stock")).toBeCloseTo(1, 2);
    expect(cosine(vectors, "stock", "shares")).toBeGreaterThan(cosine(vectors, "stock", "banana") + 0.3);
    expect(cosine(vectors, "weather", "forecast")).toBeGreaterThan(
      cosine(vectors, "weather", "banana") + 0.3,
    );
  });
});
