/**
 * Dollars for a recorded call at the dated list prices: uncached input at the input price, cache writes at the
 * write price, cache reads at the read price, output at the output price. A model missing from the table has no
 * price (undefined), never a guessed one. Long-context tiers are not applied (a call's size tier is not kept).
 */
import { dollars } from "../cost/cost-model.js";
import { type PriceTable, priceFor } from "../cost/price-table.js";
import type { UsageRecord } from "./usage-record.js";

export type CallTokens = Pick<
  UsageRecord,
  "model" | "inputTokens" | "outputTokens" | "cacheReadTokens" | "cacheWriteTokens"
>;

export function callDollars(call: CallTokens, table: PriceTable): number | undefined {
  const found = priceFor(call.model, table);
  if (found === undefined) return undefined;
  const price = found.price;
  const uncached = Math.max(0, call.inputTokens - call.cacheReadTokens - call.cacheWriteTokens);
  return (
    dollars(uncached, price.input) +
    dollars(call.cacheWriteTokens, price.cacheWrite ?? price.input) +
    dollars(call.cacheReadTokens, price.cacheRead ?? price.input) +
    dollars(call.outputTokens, price.output)
  );
}
