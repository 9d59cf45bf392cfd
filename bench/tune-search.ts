/**
 * Leave-one-dataset-out tuning of the tool retriever. Each of MetaTool, ToolLens (train) and MCPToolBench++ gets
 * 1,731 Smithery distractors (the size of the Smithery hold-out). For each left-out set, every candidate
 * configuration is scored on a subsample of the other two sets' queries (SUBSAMPLE each, chosen by SHA-1 of the
 * query id), the best by mean R@5 is kept, and only that one is run on the left-out set's full queries, beside
 * the plain baseline and the current default. Run: `node --import tsx bench/tune-search.ts`.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createBaselineIndex } from "../src/search/baseline-index.js";
import {
  type EvalQuery,
  parseJsonl,
  pickDistractors,
  readQueries,
  readTools,
} from "../src/search/eval-data.js";
import { pairedDifference } from "../src/search/paired-difference.js";
import {
  compareToBaseline,
  evaluateRetriever,
  type Retriever,
  type RetrieverRun,
} from "../src/search/run-eval.js";
import { DEFAULT_SEARCH_CONFIG, type SearchConfig } from "../src/search/search-config.js";
import { createToolIndex } from "../src/search/tool-index.js";
import { sharedDataFile } from "../test/support/shared-data.js";
import { cleanQuery } from "./query-cleanup.js";

const SUBSAMPLE = Number(process.env.SUBSAMPLE ?? 300);
const DISTRACTORS = 1_731;
const KS = [1, 5, 10];
const DATASETS = ["metatool", "toollens", "mcptoolbench-pp"] as const;

function load(dataset: string, file: string): unknown[] {
  const path = sharedDataFile(dataset, file);
  return parseJsonl(readFileSync(path, "utf8"), path);
}

const smithery = readTools(load("smithery", "tools.jsonl"), "smithery");
const sets = DATASETS.map((name) => {
  const own = readTools(load(name, "tools.jsonl"), name);
  const queries = readQueries(load(name, "queries.jsonl"), name);
  const order = (q: EvalQuery) => createHash("sha1").update(q.id).digest("hex");
  const sample = [...queries].sort((a, b) => (order(a) < order(b) ? -1 : 1)).slice(0, SUBSAMPLE);
  return { name, catalogue: [...own, ...pickDistractors(smithery, own, DISTRACTORS)], queries, sample };
});

interface Candidate {
  label: string;
  config: SearchConfig;
  clean: boolean;
}

const candidates: Candidate[] = [];
const { stem: _porter, ...unstemmed } = DEFAULT_SEARCH_CONFIG.tokenize;
const WEIGHTS = [
  [2, 1, 0.5, 2],
  [1, 1, 1, 1],
  [2, 1, 1, 1],
  [3, 1, 0.5, 1],
] as const;
for (const stem of [true, false])
  for (const clean of [false, true])
    for (const [name, description, params, server] of WEIGHTS)
      for (const [k1, b] of [
        [1.2, 0.75],
        [1.2, 0.5],
        [1.8, 0.75],
      ] as const)
        candidates.push({
          label: `stem=${stem} clean=${clean} w=${name}/${description}/${params}/${server} k1=${k1} b=${b}`,
          config: {
            k1,
            b,
            weights: { name, description, params, server },
            tokenize: stem ? DEFAULT_SEARCH_CONFIG.tokenize : unstemmed,
          },
          clean,
        });

function retriever(candidate: Candidate): Retriever {
  return {
    name: candidate.label,
    build(tools) {
      const index = createToolIndex(tools, candidate.config);
      return { search: (query, limit) => index.search(candidate.clean ? cleanQuery(query) : query, limit) };
    },
  };
}

const baseline: Retriever = { name: "baseline", build: (tools) => createBaselineIndex(tools) };
const current: Retriever = { name: "current default", build: (tools) => createToolIndex(tools) };

// Score every candidate on every set's subsample once; leave-one-out picks from these.
const subsampleR5 = new Map<string, number[]>();
const limit = Number(process.env.CANDIDATES ?? candidates.length);
const chosen = candidates.filter((_, i) => i % Math.ceil(candidates.length / limit) === 0);
for (const candidate of chosen) {
  subsampleR5.set(
    candidate.label,
    sets.map(
      (set) =>
        evaluateRetriever(retriever(candidate), set.catalogue, set.sample, KS).metrics.recallAny[1] ?? 0,
    ),
  );
}
const baseSub = sets.map(
  (set) => evaluateRetriever(baseline, set.catalogue, set.sample, KS).metrics.recallAny[1] ?? 0,
);
console.log(`subsample R@5 baseline: ${baseSub.map((v) => (100 * v).toFixed(1)).join(" / ")}`);

const row = (run: RetrieverRun) =>
  `R@1 ${(100 * (run.metrics.recallAny[0] ?? 0)).toFixed(1)} R@5 ${(100 * (run.metrics.recallAny[1] ?? 0)).toFixed(1)} R@10 ${(100 * (run.metrics.recallAny[2] ?? 0)).toFixed(1)} MRR ${run.metrics.mrr.toFixed(3)} p50 ${run.medianQueryMs.toFixed(2)}ms`;
const diff = (run: RetrieverRun, base: RetrieverRun) => {
  const c = compareToBaseline(run, base);
  const f = (d: { mean: number; low: number; high: number }) =>
    `${(100 * d.mean).toFixed(1)} [${(100 * d.low).toFixed(1)}, ${(100 * d.high).toFixed(1)}]`;
  return `ΔR@1 ${f(c.recallAny[0] ?? pairedDifference([], []))} ΔR@5 ${f(c.recallAny[1] ?? pairedDifference([], []))}`;
};

const byLabel = new Map(chosen.map((c) => [c.label, c]));
for (let out = 0; out < sets.length; out += 1) {
  const set = sets[out];
  if (set === undefined) continue;
  let best = "";
  let bestScore = -1;
  for (const [label, scores] of subsampleR5) {
    const mean = scores.filter((_, i) => i !== out).reduce((a, b) => a + b, 0) / (scores.length - 1);
    if (mean > bestScore) [best, bestScore] = [label, mean];
  }
  const pick = byLabel.get(best);
  if (pick === undefined) continue;
  const base = evaluateRetriever(baseline, set.catalogue, set.queries, KS);
  const cur = evaluateRetriever(current, set.catalogue, set.queries, KS);
  const tuned = evaluateRetriever(retriever(pick), set.catalogue, set.queries, KS);
  console.log(
    `\n== left out: ${set.name} (${set.catalogue.length} tools, ${set.queries.length} queries); tuned on the others: ${best} (dev R@5 ${(100 * bestScore).toFixed(1)})`,
  );
  console.log(`baseline        ${row(base)}`);
  console.log(`current default ${row(cur)}  ${diff(cur, base)}`);
  console.log(`tuned           ${row(tuned)}  ${diff(tuned, base)}`);
}
const overall = [...subsampleR5].map(([label, s]) => ({
  label,
  mean: s.reduce((a, b) => a + b, 0) / s.length,
  s,
}));
overall.sort((a, b) => b.mean - a.mean);
console.log("\ntop on all three subsamples:");
for (const o of overall.slice(0, 8))
  console.log(`${(100 * o.mean).toFixed(1)} ${o.s.map((v) => (100 * v).toFixed(1)).join("/")} ${o.label}`);
