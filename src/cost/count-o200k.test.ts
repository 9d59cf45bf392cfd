import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { describe, expect, it } from "vitest";
import { countO200k, LONG_PIECE_BUDGET, PIECE_CHARS } from "./count-o200k.js";

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
/** A run longer than PIECE_CHARS: one piece that counts against the long-piece budget. */
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
  it("counts exactly what the tokenizer counts while the long pieces fit LONG_PIECE_BUDGET (property)", () => {
    // Past LONG_PIECE_BUDGET characters of text the pieces are walked one by one; prose in front puts every
    // sample there, so runs and long pieces are counted apart and must still add up to the exact count.
    const filler = "Lists the open issues of a repository, newest first; `state` filters them. ".repeat(900);
    expect(filler.length).toBeGreaterThan(LONG_PIECE_BUDGET);
    let long = 0;
    fc.assert(
      fc.property(text, (sample) => {
        if (longestPiece(sample) > PIECE_CHARS) long += 1;
        expect(countO200k(filler + sample)).toBe(exact(filler + sample));
        expect(countO200k(sample)).toBe(exact(sample));
      }),
      { numRuns: 120 },
    );
    expect(long).toBeGreaterThan(10);
  });

  it("counts long pieces exactly up to the budget, then at the rate of those counted", () => {
    const pieces = Array.from({ length: 4 }, () => randomLetters(LONG_PIECE_BUDGET / 2 - 1));
    // Longer than the budget with the prose in front, so the pieces are walked; both long ones fit it.
    const two = `${"Reads one file of the project. ".repeat(40)}${pieces.slice(0, 2).join(" ")}`;
    expect(two.length).toBeGreaterThan(LONG_PIECE_BUDGET);
    expect(countO200k(two)).toBe(exact(two));
    // The first two pieces fill the budget; the other two are estimated at their rate.
    const four = pieces.join(" ");
    expect(Math.abs(countO200k(four) - exact(four)) / exact(four)).toBeLessThan(0.01);
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
