/** The human text of `switchboard usage`: per conversation and per day, sparklines, creep and notes. */
import { formatMoney, formatTokens } from "../../cost/format-money.js";
import { sparkline } from "../../ledger/sparkline.js";
import { percent, shortTime } from "../../ledger/usage-html.js";
import type { UsageReport } from "../../ledger/usage-report.js";
import type { ConversationSummary, DaySummary } from "../../ledger/usage-summary.js";
import { renderTable } from "../render-table.js";

/** How many conversations the text lists by default. */
export const DEFAULT_USAGE_LIMIT = 10;

/** The report as a summary line, the latest conversations, the days, sparklines, creep and notes. */
export function renderUsageText(report: UsageReport, options: { limit?: number } = {}): string {
  const { totals } = report;
  if (totals.calls === 0) return `usage ledger ${report.ledger}: no model calls recorded yet`;
  const span = `${report.from?.slice(0, 10)} to ${report.to?.slice(0, 10)}`;
  const money = totals.unpricedCalls === totals.calls ? "" : `, ${money$(totals)} at list prices`;
  const lines = [
    `usage ledger ${report.ledger}: ${totals.calls} calls in ${report.conversations.length} conversations, ${span}${money}`,
    "",
  ];
  const limit = options.limit ?? DEFAULT_USAGE_LIMIT;
  const latest = report.conversations.slice(-limit).reverse();
  lines.push(
    `conversations (latest ${latest.length} of ${report.conversations.length})`,
    renderTable(latest, [
      { header: "started (UTC)", value: (row) => shortTime(row.started) },
      { header: "conversation", value: (row) => row.conversation.slice(0, 8) },
      { header: "model", value: (row) => row.models.join(", "), maxWidth: 28 },
      { header: "calls", value: (row) => String(row.calls), align: "right" },
      { header: "input/call", value: (row) => formatTokens(row.inputPerCall), align: "right" },
      { header: "tools share", value: (row) => `≈${percent(row.toolsShare)}`, align: "right" },
      { header: "cache hit", value: (row) => percent(row.cacheHitRate), align: "right" },
      { header: "tools", value: toolsCell, align: "right" },
      { header: "dollars", value: money$, align: "right" },
    ]),
    "",
    "by day (UTC)",
    renderTable([...report.days].reverse(), [
      { header: "day", value: (row: DaySummary) => row.day },
      { header: "calls", value: (row) => String(row.calls), align: "right" },
      { header: "input/call", value: (row) => formatTokens(row.inputPerCall), align: "right" },
      { header: "tools share", value: (row) => `≈${percent(row.toolsShare)}`, align: "right" },
      { header: "cache hit", value: (row) => percent(row.cacheHitRate), align: "right" },
      { header: "dollars", value: money$, align: "right" },
    ]),
    "",
  );
  const recent = report.conversations.slice(-40);
  const perCall = recent.map((row) => row.inputPerCall);
  lines.push(
    `input tokens per call, by conversation (oldest → newest): ${sparkline(perCall)}  ${formatTokens(perCall[0] ?? 0)} → ${formatTokens(perCall.at(-1) ?? 0)}`,
    `cache hit rate, by conversation:                         ${sparkline(recent.map((row) => row.cacheHitRate))}`,
  );
  if (report.days.length > 1) {
    lines.push(
      `dollars per day:                                         ${sparkline(report.days.map((row) => row.dollars))}`,
    );
  }
  if (report.creep !== undefined)
    lines.push("", `${report.creep.creep ? "creep: " : ""}${report.creep.message}`);
  if (report.unpricedModels.length > 0) {
    lines.push(`no price for ${report.unpricedModels.join(", ")}: add it under "prices" in the config`);
  }
  lines.push("", `notes: ${report.notes.join("; ")}`);
  return lines.join("\n");
}

/** Tools at the last call; `+n` when the array changed n times within the conversation (each a cache rewrite). */
function toolsCell(row: ConversationSummary): string {
  return row.toolsArrays > 1 ? `${row.toolCount} (+${row.toolsArrays - 1} changes)` : String(row.toolCount);
}

function money$(row: { dollars: number; unpricedCalls: number; calls: number }): string {
  if (row.unpricedCalls === row.calls) return "?";
  return `${formatMoney(row.dollars)}${row.unpricedCalls > 0 ? "+" : ""}`;
}
