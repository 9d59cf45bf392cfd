import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { packageRoot } from "../package-root.js";
import { packRanks, type RankEntry, rankOf, readRanks } from "./bpe-ranks.js";
import { bpeTokenizer } from "./bpe-tokenizer.js";

/** Every byte, then a few merges, with one rank unused and one token that is not UTF-8. */
const BYTES: RankEntry[] = Array.from({ length: 256 }, (_, byte) =>
  byte < 0x80 ? String.fromCharCode(byte) : [byte],
);
const RANKS: RankEntry[] = [...BYTES, "ab", "abc", undefined, "bc", [0xe4, 0xb8], " abc"];
const PATTERN = / ?[a-z]+| +|[^ a-z]+/gu;

function failure(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isSwitchboardError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("did not throw");
}

describe("a packed rank table", () => {
  it("finds every token at its rank, and nothing else", () => {
    const table = readRanks(packRanks(RANKS, PATTERN), "test");
    const encoder = new TextEncoder();
    expect(table.size).toBe(RANKS.length);
    expect(rankOf(table, encoder.encode("abc"), 0, 3)).toBe(257);
    expect(rankOf(table, encoder.encode("xabcx"), 1, 4)).toBe(257);
    expect(rankOf(table, Uint8Array.of(0xe4, 0xb8), 0, 2)).toBe(260);
    expect(rankOf(table, encoder.encode("ca"), 0, 2)).toBe(-1);
    expect(rankOf(table, encoder.encode("a"), 0, 0)).toBe(-1);
    expect(table.pattern.source).toBe(PATTERN.source);
    expect(table.pattern.flags).toBe(PATTERN.flags);
  });

  it("reads the same table from bytes at any offset (offsets in place, or copied when unaligned)", () => {
    const packed = packRanks(RANKS, PATTERN);
    const aligned = readRanks(packed, "test");
    for (const shift of [1, 2, 3, 4]) {
      const host = new Uint8Array(packed.length + shift);
      host.set(packed, shift);
      const table = readRanks(host.subarray(shift), "test");
      expect(Array.from(table.offsets)).toEqual(Array.from(aligned.offsets));
      expect(rankOf(table, new TextEncoder().encode(" abc"), 0, 4)).toBe(261);
    }
  });

  it("merges the lowest-ranked pair first, the leftmost of equals", () => {
    const tokenizer = bpeTokenizer(readRanks(packRanks(RANKS, PATTERN), "test"));
    // "abc" is a token; "abcbc" is not: ab (256) merges before bc (259), then abc (257), leaving "bc".
    expect(tokenizer.encode("abcbc")).toEqual([257, 259]);
    expect(tokenizer.encode(" abc")).toEqual([261]);
    expect(tokenizer.encode("bcab")).toEqual([259, 256]);
    expect(tokenizer.encode("\u4e2d")).toEqual([260, 0xad]);
    expect(tokenizer.decode([260, 0xad, 256])).toBe("\u4e2dab");
    expect(() => tokenizer.decode([258])).toThrow(RangeError);
  });

  it("reads back what it packs, for any ranks (property)", () => {
    const entry = fc.oneof(
      fc.string({ minLength: 1 }),
      fc.array(fc.nat({ max: 255 }), { minLength: 1 }),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (extra) => {
        const ranks = [...BYTES, ...extra];
        const table = readRanks(packRanks(ranks, PATTERN), "test");
        const encoder = new TextEncoder();
        ranks.forEach((value, rank) => {
          if (value === undefined) return;
          const bytes = typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value);
          const found = rankOf(table, bytes, 0, bytes.length);
          // A token listed twice is found at its first rank.
          expect(found).toBeLessThanOrEqual(rank);
          expect(Array.from(table.bytes.subarray(table.offsets[found]!, table.offsets[found + 1]!))).toEqual(
            Array.from(bytes),
          );
        });
      }),
    );
  });

  it("names the file and the fault when it is not a rank file", () => {
    const good = packRanks(RANKS, PATTERN);
    expect(failure(() => readRanks(Uint8Array.from([1, 2]), "a.bin"))).toEqual({
      code: "TOKENIZER_DATA",
      message: "a.bin is not a byte-pair rank file: it ends at byte 2, inside its header",
    });
    const wrongMagic = good.slice();
    wrongMagic[0] = 0x58;
    expect(failure(() => readRanks(wrongMagic, "b.bin")).message).toBe(
      'b.bin is not a byte-pair rank file: it starts with "XBPE", not "SBPE"',
    );
    expect(failure(() => readRanks(good.subarray(0, good.length - 1), "c.bin")).message).toMatch(
      /^c\.bin is not a byte-pair rank file: its offsets cover \d+ bytes where it holds \d+$/,
    );
    expect(failure(() => readRanks(good.subarray(0, 60), "d.bin")).message).toMatch(
      /262 ranks do not fit in 60 bytes/,
    );
    expect(failure(() => readRanks(packRanks(RANKS, /a/u), "e.bin")).message).toBe(
      'e.bin is not a byte-pair rank file: its split pattern\'s flags "u" are not global',
    );
  });

  it("is what the package ships: o200k_base, 199,998 ranks", () => {
    const path = join(packageRoot(import.meta.url), "dist", "vendor", "o200k.bin");
    const table = readRanks(readFileSync(path), path);
    expect(table.size).toBe(199_998);
    expect(rankOf(table, new TextEncoder().encode(" tool"), 0, 5)).toBeGreaterThan(255);
  });
});
