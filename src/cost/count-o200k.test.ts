import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { describe, expect, it } from "vitest";
import { countO200k, PIECE_CHARS } from "./count-o200k.js";

const exact = (text: string) => countTokens(text, { disallowedSpecial: new Set() });
const longestPiece = (text: string) =>
  Math.max(0, ...[...text.matchAll(O200K_TOKEN_SPLIT_REGEX)].map((match) => match[0].length));

/** Runs of one character class each, so ordinary text and long pieces both come up. */
const fragment = fc
  .tuple(
    fc.constantFrom(
      "word",
      "Word",
      "WORD",
      " ",
      "\n",
      "\r\n",
      "  ",
      "123",
      "!?",
      "'s",
      "中文",
      "é",
      "😀",
      "<|endoftext|>",
      "\t",
      "/",
    ),
    fc.integer({ min: 1, max: 12 }),
  )
  .map(([text, times]) => text.repeat(times));
/** A run longer than PIECE_CHARS: one piece the tokenizer would merge in quadratic time. */
const longRun = fc
  .tuple(fc.constantFrom("z", "Z", "-", " ", "中", "\u0301"), fc.integer({ min: PIECE_CHARS + 1, max: 900 }))
  .map(([text, times]) => text.repeat(times));
const text = fc
  .array(fc.oneof({ arbitrary: fragment, weight: 30 }, { arbitrary: longRun, weight: 1 }), {
    minLength: 1,
    maxLength: 80,
  })
  .map((parts) => parts.join(""));

let seed = 7;
function randomLetters(length: number, from = 97, span = 26): string {
  const codes: number[] = [];
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    codes.push(from + (seed % span));
  }
  let out = "";
  for (let index = 0; index < codes.length; index += 4096)
    out += String.fromCharCode(...codes.slice(index, index + 4096));
  return out;
}

function millisecondsToCount(text: string): number {
  const started = performance.now();
  countO200k(text);
  return performance.now() - started;
}

describe("countO200k", () => {
  it("counts exactly what the tokenizer counts when no piece is longer than PIECE_CHARS", () => {
    const branches = { exact: 0, chunked: 0 };
    fc.assert(
      fc.property(text, (sample) => {
        if (longestPiece(sample) <= PIECE_CHARS) {
          branches.exact += 1;
          expect(countO200k(sample)).toBe(exact(sample));
        } else {
          branches.chunked += 1;
          // A long piece is counted in chunks: each cut may change the merges next to it, and nothing else.
          const cuts = Math.ceil(sample.length / PIECE_CHARS);
          expect(Math.abs(countO200k(sample) - exact(sample))).toBeLessThanOrEqual(2 * cuts + 2);
        }
      }),
      { numRuns: 300 },
    );
    expect(branches.exact).toBeGreaterThan(30);
    expect(branches.chunked).toBeGreaterThan(30);
  });

  it("counts README-like prose of any length exactly", () => {
    const prose =
      "The gateway re-exposes the curated catalogue as one MCP server, with `names` kept. ".repeat(4_000);
    expect(prose.length).toBeGreaterThan(300_000);
    expect(countO200k(prose)).toBe(exact(prose));
  });

  it("counts a megabyte one-word string of any shape in bounded work, at the rate of its start", () => {
    const shapes: Record<string, (length: number) => string> = {
      "one letter": (length) => "a".repeat(length),
      "random letters": (length) => randomLetters(length),
      "random capitals": (length) => randomLetters(length, 65),
      "CJK ideographs": (length) => randomLetters(length, 0x4e00, 2_000),
      punctuation: (length) => randomLetters(length, 33, 14),
      spaces: (length) => " ".repeat(length),
    };
    for (const [shape, make] of Object.entries(shapes)) {
      const half = countO200k(make(500_000));
      const whole = countO200k(make(1_000_000));
      expect(whole / half, shape).toBeGreaterThan(1.98);
      expect(whole / half, shape).toBeLessThan(2.02);
    }
    // Linear work makes eight times the text take at most eight times as long, quadratic work 64 times (before:
    // 100k characters took 4 s, 200k 34 s). Fresh strings each, so the tokenizer's merge cache does not help.
    const small = randomLetters(125_000);
    const large = randomLetters(1_000_000);
    expect(millisecondsToCount(large) / millisecondsToCount(small)).toBeLessThan(24);
  }, 120_000);
});
