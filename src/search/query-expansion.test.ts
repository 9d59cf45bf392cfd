import { describe, expect, it } from "vitest";
import { Bm25fIndex } from "./bm25f.js";
import { expandQuery, feedbackTerms } from "./query-expansion.js";
import { LEXICAL_SEARCH_CONFIG } from "./search-config.js";
import { createToolIndex } from "./tool-index.js";

const tool = (server: string, name: string, description: string) => ({
  server,
  tool: { name, description, inputSchema: { type: "object", properties: {} } },
});

describe("query expansion", () => {
  it("adds related words at the table's weight, once each, never a query term again", () => {
    const related = new Map([["picture", ["image", "photo", "picture"]]]);
    const out = expandQuery(
      ["picture", "resize"],
      { terms: ["picture", "resize"], weights: [1, 1] },
      [{ weight: 0.2, related: (word) => related.get(word) }],
      (text) => [text],
    );
    expect(out).toEqual({ terms: ["picture", "resize", "image", "photo"], weights: [1, 1, 0.2, 0.2] });
  });

  it("feedback takes terms shared by at least two of the first results, rarest first", () => {
    const index = new Bm25fIndex(1);
    index.add("a", [["weather", "forecast", "city"]]);
    index.add("b", [["weather", "forecast", "rain"]]);
    index.add("c", [["stock", "price", "city"]]);
    index.add("d", [["stock", "forecast"]]);
    const out = feedbackTerms(
      index,
      ["a", "b"],
      { terms: ["weather"], weights: [1] },
      { documents: 2, terms: 3, weight: 0.3 },
    );
    expect(out).toEqual({ terms: ["weather", "forecast"], weights: [1, 0.3] });
  });

  it("a term weight scales that term's contribution to the score", () => {
    const index = new Bm25fIndex(1);
    index.add("a", [["weather"]]);
    index.add("b", [["stock"]]);
    const params = { k1: 1.2, b: 0.75, weights: [1] };
    const full = index.search(["weather"], 1, params)[0]?.score ?? 0;
    expect(index.search(["weather"], 1, params, [0.25])[0]?.score).toBeCloseTo(full * 0.25, 12);
  });

  it("the index config's expansions, feedback and cleanup change what a query finds", () => {
    const tools = [
      tool("photos", "resize_image", "Resize an image to a width and height"),
      tool("files", "read_file", "Read a file from disk"),
      tool("notes", "append_note", "Append text to a note"),
    ];
    const plain = { ...LEXICAL_SEARCH_CONFIG };
    delete plain.plainFusion;
    delete plain.queryCleanup;
    const related = new Map([["picture", ["image"]]]);
    const expanded = createToolIndex(tools, {
      ...plain,
      expansions: [{ weight: 0.3, related: (word) => related.get(word) }],
    });
    expect(createToolIndex(tools, plain).search("picture", 3)).toEqual([]);
    expect(expanded.search("picture", 3).map((hit) => hit.tool)).toEqual(["resize_image"]);
    // "/tmp/a/b.txt" is a file path: cleanup turns it into the words "file path".
    const cleaned = createToolIndex(tools, { ...plain, queryCleanup: true });
    expect(createToolIndex(tools, plain).search("/tmp/a/b.txt", 3)).toEqual([]);
    expect(cleaned.search("/tmp/a/b.txt", 3).map((hit) => hit.tool)).toEqual(["read_file"]);
  });

  it('queryCleanup "task" rewrites only a query holding a path, URL, email or selector', () => {
    const tools = [
      tool("files", "read_file", "Read a file from disk"),
      tool("help", "help_desk", "Open a help desk ticket for order 202212 of ISO 3166"),
    ];
    const task = createToolIndex(tools, { ...LEXICAL_SEARCH_CONFIG, queryCleanup: "task" });
    const always = createToolIndex(tools, { ...LEXICAL_SEARCH_CONFIG, queryCleanup: true });
    expect(task.search("read /tmp/a/b.txt", 3).map((hit) => hit.tool)).toEqual(["read_file"]);
    // No path or URL: the words stay ("help me" and the long number are what always-on cleanup drops).
    expect(task.search("help me with 202212", 3).map((hit) => hit.tool)).toEqual(["help_desk"]);
    expect(always.search("help me with 202212", 3)).toEqual([]);
    // Short numbers name things and stay even under always-on cleanup.
    expect(always.search("ISO 3166", 3).map((hit) => hit.tool)).toEqual(["help_desk"]);
  });
});
