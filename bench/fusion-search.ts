/**
 * Untuned fusion variants of the tool retriever against the plain baseline, each data set with 1,731 Smithery
 * distractors, full query sets. Nothing here is fitted to any set, so every figure is a left-out figure.
 * Run: `node --import tsx bench/fusion-search.ts`.
 */
import { readFileSync } from "node:fs";
import { createBaselineIndex } from "../src/search/baseline-index.js";
import { parseJsonl, pickDistractors, readQueries, readTools } from "../src/search/eval-data.js";
import { type Fusion, fuse } from "../src/search/fusion.js";
import { cleanQuery } from "../src/search/query-cleanup.js";
import {
  compareToBaseline,
  evaluateRetriever,
  type Retriever,
  type RetrieverRun,
} from "../src/search/run-eval.js";
import { createToolIndex, parseToolKey, toolKey } from "../src/search/tool-index.js";
import { sharedDataFile } from "../test/support/shared-data.js";

const KS = [1, 5, 10];
const DEPTH = 50;
const load = (dataset: string, file: string) => {
  const path = sharedDataFile(dataset, file);
  return parseJsonl(readFileSync(path, "utf8"), path);
};
const smithery = readTools(load("smithery", "tools.jsonl"), "smithery");

function fused(name: string, fusion: Fusion, clean: boolean): Retriever {
  return {
    name,
    build(tools) {
      const ours = createToolIndex(tools);
      const plain = createBaselineIndex(tools);
      const keyed = (hits: { server: string; tool: string; score: number }[]) =>
        hits.map((hit) => ({ key: toolKey(hit.server, hit.tool), score: hit.score }));
      return {
        search(query, limit) {
          const q = clean ? cleanQuery(query) : query;
          return fuse(keyed(ours.search(q, DEPTH)), keyed(plain.search(q, DEPTH)), fusion, limit).map(
            ({ key, score }) => ({ ...parseToolKey(key), score }),
          );
        },
      };
    },
  };
}

const variants: Retriever[] = [
  { name: "current default", build: (tools) => createToolIndex(tools) },
  fused("rrf(current, plain)", { kind: "rrf" }, false),
  fused("weighted(current, plain)", { kind: "weighted" }, false),
  fused("weighted(current, plain) + clean", { kind: "weighted" }, true),
];
const f = (d: { mean: number; low: number; high: number }) =>
  `${(100 * d.mean).toFixed(1)} [${(100 * d.low).toFixed(1)}, ${(100 * d.high).toFixed(1)}]`;
const row = (run: RetrieverRun) =>
  `R@1 ${(100 * (run.metrics.recallAny[0] ?? 0)).toFixed(1)} R@5 ${(100 * (run.metrics.recallAny[1] ?? 0)).toFixed(1)} R@10 ${(100 * (run.metrics.recallAny[2] ?? 0)).toFixed(1)} MRR ${run.metrics.mrr.toFixed(3)} build ${run.buildMs.toFixed(0)}ms p50 ${run.medianQueryMs.toFixed(2)}ms`;
for (const name of (process.env.SETS ?? "metatool,toollens,mcptoolbench-pp").split(",")) {
  const own = readTools(load(name, "tools.jsonl"), name);
  const catalogue = [...own, ...pickDistractors(smithery, own, 1_731)];
  const all = readQueries(load(name, "queries.jsonl"), name);
  const queries = all.slice(0, Number(process.env.QUERIES ?? all.length));
  const base = evaluateRetriever(
    { name: "baseline", build: (t) => createBaselineIndex(t) },
    catalogue,
    queries,
    KS,
  );
  console.log(`\n== ${name}: ${catalogue.length} tools, ${queries.length} queries\nbaseline ${row(base)}`);
  for (const variant of variants) {
    const run = evaluateRetriever(variant, catalogue, queries, KS);
    const c = compareToBaseline(run, base);
    console.log(
      `${variant.name}: ${row(run)} ΔR@1 ${f(c.recallAny[0] ?? c.mrr)} ΔR@5 ${f(c.recallAny[1] ?? c.mrr)} ΔMRR ${c.mrr.mean.toFixed(3)}`,
    );
  }
}
