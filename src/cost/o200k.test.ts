/**
 * The tokenizer switchboard loads (its own encoder over the package's dist/vendor/o200k.bin, built by `npm run
 * build`) against gpt-tokenizer's own o200k_base (a devDependency): the same tokens for real tool definitions,
 * every script and the special-token strings, so the cost model and truncation count exactly what they counted
 * with gpt-tokenizer.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../package-root.js";
import { O200K_FILE, o200k } from "./o200k.js";

const root = packageRoot(import.meta.url);
const load = createRequire(import.meta.url);
interface Reference {
  encode(text: string, options: object): number[];
  decode(tokens: number[]): string;
}
const reference = load("gpt-tokenizer/encoding/o200k_base") as Reference;
const { O200K_TOKEN_SPLIT_REGEX } = load("gpt-tokenizer/encodingParams/constants") as {
  O200K_TOKEN_SPLIT_REGEX: RegExp;
};
/** gpt-tokenizer's way of saying what switchboard always does: special-token strings are text. */
const PLAIN = { disallowedSpecial: new Set<string>() };

/** Public tool definitions (the Smithery catalogue, ../shared/data): descriptions and schemas as servers send them. */
function catalogueTexts(): string[] {
  const file = join(root, "..", "shared", "data", "smithery", "tools.jsonl");
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, 400);
  return rows.map((line) => JSON.stringify(JSON.parse(line)));
}

describe("the o200k tokenizer switchboard loads", () => {
  it("reads the package's rank file and loads no gpt-tokenizer module", () => {
    expect(existsSync(join(root, "dist", "vendor", O200K_FILE))).toBe(true);
    const before = Object.keys(load.cache).filter((path) => path.includes("gpt-tokenizer"));
    o200k().countTokens("warm");
    // The reference above is the only gpt-tokenizer code loaded; the tokenizer added none.
    expect(Object.keys(load.cache).filter((path) => path.includes("gpt-tokenizer"))).toEqual(before);
  });

  it("counts, encodes and decodes real tool definitions as gpt-tokenizer does", () => {
    const texts = catalogueTexts();
    expect(texts.length).toBeGreaterThan(100);
    for (const text of texts) {
      const tokens = o200k().encode(text);
      expect(tokens).toEqual(reference.encode(text, PLAIN));
      expect(o200k().countTokens(text)).toBe(tokens.length);
      expect(o200k().decode(tokens)).toBe(text);
    }
  });

  it("agrees on any text: every script, special-token strings, long runs (property)", () => {
    const special = fc.constantFrom("<|endoftext|>", "<|im_start|>", "<|fim_prefix|>", " <|endofprompt|>");
    const run = fc
      .tuple(
        fc.constantFrom("x", "ab", "\u00e9", "\u4e2d", " ", "\ud83d\ude00", "0"),
        fc.integer({ min: 1, max: 300 }),
      )
      .map(([unit, times]) => unit.repeat(times));
    const text = fc.array(
      fc.oneof(fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }), special, run),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(text, (parts) => {
        const joined = parts.join("");
        const tokens = o200k().encode(joined);
        expect(tokens).toEqual(reference.encode(joined, PLAIN));
        expect(o200k().countTokens(joined)).toBe(tokens.length);
        expect(o200k().decode(tokens)).toBe(reference.decode(tokens));
      }),
      { numRuns: 300 },
    );
  });

  it("decodes any prefix of an encoding to a prefix of the text, whole characters only (property)", () => {
    const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(text, fc.nat(), (value, cut) => {
        const tokens = o200k().encode(value);
        const kept = tokens.slice(0, cut % (tokens.length + 1));
        const decoded = o200k().decode(kept);
        expect(value.startsWith(decoded)).toBe(true);
        expect(decoded).not.toContain("\ufffd");
        // Each decode starts afresh: an unfinished character from one call never reaches the next.
        expect(o200k().decode(tokens)).toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it("reads text as TextEncoder does, a lone surrogate as U+FFFD (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (value) => {
        const written = new TextDecoder().decode(new TextEncoder().encode(value));
        expect(o200k().decode(o200k().encode(value))).toBe(written);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a token that is not in the table", () => {
    expect(() => o200k().decode([199_998])).toThrow(RangeError);
    expect(() => o200k().decode([-1])).toThrow(/Token -1 is not in the rank table/);
    expect(() => o200k().decode([1.5])).toThrow(RangeError);
  });

  it("splits text into the same pieces", () => {
    expect(o200k().pieces.source).toBe(O200K_TOKEN_SPLIT_REGEX.source);
    expect(o200k().pieces.flags).toBe(O200K_TOKEN_SPLIT_REGEX.flags);
  });
});
