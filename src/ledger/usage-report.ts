/** Everything `switchboard usage` shows, as one JSON-ready value built from the ledger's records. */
import type { PriceTable } from "../cost/price-table.js";
import { type CreepFinding, type CreepOptions, detectCreep } from "./detect-creep.js";
import { callDollars } from "./usage-cost.js";
import type { UsageRecord } from "./usage-record.js";
import {
  type ConversationSummary,
  type DaySummary,
  summariseConversations,
  summariseDays,
  totalsOf,
  type UsageTotals,
} from "./usage-summary.js";

export interface UsageReport {
  ledger: string;
  /** ISO times of the first and last call covered. */
  from?: string;
  to?: string;
  totals: UsageTotals;
  /** Oldest first. */
  conversations: ConversationSummary[];
  /** Oldest first, UTC days. */
  days: DaySummary[];
  creep?: CreepFinding;
  /** Models with calls but no price. */
  unpricedModels: string[];
  notes: string[];
}

export const USAGE_NOTES = [
  "tool-definition tokens (tools share) are estimates: o200k_base plus the provider's documented overheads",
  "dollars use the dated list prices (cost/prices.json and the config's overrides); long-context tiers are not applied",
  "days are UTC",
];

export function buildUsageReport(
  records: readonly UsageRecord[],
  options: { ledger: string; prices: PriceTable; creep?: CreepOptions },
): UsageReport {
  const conversations = summariseConversations(records, options.prices);
  const totals = totalsOf(records, options.prices);
  const creep = detectCreep(conversations, options.creep);
  const unpriced = new Set<string>();
  for (const record of records) {
    if (callDollars(record, options.prices) === undefined) unpriced.add(record.model);
  }
  const times = records.map((record) => record.time).sort();
  return {
    ledger: options.ledger,
    ...(times.length === 0 ? {} : { from: times[0]!, to: times.at(-1)! }),
    totals,
    conversations,
    days: summariseDays(records, options.prices),
    ...(creep === undefined ? {} : { creep }),
    unpricedModels: [...unpriced].sort(),
    notes: USAGE_NOTES,
  };
}
