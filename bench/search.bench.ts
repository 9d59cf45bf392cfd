/**
 * Tool search at 10,000 tools: every shared tool (Smithery dev, ToolLens, MetaTool, MCPToolBench++: 8,995) plus
 * Smithery tools again under renamed servers up to 10,000. (1) Building the default index and answering its
 * first query (the word-vector side builds its tool vectors then), several rounds, median wall and CPU time (CPU
 * time says what the build costs when the machine is shared). (2) Query latency,
 * median and p99, for 2,000 ToolLens queries, for switchboard's index and the plain BM25 baseline. (3) The
 * incremental update a `list_changed` costs: replacing one server's tools, then the next query (which rebuilds
 * the tool vectors). Run with `npm run bench -- search`.
 */
import { readFileSync } from "node:fs";
import { createBaselineIndex } from "../src/search/baseline-index.js";
import { parseJsonl, readQueries, readTools } from "../src/search/eval-data.js";
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
  const shared = [
    ...smithery,
    ...toollens,
    ...["metatool", "mcptoolbench-pp"].flatMap((name) => readTools(load(name, "tools.jsonl"), name)),
  ];
  const tenThousand = [
    ...shared,
    ...smithery.slice(0, 10_000 - shared.length).map((item) => ({ ...item, server: `${item.server}-copy` })),
  ];
  const queries = readQueries(load("toollens", "queries.jsonl"), "toollens/queries.jsonl").slice(
    0,
    queryCount,
  );

  createToolIndex(smithery.slice(0, 500)); // warm up the tokenizer's regular expressions and the JIT
  const cpu: number[] = [];
  const builds = Array.from({ length: buildRounds }, () => {
    const before = process.cpuUsage();
    const wall = timed(() => createToolIndex(tenThousand).search("read a file", 10));
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
    return wall;
  });
  context.report({
    name: `index build, ${tenThousand.length.toLocaleString("en-US")} tools`,
    values: {
      median_ms: Math.round(median(builds)),
      min_ms: Math.round(Math.min(...builds)),
      cpu_median_ms: Math.round(median(cpu)),
      rounds: buildRounds,
    },
  });

  const catalogue: ServerTool[] = tenThousand;
  for (const [name, index] of [
    ["switchboard", createToolIndex(catalogue)],
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
  const replaces = servers.slice(0, 200).map((server) =>
    timed(() => {
      index.replace(server, byServer.get(server) ?? []);
      index.search("read a file", 10);
    }),
  );
  context.report({
    name: "replace one server's tools (list_changed), then a query",
    values: {
      median_ms: Number(median(replaces).toFixed(3)),
      p99_ms: Number(percentile(replaces, 0.99).toFixed(3)),
      servers: replaces.length,
    },
  });
}
