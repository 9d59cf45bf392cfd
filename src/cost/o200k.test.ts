/**
 * The tokenizer switchboard loads (the package's dist/vendor/o200k.cjs, built by `npm run build`) against
 * gpt-tokenizer's own o200k_base (a devDependency): the same tokens for real tool definitions, every script and
 * the special-token strings, so vendoring changed no count the cost model or truncation reports.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../package-root.js";
import { type O200k, o200k, o200kPieces } from "./o200k.js";

const root = packageRoot(import.meta.url);
const load = createRequire(import.meta.url);
const reference = load("gpt-tokenizer/encoding/o200k_base") as O200k;
const { O200K_TOKEN_SPLIT_REGEX } = load("gpt-tokenizer/encodingParams/constants") as {
  O200K_TOKEN_SPLIT_REGEX: RegExp;
};
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
  it("is the package's vendored copy, not gpt-tokenizer", () => {
    expect(existsSync(join(root, "dist", "vendor", "o200k.cjs"))).toBe(true);
    const resolved = Object.keys(load.cache).filter((path) => path.includes("gpt-tokenizer"));
    o200k().countTokens("warm", PLAIN);
    const vendored = Object.keys(load.cache).filter((path) =>
      path.endsWith(join("dist", "vendor", "o200k.cjs")),
    );
    expect(vendored).toHaveLength(1);
    // The reference above is the only gpt-tokenizer module loaded; the vendored copy added none.
    expect(Object.keys(load.cache).filter((path) => path.includes("gpt-tokenizer"))).toEqual(resolved);
  });

  it("counts, encodes and decodes real tool definitions as gpt-tokenizer does", () => {
    const texts = catalogueTexts();
    expect(texts.length).toBeGreaterThan(100);
    for (const text of texts) {
      const tokens = o200k().encode(text, PLAIN);
      expect(tokens).toEqual(reference.encode(text, PLAIN));
      expect(o200k().countTokens(text, PLAIN)).toBe(tokens.length);
      expect(o200k().decode(tokens)).toBe(text);
    }
  });

  it("agrees on any text: every script, special-token strings, long runs (property)", () => {
    const special = fc.constantFrom("<|endoftext|>", "<|im_start|>", "<|fim_prefix|>", " <|endofprompt|>");
    const text = fc.array(fc.oneof(fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }), special), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(text, (parts) => {
        const joined = parts.join("");
        expect(o200k().encode(joined, PLAIN)).toEqual(reference.encode(joined, PLAIN));
      }),
      { numRuns: 300 },
    );
  });

  it("splits text into the same pieces", () => {
    expect(o200kPieces().source).toBe(O200K_TOKEN_SPLIT_REGEX.source);
    expect(o200kPieces().flags).toBe(O200K_TOKEN_SPLIT_REGEX.flags);
  });
});
