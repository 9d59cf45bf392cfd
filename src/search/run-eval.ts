/**
 * The measurement behind `switchboard search-eval`: build each retriever over the same catalogue, run every
 * query through it, and report recall, MRR, build time and query latency side by side.
 */
import type { ServerTool } from "../spec/tool.js";
import type { EvalQuery } from "./eval-data.js";
import { judge, type QueryOutcome, type RetrievalMetrics, summarise } from "./evaluate.js";
import { type PairedDifference, pairedDifference } from "./paired-difference.js";
import { type SearchHit, toolKey } from "./tool-index.js";

export interface Retriever {
  name: string;
  build(tools: readonly ServerTool[]): { search(query: string, limit: number): SearchHit[] };
}

/** One retriever's figures on one catalogue and query set. */
export interface RetrieverResult {
  name: string;
  metrics: RetrievalMetrics;
  buildMs: number;
  medianQueryMs: number;
  p99QueryMs: number;
}

/** A retriever's figures plus its per-query outcomes, for paired comparisons (see `compareToBaseline`). */
export interface RetrieverRun extends RetrieverResult {
  outcomes: QueryOutcome[];
}

/** Per-query difference from the baseline run on the same queries, with 95% intervals (recall per k, MRR). */
export interface BaselineComparison {
  recallAny: PairedDifference[];
  mrr: PairedDifference;
}

/** How `run` differs from `baseline` query by query: recall ("any") per k and reciprocal rank. */
export function compareToBaseline(run: RetrieverRun, baseline: RetrieverRun): BaselineComparison {
  const hitAt = (outcomes: readonly QueryOutcome[], i: number) => outcomes.map((o) => (o.any[i] ? 1 : 0));
  const reciprocal = (outcomes: readonly QueryOutcome[]) =>
    outcomes.map((o) => (o.firstHit === undefined ? 0 : 1 / o.firstHit));
  return {
    recallAny: run.metrics.ks.map((_, i) =>
      pairedDifference(hitAt(run.outcomes, i), hitAt(baseline.outcomes, i)),
    ),
    mrr: pairedDifference(reciprocal(run.outcomes), reciprocal(baseline.outcomes)),
  };
}

export function evaluateRetriever(
  retriever: Retriever,
  catalogue: readonly ServerTool[],
  queries: readonly EvalQuery[],
  ks: readonly number[],
): RetrieverRun {
  const depth = Math.max(...ks);
  const started = performance.now();
  const index = retriever.build(catalogue);
  const buildMs = performance.now() - started;
  // A few unmeasured queries first, so the latency figures are not the JIT's warm-up.
  for (const query of queries.slice(0, 20)) index.search(query.query, depth);
  const latencies: number[] = [];
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const before = performance.now();
    const hits = index.search(query.query, depth);
    latencies.push(performance.now() - before);
    outcomes.push(
      judge(
        hits.map((hit) => toolKey(hit.server, hit.tool)),
        query.groups,
        ks,
      ),
    );
  }
  return {
    name: retriever.name,
    metrics: summarise(outcomes, ks),
    buildMs,
    medianQueryMs: percentile(latencies, 0.5),
    p99QueryMs: percentile(latencies, 0.99),
    outcomes,
  };
}

/** Nearest-rank percentile (0 for no values). */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? 0;
}
