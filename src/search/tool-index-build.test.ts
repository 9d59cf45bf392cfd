import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { PLAIN_STOP_WORDS, plainTerms } from "./plain-bm25.js";
import { DEFAULT_SEARCH_CONFIG } from "./search-config.js";
import { tokenize, tokenizeTwice, wordRoles } from "./tokenize.js";
import { createToolIndex } from "./tool-index.js";

// Pieces that exercise every tokeniser branch: case splits, stop words, stems, accents, NFKC, unspaced scripts.
const PIECES = [
  "getUserInfo",
  "HTMLParser",
  "PayPal",
  "list_files",
  "maps.geocode",
  "the",
  "and",
  "of",
  "running",
  "files",
  "Café",
  "naïve",
  "ＡＢＣ",
  "搜索工具",
  "API接口",
  "ファイル",
  "v2",
  "2024",
  "x",
];
const SEPARATORS = [" ", "_", "-", ".", "/", "\n", ", "];
const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), { maxLength: 12 })
  .map((parts) => parts.map(([piece, separator]) => piece + separator).join(""));
const identifier = fc
  .array(fc.constantFrom(...PIECES.slice(0, 11), ...PIECES.slice(14)), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join("_"));

const toolArbitrary = fc.record({
  server: fc.constantFrom("github", "fileSystem", "weather-api", "搜索"),
  name: identifier,
  title: fc.option(text, { nil: undefined }),
  description: fc.option(text, { nil: undefined }),
  parameters: fc.array(fc.tuple(identifier, text), { maxLength: 3 }),
});

function asTool(arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<ServerTool> {
  return (arbitrary as typeof toolArbitrary).map(({ server, name, title, description, parameters }) => ({
    server,
    tool: {
      name,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      inputSchema: {
        type: "object",
        properties: Object.fromEntries(
          parameters.map(([key, about]) => [key, { type: "string", description: about }]),
        ),
      },
    },
  }));
}

describe("the shared tokenisation of the index build", () => {
  it("tokenizeTwice gives exactly what the two separate tokenize calls give", () => {
    const variants = [
      DEFAULT_SEARCH_CONFIG.tokenize,
      { ...DEFAULT_SEARCH_CONFIG.tokenize, keepUnstemmed: true },
      { ...DEFAULT_SEARCH_CONFIG.tokenize, splitCase: false },
      { splitCase: true },
    ];
    fc.assert(
      fc.property(text, fc.constantFrom(...variants), (sample, options) => {
        const terms: string[] = [];
        const plain: string[] = [];
        const roles = wordRoles(options, PLAIN_STOP_WORDS);
        tokenizeTwice(sample, options.splitCase ?? true, roles, terms, plain);
        expect(terms).toEqual(tokenize(sample, options));
        expect(plain).toEqual(plainTerms(sample));
      }),
      { numRuns: 400 },
    );
  });

  it("gives the same hits and scores as tokenising every field and the plain document on its own", () => {
    // A gloss that adds nothing takes the general path, which tokenises each text separately as before.
    const separately = { ...DEFAULT_SEARCH_CONFIG, gloss: () => "" };
    fc.assert(
      fc.property(
        fc.array(asTool(toolArbitrary), { minLength: 1, maxLength: 25 }),
        fc.array(text, { minLength: 1, maxLength: 5 }),
        (tools, queries) => {
          const shared = createToolIndex(tools);
          const reference = createToolIndex(tools, separately);
          for (const query of queries) expect(shared.search(query, 10)).toEqual(reference.search(query, 10));
        },
      ),
      { numRuns: 150 },
    );
  });
});
