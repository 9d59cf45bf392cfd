/**
 * `switchboard usage --html`: one self-contained page (inline CSS and SVG, no script, nothing fetched) with the
 * charts people would rather look at than read: input tokens per call by conversation split into tool
 * definitions and the rest, the cache hit rate by conversation, and dollars per day; then the tables.
 */
import { formatMoney, formatTokens } from "../cost/format-money.js";
import { barChart, escapeXml } from "./svg-chart.js";
import type { UsageReport } from "./usage-report.js";
import type { ConversationSummary, DaySummary } from "./usage-summary.js";

export const CHART_COLORS = {
  tools: "#2563eb",
  rest: "#94a3b8",
  cache: "#16a34a",
  dollars: "#d97706",
} as const;

/** Conversations drawn in the charts (the latest ones). */
export const CHART_CONVERSATIONS = 40;

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; margin: 24px 32px; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 8px; }
.meta, footer { color: #4b5563; }
.creep { margin: 16px 0; padding: 10px 14px; border-radius: 6px; background: #f3f4f6; }
.creep.flagged { background: #fef3c7; border-left: 4px solid #d97706; }
table { border-collapse: collapse; margin-top: 4px; }
th, td { padding: 3px 10px; text-align: right; border-bottom: 1px solid #e5e7eb; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
svg { display: block; max-width: 100%; height: auto; }
svg .tick { font-size: 11px; fill: #4b5563; }
svg .legend { font-size: 12px; fill: #111827; }
code { font-family: ui-monospace, monospace; }
`;

export function renderUsageHtml(report: UsageReport): string {
  const recent = report.conversations.slice(-CHART_CONVERSATIONS);
  const labels = recent.map((row) => shortTime(row.started));
  const body: string[] = [
    `<h1>switchboard usage</h1>`,
    `<p class="meta">${escapeXml(summaryLine(report))}</p>`,
  ];
  if (report.creep !== undefined) {
    body.push(
      `<p class="creep${report.creep.creep ? " flagged" : ""}">${codeSpans(report.creep.message)}</p>`,
    );
  }
  if (report.totals.calls === 0) {
    body.push("<p>No model calls recorded yet.</p>");
  } else {
    body.push(
      `<h2>Input tokens per call, by conversation</h2>`,
      barChart({
        title: "Input tokens per call, by conversation: tool definitions (estimate) and everything else",
        labels,
        series: [
          {
            name: "tool definitions (estimate)",
            color: CHART_COLORS.tools,
            values: recent.map((row) => Math.min(row.inputPerCall, toolsPerCall(row))),
          },
          {
            name: "messages, results, system",
            color: CHART_COLORS.rest,
            values: recent.map((row) => Math.max(0, row.inputPerCall - toolsPerCall(row))),
          },
        ],
        format: (value) => formatTokens(value),
      }),
      `<h2>Cache hit rate, by conversation</h2>`,
      barChart({
        title: "Share of input tokens read from the prompt cache, by conversation",
        labels,
        series: [
          {
            name: "cache reads / input",
            color: CHART_COLORS.cache,
            values: recent.map((row) => row.cacheHitRate),
          },
        ],
        max: 1,
        format: percent,
      }),
      `<h2>Dollars per day (UTC)</h2>`,
      barChart({
        title: "Dollars per day at list prices",
        labels: report.days.map((row) => row.day),
        series: [
          { name: "dollars", color: CHART_COLORS.dollars, values: report.days.map((row) => row.dollars) },
        ],
        format: formatMoney,
        height: 200,
      }),
      `<h2>Conversations</h2>`,
      conversationTable(report.conversations),
      `<h2>Days (UTC)</h2>`,
      dayTable(report.days),
    );
  }
  body.push(`<footer><p>${report.notes.map(escapeXml).join(". ")}.</p></footer>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>switchboard usage</title>
<style>${STYLE}</style>
</head>
<body>
${body.join("\n")}
</body>
</html>
`;
}

function summaryLine(report: UsageReport): string {
  const span =
    report.from === undefined
      ? ""
      : `, ${report.from.slice(0, 10)} to ${(report.to ?? report.from).slice(0, 10)}`;
  const money =
    report.totals.unpricedCalls === report.totals.calls ? "" : `, ${formatMoney(report.totals.dollars)}`;
  return `${report.ledger}: ${report.totals.calls} calls in ${report.conversations.length} conversations${span}${money}`;
}

function toolsPerCall(row: ConversationSummary): number {
  return row.calls === 0 ? 0 : row.toolsTokens / row.calls;
}

function conversationTable(rows: readonly ConversationSummary[]): string {
  const head = [
    "started (UTC)",
    "conversation",
    "model",
    "calls",
    "input/call",
    "tools share",
    "cache hit",
    "dollars",
  ];
  const lines = [...rows]
    .reverse()
    .map((row) =>
      [
        shortTime(row.started),
        row.conversation.slice(0, 8),
        row.models.join(", "),
        String(row.calls),
        formatTokens(row.inputPerCall),
        percent(row.toolsShare),
        percent(row.cacheHitRate),
        money(row),
      ].map((cell) => `<td>${escapeXml(cell)}</td>`),
    );
  return table(head, lines);
}

function dayTable(rows: readonly DaySummary[]): string {
  const head = ["day", "calls", "input/call", "tools share", "cache hit", "dollars"];
  const lines = [...rows]
    .reverse()
    .map((row) =>
      [
        row.day,
        String(row.calls),
        formatTokens(row.inputPerCall),
        percent(row.toolsShare),
        percent(row.cacheHitRate),
        money(row),
      ].map((cell) => `<td>${escapeXml(cell)}</td>`),
    );
  return table(head, lines);
}

function table(head: readonly string[], rows: readonly string[][]): string {
  const header = head.map((cell) => `<th>${escapeXml(cell)}</th>`).join("");
  return `<table><thead><tr>${header}</tr></thead><tbody>${rows.map((row) => `<tr>${row.join("")}</tr>`).join("")}</tbody></table>`;
}

export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function money(row: { dollars: number; unpricedCalls: number; calls: number }): string {
  if (row.unpricedCalls === row.calls) return "?";
  return `${formatMoney(row.dollars)}${row.unpricedCalls > 0 ? "+" : ""}`;
}

/** `2026-11-30T10:04:05.000Z` → `2026-11-30 10:04`. */
export function shortTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** Escapes text and renders `name` spans as code. */
function codeSpans(text: string): string {
  return escapeXml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}
