/**
 * Raw task text against a keyword rewrite of the same queries, through the shipped retriever and the plain
 * baseline, each data set with 1,731 Smithery distractors, full query sets, paired 95% intervals. No model is
 * available here, so the rewrite is deterministic and stands in for what `search_tools`' description asks a
 * model to write: the query cleaned (paths, URLs and selectors to words, numbers and IDs dropped, request
 * boilerplate gone), stop words dropped, and at most KEYWORDS content words kept in their order. It says how much
 * shorter, cleaner queries lose or gain; it cannot say how well a model follows the description.
 * Run: `node --import tsx bench/query-rewrite-search.ts`.
 */
import { readFileSync } from "node:fs";
import { createBaselineIndex } from "../src/search/baseline-index.js";
import {
  type EvalQuery,
  parseJsonl,
  pickDistractors,
  readQueries,
  readTools,
} from "../src/search/eval-data.js";
import { cleanQuery } from "../src/search/query-cleanup.js";
import {
  compareToBaseline,
  evaluateRetriever,
  type Retriever,
  type RetrieverRun,
} from "../src/search/run-eval.js";
import { ENGLISH_STOP_WORDS } from "../src/search/stop-words.js";
import { words } from "../src/search/tokenize.js";
import { createToolIndex } from "../src/search/tool-index.js";
import { sharedDataFile } from "../test/support/shared-data.js";

const KEYWORDS = Number(process.env.KEYWORDS ?? 6);
const KS = [1, 5, 10];
const load = (dataset: string, file: string) => {
  const path = sharedDataFile(dataset, file);
  return parseJsonl(readFileSync(path, "utf8"), path);
};

/** The deterministic keyword rewrite described above. */
export function keywordRewrite(query: string, keep = KEYWORDS): string {
  return words(cleanQuery(query), false)
    .filter((word) => !ENGLISH_STOP_WORDS.has(word))
    .slice(0, keep)
    .join(" ");
}

const smithery = readTools(load("smithery", "tools.jsonl"), "smithery");
const pct = (v: number) => (100 * v).toFixed(1);
const row = (run: RetrieverRun) =>
  `R@1 ${pct(run.metrics.recallAny[0] ?? 0)} R@5 ${pct(run.metrics.recallAny[1] ?? 0)} R@10 ${pct(run.metrics.recallAny[2] ?? 0)} MRR ${run.metrics.mrr.toFixed(3)}`;
const delta = (run: RetrieverRun, base: RetrieverRun) => {
  const c = compareToBaseline(run, base);
  return [0, 1]
    .map((i) => {
      const d = c.recallAny[i];
      return d === undefined ? "" : `ΔR@${KS[i]} ${pct(d.mean)} [${pct(d.low)}, ${pct(d.high)}]`;
    })
    .join(" ");
};

for (const name of ["metatool", "toollens", "mcptoolbench-pp"]) {
  const own = readTools(load(name, "tools.jsonl"), name);
  const catalogue = [...own, ...pickDistractors(smithery, own, 1_731)];
  const raw = readQueries(load(name, "queries.jsonl"), name);
  const rewritten: EvalQuery[] = raw.map((q) => ({ ...q, query: keywordRewrite(q.query) }));
  const meanWords = (qs: EvalQuery[]) => qs.reduce((n, q) => n + words(q.query, false).length, 0) / qs.length;
  console.log(
    `\n== ${name}: ${raw.length} queries, ${meanWords(raw).toFixed(1)} words raw, ${meanWords(rewritten).toFixed(1)} rewritten`,
  );
  for (const retriever of [
    { name: "switchboard", build: (tools) => createToolIndex(tools) },
    { name: "baseline", build: (tools) => createBaselineIndex(tools) },
  ] satisfies Retriever[]) {
    const a = evaluateRetriever(retriever, catalogue, raw, KS);
    const b = evaluateRetriever(retriever, catalogue, rewritten, KS);
    console.log(`${retriever.name.padEnd(12)} raw       ${row(a)}`);
    console.log(`${retriever.name.padEnd(12)} rewritten ${row(b)}  ${delta(b, a)}`);
  }
}
