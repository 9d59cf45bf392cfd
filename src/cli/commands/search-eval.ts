import { readFile } from "node:fs/promises";
import { countTextTokens } from "../../cost/estimate-tokens.js";
import { SwitchboardError } from "../../errors.js";
import { createBaselineIndex } from "../../search/baseline-index.js";
import {
  type EvalQuery,
  parseJsonl,
  pickDistractors,
  readQueries,
  readTools,
} from "../../search/eval-data.js";
import { FACADE_TOOLS_TOKENS } from "../../search/facade-tools.js";
import { formatSearchResults } from "../../search/format-results.js";
import {
  type BaselineComparison,
  compareToBaseline,
  evaluateRetriever,
  type Retriever,
  type RetrieverResult,
  type RetrieverRun,
} from "../../search/run-eval.js";
import { createToolIndex, toolKey } from "../../search/tool-index.js";
import type { ServerTool } from "../../spec/tool.js";
import { buildToolset } from "../../toolset/build-toolset.js";
import type { CliIo } from "../main.js";
import { renderTable } from "../render-table.js";

export interface SearchEvalOptions {
  tools: string;
  queries: string;
  distractors?: string;
  distractorLimit?: string;
  k?: string;
  queryLimit?: string;
  json?: boolean;
}

export interface SearchEvalReport {
  catalogue: { tools: number; fromTools: number; distractors: number };
  queries: number;
  ks: number[];
  /** Every retriever, the baseline last; the others carry their paired difference from it. */
  retrievers: (RetrieverResult & { vsBaseline?: BaselineComparison })[];
  tokens: {
    /** o200k_base tokens of the full `tools` array (Anthropic wire shape) for the whole catalogue. */
    fullArray: number;
    /** o200k_base tokens of the two facade definitions (the fixed per-request cost). */
    facade: number;
    /** 1 − facade / fullArray. */
    facadeSaving: number;
    /** Mean tokens of one formatted top-5 search_tools result, over up to 200 queries. */
    meanSearchResult: number;
    /** Tools quarantined by schema repair (not in the full array). */
    quarantined: number;
  };
}

export const SWITCHBOARD_RETRIEVER: Retriever = {
  name: "switchboard",
  build: (tools) => createToolIndex(tools),
};

export const BASELINE_RETRIEVER: Retriever = {
  name: "baseline plain BM25",
  build: (tools) => createBaselineIndex(tools),
};

/**
 * `switchboard search-eval`: recall@k, MRR, build time and latency of the tool retriever against plain BM25 on a
 * retrieval data set, and what the search facade saves in tokens against sending the whole catalogue.
 */
export async function searchEvalCommand(options: SearchEvalOptions, io: CliIo): Promise<number> {
  const ks = parseKs(options.k ?? "1,3,5,10");
  const own = readTools(await readRows(options.tools), options.tools);
  const pool =
    options.distractors === undefined
      ? []
      : readTools(await readRows(options.distractors), options.distractors);
  const distractors = pickDistractors(pool, own, parseCount(options.distractorLimit, "--distractor-limit"));
  const catalogue = [...own, ...distractors];
  const allQueries = readQueries(await readRows(options.queries), options.queries);
  const queries = allQueries.slice(0, parseCount(options.queryLimit, "--query-limit"));
  const unknown = unknownGold(queries, catalogue);
  if (unknown.length > 0) {
    io.err(
      `warning: ${unknown.length} gold tools are not in the catalogue (first: ${unknown[0]?.replace("\u0000", "/")})`,
    );
  }

  const ours = evaluateRetriever(SWITCHBOARD_RETRIEVER, catalogue, queries, ks);
  const baseline = evaluateRetriever(BASELINE_RETRIEVER, catalogue, queries, ks);
  const retrievers = [
    { ...withoutOutcomes(ours), vsBaseline: compareToBaseline(ours, baseline) },
    withoutOutcomes(baseline),
  ];
  const report: SearchEvalReport = {
    catalogue: { tools: catalogue.length, fromTools: own.length, distractors: distractors.length },
    queries: queries.length,
    ks,
    retrievers,
    tokens: tokenCosts(catalogue, queries),
  };
  if (options.json) io.out(JSON.stringify(report, null, 2), { exact: true });
  else io.out(renderReport(report, options));
  return 0;
}

function withoutOutcomes({ outcomes: _, ...result }: RetrieverRun): RetrieverResult {
  return result;
}

async function readRows(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new SwitchboardError("USAGE", `cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseJsonl(text, file);
}

export function parseKs(value: string): number[] {
  const ks = value.split(",").map((part) => Number(part.trim()));
  if (ks.length === 0 || ks.some((k) => !Number.isInteger(k) || k < 1)) {
    throw new SwitchboardError("USAGE", `--k expects positive integers separated by commas, got "${value}"`);
  }
  return [...new Set(ks)].sort((a, b) => a - b);
}

function parseCount(value: string | undefined, flag: string): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) {
    throw new SwitchboardError("USAGE", `${flag} expects a whole number, got "${value}"`);
  }
  return count;
}

function unknownGold(queries: readonly EvalQuery[], catalogue: readonly ServerTool[]): string[] {
  const known = new Set(catalogue.map((item) => toolKey(item.server, item.tool.name)));
  const missing = new Set<string>();
  for (const query of queries)
    for (const group of query.groups) for (const key of group) if (!known.has(key)) missing.add(key);
  return [...missing];
}

function tokenCosts(
  catalogue: readonly ServerTool[],
  queries: readonly EvalQuery[],
): SearchEvalReport["tokens"] {
  const toolset = buildToolset(catalogue, "anthropic");
  const fullArray = countTextTokens(toolset.json);
  const index = createToolIndex(catalogue);
  const byKey = new Map(catalogue.map((item) => [toolKey(item.server, item.tool.name), item.tool]));
  const sample = queries.slice(0, 200);
  let resultTokens = 0;
  for (const query of sample) {
    const found = index.search(query.query, 5).flatMap((hit) => {
      const tool = byKey.get(toolKey(hit.server, hit.tool));
      return tool === undefined
        ? []
        : [{ ...tool, name: toolset.names.nameOf(hit.server, hit.tool) ?? tool.name }];
    });
    resultTokens += countTextTokens(formatSearchResults(query.query, found));
  }
  return {
    fullArray,
    facade: FACADE_TOOLS_TOKENS,
    facadeSaving: fullArray === 0 ? 0 : 1 - FACADE_TOOLS_TOKENS / fullArray,
    meanSearchResult: sample.length === 0 ? 0 : Math.round(resultTokens / sample.length),
    quarantined: toolset.entries.filter((entry) => entry.status === "quarantined").length,
  };
}

const percent = (value: number) => (100 * value).toFixed(1);
const count = (value: number) => value.toLocaleString("en-US");

const signed = (value: number, digits: number) => (value >= 0 ? "+" : "") + value.toFixed(digits);

/** `R@1 +2.3 [0.4, 4.1] · … · MRR +0.012 [...]`: paired differences in points, 95% intervals. */
function renderComparison(comparison: BaselineComparison, ks: readonly number[]): string {
  const recall = ks.map((k, i) => {
    const d = comparison.recallAny[i] ?? { mean: 0, low: 0, high: 0 };
    return `R@${k} ${signed(100 * d.mean, 1)} [${signed(100 * d.low, 1)}, ${signed(100 * d.high, 1)}]`;
  });
  const { mrr } = comparison;
  return [...recall, `MRR ${signed(mrr.mean, 3)} [${signed(mrr.low, 3)}, ${signed(mrr.high, 3)}]`].join(
    " · ",
  );
}

function renderReport(report: SearchEvalReport, options: SearchEvalOptions): string {
  const { ks } = report;
  const columns = [
    { header: "retriever", value: (row: RetrieverResult) => row.name },
    ...ks.map((k, i) => ({
      header: `R@${k} any`,
      value: (row: RetrieverResult) => percent(row.metrics.recallAny[i] ?? 0),
      align: "right" as const,
    })),
    ...ks.map((k, i) => ({
      header: `R@${k} all`,
      value: (row: RetrieverResult) => percent(row.metrics.recallAll[i] ?? 0),
      align: "right" as const,
    })),
    {
      header: `MRR@${Math.max(...ks)}`,
      value: (row: RetrieverResult) => row.metrics.mrr.toFixed(3),
      align: "right" as const,
    },
    {
      header: "build ms",
      value: (row: RetrieverResult) => count(Math.round(row.buildMs)),
      align: "right" as const,
    },
    {
      header: "median ms",
      value: (row: RetrieverResult) => row.medianQueryMs.toFixed(2),
      align: "right" as const,
    },
    { header: "p99 ms", value: (row: RetrieverResult) => row.p99QueryMs.toFixed(2), align: "right" as const },
  ];
  const { catalogue, tokens } = report;
  const source =
    catalogue.distractors > 0
      ? `${count(catalogue.fromTools)} from ${options.tools} + ${count(catalogue.distractors)} distractors from ${options.distractors}`
      : options.tools;
  return [
    `catalogue: ${count(catalogue.tools)} tools (${source})`,
    `queries:   ${count(report.queries)} (${options.queries}); recall in %, "any" = some gold tool found, "all" = every one; differences are paired, 95% intervals`,
    "",
    renderTable(report.retrievers, columns),
    ...report.retrievers.flatMap((row) =>
      row.vsBaseline === undefined ? [] : [`${row.name} − baseline: ${renderComparison(row.vsBaseline, ks)}`],
    ),
    "",
    `tokens (o200k_base, Anthropic wire shape): full tools array ${count(tokens.fullArray)}` +
      (tokens.quarantined > 0 ? ` (${count(tokens.quarantined)} tools quarantined)` : "") +
      ` · facade definitions ${count(tokens.facade)} (${percent(tokens.facadeSaving)}% less)` +
      ` · one top-5 search result ${count(tokens.meanSearchResult)} on average`,
  ].join("\n");
}
