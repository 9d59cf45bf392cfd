import type { CostFigures } from "./cost-model.js";
import type { CostReport } from "./cost-report.js";
import type { WhatIfReport } from "./what-if.js";

/**
 * CSV for spreadsheets: one row per tool, server, overhead, request and alternative (or one what-if row), with
 * unrounded numbers so a sheet can do its own arithmetic. `estimate` says whether the tokens are estimated.
 */
export const COST_CSV_COLUMNS = [
  "kind",
  "id",
  "server",
  "tool",
  "name",
  "tools",
  "tokens",
  "estimate",
  "per_request",
  "requests_per_month",
  "per_month",
  "turns",
  "conversation_tokens",
  "per_conversation",
  "cached_applies",
  "cached_per_request",
  "cached_per_month",
  "cached_per_conversation",
] as const;

type Row = Partial<Record<(typeof COST_CSV_COLUMNS)[number], string | number | boolean>>;

export function costReportCsv(report: CostReport): string {
  const base = { estimate: true, requests_per_month: report.requestsPerMonth, turns: report.turns };
  const rows: Row[] = [
    ...report.tools.map((row) => ({
      kind: "tool",
      server: row.server,
      tool: row.tool,
      name: row.name,
      tools: 1,
      ...base,
      ...figures(row.cost),
    })),
    ...report.servers.map((row) => ({
      kind: "server",
      server: row.server,
      tools: row.tools,
      ...base,
      ...figures(row.cost),
    })),
    { kind: "overhead", ...base, ...figures(report.overhead.cost) },
    { kind: "request", tools: report.request.tools, ...base, ...figures(report.request.cost) },
    ...report.alternatives.map((row) => ({
      kind: "alternative",
      id: row.id,
      name: row.label,
      tools: row.tools,
      ...base,
      ...figures(row.cost),
    })),
  ];
  return toCsv(rows);
}

export function whatIfCsv(report: WhatIfReport): string {
  return toCsv([
    {
      kind: "what-if",
      ...(report.tools === undefined ? {} : { tools: report.tools }),
      estimate: false,
      requests_per_month: report.requestsPerMonth,
      turns: report.turns,
      ...figures(report.cost),
    },
  ]);
}

function figures(cost: CostFigures): Row {
  return {
    tokens: cost.tokens,
    per_request: cost.perRequest,
    per_month: cost.perMonth,
    conversation_tokens: cost.conversationTokens,
    per_conversation: cost.perConversation,
    ...(cost.cached === undefined
      ? {}
      : {
          cached_applies: cost.cached.applies,
          cached_per_request: cost.cached.perRequest,
          cached_per_month: cost.cached.perMonth,
          cached_per_conversation: cost.cached.perConversation,
        }),
  };
}

function toCsv(rows: readonly Row[]): string {
  const lines = [COST_CSV_COLUMNS.join(",")];
  for (const row of rows) lines.push(COST_CSV_COLUMNS.map((column) => cell(row[column])).join(","));
  return lines.join("\n");
}

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
function cell(value: string | number | boolean | undefined): string {
  if (value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
