import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../package-root.js";
import { PieceMerger, SCAN_BYTES } from "./bpe-merge.js";
import { readRanks } from "./bpe-ranks.js";

const path = join(packageRoot(import.meta.url), "dist", "vendor", "o200k.bin");
const merger = new PieceMerger(readRanks(readFileSync(path), path));

function tokens(merge: "byScan" | "byHeap", bytes: Uint8Array): number[] {
  const out: number[] = [];
  merger[merge](bytes, bytes.length, (token) => {
    out.push(token);
  });
  return out;
}

/** Bytes that merge a lot in o200k_base: UTF-8 of words, letters, CJK and emoji, or raw bytes. */
const piece = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 120 }).map((text) => new TextEncoder().encode(text)),
  fc
    .array(fc.constantFrom("a", "e", "th", "in", "\u4e2d", "\ud83d\ude00", "0", "_", "-"), { maxLength: 200 })
    .map((parts) => new TextEncoder().encode(parts.join(""))),
  fc.uint8Array({ maxLength: 200 }),
);

describe("the two byte-pair merges", () => {
  it("merge every piece into the same tokens (property)", () => {
    fc.assert(
      fc.property(piece, (bytes) => {
        expect(tokens("byHeap", bytes)).toEqual(tokens("byScan", bytes));
      }),
      { numRuns: 1000 },
    );
  });

  it("give tokens whose bytes are the piece, end to end", () => {
    const text = "supercalifragilisticexpialidocious_and_then_some_more_words_without_spaces";
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length).toBeGreaterThan(SCAN_BYTES);
    const heap = tokens("byHeap", bytes);
    expect(heap.length).toBeGreaterThan(1);
    expect(heap.length).toBeLessThan(bytes.length);
    expect(heap).toEqual(tokens("byScan", bytes));
  });

  it("merges a 100,000-letter piece without the scan's quadratic walk", () => {
    // Deterministic pseudo-random letters: few long tokens, so nearly every byte pair is looked up and merged.
    let seed = 7;
    const letters = Uint8Array.from({ length: 100_000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return 97 + (seed % 26);
    });
    const out: number[] = [];
    merger.merge(letters, letters.length, (token) => {
      out.push(token);
    });
    // The scan makes about length²/2 comparisons (5e9 here: minutes); the test's own timeout bounds the heap.
    expect(out.length).toBeGreaterThan(20_000);
    expect(tokens("byHeap", letters.subarray(0, 3000))).toEqual(tokens("byScan", letters.subarray(0, 3000)));
  });
});
