import { type CostFigures, costOf } from "./cost-model.js";
import type { CostReport } from "./cost-report.js";
import type { ExactCounter } from "./exact-counter.js";

/** The provider's own count of each compared tools array, priced like the report, with the estimate beside it. */
export interface ExactSection {
  /** The endpoint that counted ("anthropic count_tokens"). */
  source: string;
  rows: { label: string; tokens: number; estimate: number; cost: CostFigures }[];
}

/** One tools array to count: its label, its estimated total and the array as the provider receives it. */
export interface ExactCostInput {
  label: string;
  estimate: number;
  tools: readonly unknown[];
}

/**
 * Counts each array with `counter` (one request at a time, in order) and prices the counts with the report's
 * pricing, volume and cache minimum, so the exact rows compare with the estimated ones figure by figure.
 */
export async function exactCost(
  counter: ExactCounter,
  report: Pick<CostReport, "pricing" | "requestsPerMonth" | "turns" | "cacheMinimum">,
  arrays: readonly ExactCostInput[],
): Promise<ExactSection> {
  const options = {
    requestsPerMonth: report.requestsPerMonth,
    turns: report.turns,
    ...(report.cacheMinimum === undefined ? {} : { cacheMinimumTokens: report.cacheMinimum.tokens }),
  };
  const rows: ExactSection["rows"] = [];
  for (const array of arrays) {
    const { total } = await counter.count(array.tools);
    rows.push({
      label: array.label,
      tokens: total,
      estimate: array.estimate,
      cost: costOf(total, report.pricing, options),
    });
  }
  return { source: counter.source, rows };
}
