/**
 * Sums of recorded calls, per conversation and per day, and the ratios people read: input tokens per call, the
 * share of input that is tool definitions (an estimate), the cache hit rate (cache reads over input) and dollars.
 * Pure: records and a price table in, figures out, unrounded.
 */
import type { PriceTable } from "../cost/price-table.js";
import { callDollars } from "./usage-cost.js";
import type { UsageRecord } from "./usage-record.js";

export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Estimated tool-definition tokens, summed over calls. */
  toolsTokens: number;
  /** Dollars over the priced calls. */
  dollars: number;
  /** Calls whose model has no price (not in `dollars`). */
  unpricedCalls: number;
  inputPerCall: number;
  /** `toolsTokens / inputTokens`, 0..1 (0 without input). */
  toolsShare: number;
  /** `cacheReadTokens / inputTokens`, 0..1. */
  cacheHitRate: number;
}

export interface ConversationSummary extends UsageTotals {
  conversation: string;
  /** ISO times of the first and last call. */
  started: string;
  ended: string;
  provider: string;
  /** Models used, in order of first use. */
  models: string[];
  agent?: string;
  /** Tools offered at the last call. */
  toolCount: number;
  /** Tools per server at the last call. */
  servers: Record<string, number>;
  /** Distinct tools arrays sent: more than 1 means the cached prefix was rewritten mid-conversation. */
  toolsArrays: number;
}

export interface DaySummary extends UsageTotals {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
}

export function totalsOf(records: readonly UsageRecord[], prices: PriceTable): UsageTotals {
  let inputTokens = 0;
  let outputTokens = 0;
  let cacheReadTokens = 0;
  let cacheWriteTokens = 0;
  let toolsTokens = 0;
  let money = 0;
  let unpricedCalls = 0;
  for (const record of records) {
    inputTokens += record.inputTokens;
    outputTokens += record.outputTokens;
    cacheReadTokens += record.cacheReadTokens;
    cacheWriteTokens += record.cacheWriteTokens;
    toolsTokens += record.toolsTokens;
    const cost = callDollars(record, prices);
    if (cost === undefined) unpricedCalls += 1;
    else money += cost;
  }
  const calls = records.length;
  return {
    calls,
    inputTokens,
    outputTokens,
    cacheReadTokens,
    cacheWriteTokens,
    toolsTokens,
    dollars: money,
    unpricedCalls,
    inputPerCall: calls === 0 ? 0 : inputTokens / calls,
    toolsShare: inputTokens === 0 ? 0 : Math.min(1, toolsTokens / inputTokens),
    cacheHitRate: inputTokens === 0 ? 0 : cacheReadTokens / inputTokens,
  };
}

/** One row per conversation, ordered by first call. */
export function summariseConversations(
  records: readonly UsageRecord[],
  prices: PriceTable,
): ConversationSummary[] {
  const groups = new Map<string, UsageRecord[]>();
  for (const record of records) {
    const group = groups.get(record.conversation);
    if (group === undefined) groups.set(record.conversation, [record]);
    else group.push(record);
  }
  const rows: ConversationSummary[] = [];
  for (const [conversation, group] of groups) {
    const calls = [...group].sort((a, b) => compare(a.time, b.time) || a.call - b.call);
    const first = calls[0]!;
    const last = calls.at(-1)!;
    rows.push({
      conversation,
      started: first.time,
      ended: last.time,
      provider: first.provider,
      models: [...new Set(calls.map((call) => call.model))],
      ...(first.agent === undefined ? {} : { agent: first.agent }),
      toolCount: last.toolCount,
      servers: last.servers,
      toolsArrays: new Set(calls.map((call) => call.toolsHash)).size,
      ...totalsOf(calls, prices),
    });
  }
  return rows.sort((a, b) => compare(a.started, b.started) || compare(a.conversation, b.conversation));
}

/** One row per UTC day with calls, oldest first. */
export function summariseDays(records: readonly UsageRecord[], prices: PriceTable): DaySummary[] {
  const groups = new Map<string, UsageRecord[]>();
  for (const record of records) {
    const day = record.time.slice(0, 10);
    const group = groups.get(day);
    if (group === undefined) groups.set(day, [record]);
    else group.push(record);
  }
  return [...groups]
    .sort(([a], [b]) => compare(a, b))
    .map(([day, group]) => ({ day, ...totalsOf(group, prices) }));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
