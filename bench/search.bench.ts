/**
 * Tool search. (1) Building the BM25F index over the 8,245 Smithery tools (shared/data/smithery), several
 * rounds, median. (2) Query latency, median and p99, for 2,000 ToolLens queries against ToolLens + all
 * Smithery tools (8,709), for switchboard's index and the plain BM25 baseline. (3) The incremental update a
 * `list_changed` costs: replacing one server's tools. Run with `npm run bench -- search`.
 */
import { readFileSync } from "node:fs";
import { createBaselineIndex } from "../src/search/baseline-index.js";
import { parseJsonl, pickDistractors, readQueries, readTools } from "../src/search/eval-data.js";
import { percentile } from "../src/search/run-eval.js";
import { createToolIndex } from "../src/search/tool-index.js";
import type { ServerTool } from "../src/spec/tool.js";
import { sharedDataFile } from "../test/support/shared-data.js";
import { type BenchContext, median } from "./run.js";

const buildRounds = 7;
const queryCount = 2_000;

function load(dataset: string, file: string): unknown[] {
  const path = sharedDataFile(dataset, file);
  return parseJsonl(readFileSync(path, "utf8"), path);
}

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

export default async function searchBench(context: BenchContext): Promise<void> {
  const smithery = readTools(load("smithery", "tools.jsonl"), "smithery/tools.jsonl");
  const toollens = readTools(load("toollens", "tools.jsonl"), "toollens/tools.jsonl");
  const queries = readQueries(load("toollens", "queries.jsonl"), "toollens/queries.jsonl").slice(
    0,
    queryCount,
  );

  createToolIndex(smithery.slice(0, 500)); // warm up the tokenizer's regular expressions and the JIT
  const builds = Array.from({ length: buildRounds }, () => timed(() => createToolIndex(smithery)));
  context.report({
    name: `index build, ${smithery.length.toLocaleString("en-US")} Smithery tools`,
    values: {
      median_ms: Math.round(median(builds)),
      min_ms: Math.round(Math.min(...builds)),
      rounds: buildRounds,
    },
  });

  const catalogue: ServerTool[] = [...toollens, ...pickDistractors(smithery, toollens)];
  for (const [name, index] of [
    ["switchboard BM25F", createToolIndex(catalogue)],
    ["baseline plain BM25", createBaselineIndex(catalogue)],
  ] as const) {
    for (const query of queries.slice(0, 100)) index.search(query.query, 10);
    const latencies = queries.map((query) => timed(() => index.search(query.query, 10)));
    context.report({
      name: `query, ${name}, ${catalogue.length.toLocaleString("en-US")} tools`,
      values: {
        median_ms: Number(median(latencies).toFixed(3)),
        p99_ms: Number(percentile(latencies, 0.99).toFixed(3)),
        queries: latencies.length,
      },
    });
  }

  // list_changed: one server's tools replaced in an index of 8,709.
  const index = createToolIndex(catalogue);
  const servers = [...new Set(smithery.map((item) => item.server))];
  const byServer = new Map<string, ServerTool[]>();
  for (const item of smithery) byServer.set(item.server, [...(byServer.get(item.server) ?? []), item]);
  const replaces = servers
    .slice(0, 200)
    .map((server) => timed(() => index.replace(server, byServer.get(server) ?? [])));
  context.report({
    name: "replace one server's tools (list_changed)",
    values: {
      median_ms: Number(median(replaces).toFixed(3)),
      p99_ms: Number(percentile(replaces, 0.99).toFixed(3)),
      servers: replaces.length,
    },
  });
}
