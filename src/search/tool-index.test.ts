import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharedDataFile } from "../../test/support/shared-data.js";
import type { ServerTool } from "../spec/tool.js";
import { createBaselineIndex } from "./baseline-index.js";
import { parseJsonl, readQueries, readTools } from "./eval-data.js";
import { fuse } from "./fusion.js";
import { DEFAULT_SEARCH_CONFIG, LEXICAL_SEARCH_CONFIG } from "./search-config.js";
import { createToolIndex, parseToolKey, type SearchHit, toolKey } from "./tool-index.js";

const tool = (server: string, name: string, description: string, properties = {}): ServerTool => ({
  server,
  tool: { name, description, inputSchema: { type: "object", properties } },
});

const catalogue: ServerTool[] = [
  tool("weather", "get_forecast", "Weather forecast for a city", { city: { type: "string" } }),
  tool("weather", "get_alerts", "Severe weather alerts for a US state"),
  tool("github", "createIssue", "Open a new issue in a repository", { repo: { type: "string" } }),
  tool("github", "list_pull_requests", "List pull requests of a repository"),
  tool("files", "read_file", "Read a text file from disk", {
    path: { type: "string", description: "File path" },
  }),
  tool("stripe", "create_invoice", "Bill a customer"),
];

describe("createToolIndex", () => {
  it("finds tools by words of their split names, descriptions, parameters and server", () => {
    const index = createToolIndex(catalogue);
    expect(index.size).toBe(6);
    expect(index.search("create issue", 1)[0]).toMatchObject({ server: "github", tool: "createIssue" });
    expect(index.search("pull requests", 1)[0]).toMatchObject({ tool: "list_pull_requests" });
    expect(index.search("file path", 1)[0]).toMatchObject({ tool: "read_file" });
    expect(index.search("stripe", 1)[0]).toMatchObject({ tool: "create_invoice" });
    expect(
      index
        .search("weather in Paris", 2)
        .map((hit) => hit.tool)
        .sort(),
    ).toEqual(["get_alerts", "get_forecast"]);
  });

  it("matches inflected forms through stemming and ignores contraction fragments", () => {
    const index = createToolIndex(catalogue);
    expect(index.search("forecasting", 1)[0]?.tool).toBe("get_forecast");
    expect(index.search("reading files", 1)[0]?.tool).toBe("read_file");
    expect(index.search("I'm what's", 5)).toEqual([]);
  });

  it("leaves a field out when its weight is 0", () => {
    // Without the plain-BM25 channel, which indexes every field unweighted, and the word vectors.
    const { plainFusion: _, ...bm25fOnly } = LEXICAL_SEARCH_CONFIG;
    const index = createToolIndex(catalogue, {
      ...bm25fOnly,
      weights: { ...DEFAULT_SEARCH_CONFIG.weights, server: 0 },
    });
    expect(index.search("stripe", 5)).toEqual([]);
  });

  it("returns nothing for a query of stop words or unknown words, and scores in descending order", () => {
    const index = createToolIndex(catalogue);
    expect(index.search("the of and", 5)).toEqual([]);
    expect(index.search("zzzz", 5)).toEqual([]);
    const scores = index.search("create a new issue or invoice", 5).map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("removes and replaces per server", () => {
    const index = createToolIndex(catalogue, LEXICAL_SEARCH_CONFIG);
    expect(index.remove("github")).toBe(2);
    expect(index.remove("github")).toBe(0);
    expect(index.has("github", "createIssue")).toBe(false);
    expect(index.search("issue", 5)).toEqual([]);
    index.replace("weather", [tool("weather", "get_forecast", "Hourly forecast")]);
    expect(index.size).toBe(3);
    expect(index.search("alerts", 5)).toEqual([]);
    expect(index.search("hourly", 5).map((hit) => hit.tool)).toEqual(["get_forecast"]);
  });

  it("by default also ranks by word vectors: a tool found by meaning when no word is shared", () => {
    const tools = [
      tool("markets", "get_quote", "Latest quote for a ticker symbol on an exchange", {
        symbol: { type: "string" },
      }),
      tool("files", "upload", "Upload a document to the drive and set who can see it"),
      tool("weather", "get_forecast", "Weather forecast for a city"),
    ];
    const query = "current share price of Tencent";
    expect(createToolIndex(tools, LEXICAL_SEARCH_CONFIG).search(query, 3)).toEqual([]);
    expect(createToolIndex(tools).search(query, 1)[0]?.tool).toBe("get_quote");
    // Never read for a lexical configuration: a word-vector source that throws is not called.
    const failing = () => {
      throw new Error("read");
    };
    expect(() => createToolIndex(tools, { ...LEXICAL_SEARCH_CONFIG, wordVectors: failing })).not.toThrow();
  });

  it("refuses a fusion share outside 0 to 1, naming the option", () => {
    expect(() => createToolIndex(catalogue, { ...DEFAULT_SEARCH_CONFIG, denseFusion: 1.5 })).toThrow(
      /SearchConfig\.denseFusion .* from 0 to 1; got 1\.5/,
    );
    expect(() => createToolIndex(catalogue, { ...DEFAULT_SEARCH_CONFIG, plainFusion: Number.NaN })).toThrow(
      /SearchConfig\.plainFusion .* got NaN/,
    );
  });

  it("refuses to replace a server's tools with another server's", () => {
    const index = createToolIndex(catalogue);
    expect(() => index.replace("weather", [tool("github", "x", "y")])).toThrow(
      /given a tool of server "github"/,
    );
    expect(index.size).toBe(6);
  });

  it("keys round-trip", () => {
    expect(parseToolKey(toolKey("a/b", "c.d"))).toEqual({ server: "a/b", tool: "c.d" });
  });

  it("incremental add/remove/replace per server gives the same results as a fresh build (property)", () => {
    const word = fc.constantFrom(
      "weather",
      "forecast",
      "issue",
      "repo",
      "file",
      "read",
      "send",
      "mail",
      "city",
      "get",
    );
    const serverName = fc.constantFrom("alpha", "beta", "gamma-mcp", "delta_x");
    const toolList = (server: string) =>
      fc
        .uniqueArray(
          fc.record({
            name: fc.constantFrom("get_item", "listThings", "send-mail", "read.file", "search"),
            description: fc.array(word, { maxLength: 6 }).map((words) => words.join(" ")),
            param: fc.option(word, { nil: undefined }),
          }),
          { selector: (entry) => entry.name, maxLength: 4 },
        )
        .map((entries) =>
          entries.map((entry) =>
            tool(
              server,
              entry.name,
              entry.description,
              entry.param === undefined ? {} : { [entry.param]: { type: "string" } },
            ),
          ),
        );
    const operation = serverName.chain((server) =>
      fc.oneof(
        toolList(server).map((tools) => ({ kind: "replace" as const, server, tools })),
        toolList(server).map((tools) => ({ kind: "add" as const, server, tools })),
        fc.constant({ kind: "remove" as const, server, tools: [] as ServerTool[] }),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 12 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        (operations, query) => {
          const index = createToolIndex([]);
          const state = new Map<string, Map<string, ServerTool>>();
          for (const { kind, server, tools } of operations) {
            if (kind === "remove") {
              index.remove(server);
              state.delete(server);
            } else if (kind === "replace") {
              index.replace(server, tools);
              state.set(server, new Map(tools.map((item) => [item.tool.name, item])));
            } else {
              index.add(tools);
              const current = state.get(server) ?? new Map<string, ServerTool>();
              for (const item of tools) current.set(item.tool.name, item);
              state.set(server, current);
            }
          }
          const final = [...state.values()].flatMap((tools) => [...tools.values()]).reverse();
          const fresh = createToolIndex(final);
          expect(index.size).toBe(fresh.size);
          expect(index.search(query.join(" "), 20)).toEqual(fresh.search(query.join(" "), 20));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("createToolIndex with plain-BM25 fusion (the default)", () => {
  it("ranks by the even fusion of its BM25F list and the plain baseline's, which differ on real queries", () => {
    const tools = readTools(
      parseJsonl(readFileSync(sharedDataFile("mcptoolbench-pp", "tools.jsonl"), "utf8"), "tools"),
      "tools",
    );
    const queries = readQueries(
      parseJsonl(readFileSync(sharedDataFile("mcptoolbench-pp", "queries.jsonl"), "utf8"), "queries"),
      "queries",
    ).slice(0, 60);
    // Raw queries on both sides, as the baseline takes them; no word vectors.
    const { queryCleanup: _cleanup, ...fusion } = LEXICAL_SEARCH_CONFIG;
    const { plainFusion: _, ...bm25fOnly } = fusion;
    const fused = createToolIndex(tools, fusion);
    const lexical = createToolIndex(tools, bm25fOnly);
    const plain = createBaselineIndex(tools);
    const keyed = (hits: SearchHit[]) =>
      hits.map((hit) => ({ key: toolKey(hit.server, hit.tool), score: hit.score }));
    let differing = 0;
    for (const { query } of queries) {
      const expected = fuse(
        keyed(lexical.search(query, 50)),
        keyed(plain.search(query, 50)),
        { kind: "weighted" },
        5,
      );
      const got = keyed(fused.search(query, 5));
      expect(got.map((hit) => hit.key)).toEqual(expected.map((hit) => hit.key));
      const alone = keyed(lexical.search(query, 5)).map((hit) => hit.key);
      if (alone.join() !== got.map((hit) => hit.key).join()) differing += 1;
    }
    expect(differing).toBeGreaterThan(0);
  });
});
