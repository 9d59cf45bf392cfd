/** The human text of `switchboard cost`: the priced tables, the exact counts beside them, and the notes. */
import type { CostReport } from "../../cost/cost-report.js";
import type { ExactSection } from "../../cost/exact-cost.js";
import { formatCount, formatRate } from "../../cost/format-money.js";
import { renderTable } from "../render-table.js";
import { countColumn, moneyColumns, perRequestColumns, tokensColumn } from "./columns.js";

type ServerLine = { name: string; tools: string; tokens: number; cost: CostReport["request"]["cost"] };

/** The report as tables (servers, tools, alternatives) and notes; `exact` adds the provider's counts on top. */
export function renderCost(report: CostReport, exact?: ExactSection): string {
  const k = report.turns;
  const serverLines: ServerLine[] = [
    ...report.servers.map((row) => ({
      name: row.server,
      tools: String(row.tools),
      tokens: row.tokens,
      cost: row.cost,
    })),
    { name: "(fixed overhead)", tools: "", tokens: report.overhead.tokens, cost: report.overhead.cost },
    {
      name: "total per request",
      tools: String(report.request.tools),
      tokens: report.request.tokens,
      cost: report.request.cost,
    },
  ];
  const servers = renderTable(serverLines, [
    { header: "server", value: (row) => row.name },
    { header: "tools", value: (row) => row.tools, align: "right" },
    tokensColumn((row) => row.tokens, { estimated: true }),
    ...moneyColumns<ServerLine>((row) => row.cost, k),
  ]);
  const tools = renderTable(report.tools, [
    { header: "server", value: (row) => row.server },
    { header: "tool", value: (row) => row.tool },
    tokensColumn((row) => row.tokens, { estimated: true }),
    ...perRequestColumns<CostReport["tools"][number]>((row) => row.cost),
  ]);
  const alternatives = renderTable(report.alternatives, [
    { header: "alternative", value: (row) => row.label },
    countColumn("tools", (row) => row.tools),
    tokensColumn((row) => row.tokens, { estimated: true }),
    ...moneyColumns<CostReport["alternatives"][number]>((row) => row.cost, k),
    { header: "sendable", value: (row) => (row.sendable ? "yes" : "NO") },
  ]);
  const price = report.price;
  const cacheText =
    report.pricing.cache !== undefined
      ? `cache write ${formatRate(report.pricing.cache.write)}, read ${formatRate(report.pricing.cache.read)}`
      : "cache prices unknown: caching not priced";
  const unsendable = report.request.sendable
    ? []
    : [
        `NOT SENDABLE: ${report.request.limits.join("; ")}. The figures price a request the provider rejects.`,
        "",
      ];
  return [
    `Tool definitions for ${report.target}, ${report.model} at ${formatRate(price.input)} input (${cacheText}); prices checked ${price.checkedOn}: ${price.source}`,
    `${formatCount(report.requestsPerMonth)} requests a month, ${k}-turn conversations`,
    "",
    ...unsendable,
    ...(exact === undefined ? [] : [renderExact(exact, k), ""]),
    servers,
    "",
    tools,
    "",
    alternatives,
    "",
    ...costNotes(report).map((note) => `note: ${note}`),
  ].join("\n");
}

/** What the figures rest on: the tokenizer, each overhead and its source, caching, and per-row caveats. */
function costNotes(report: CostReport): string[] {
  const k = report.turns;
  const notes = [
    `≈ every token count is an estimate: ${report.tokenizer} over each tool's JSON plus documented overheads`,
    ...report.overhead.parts.map(
      (part) =>
        `${part.label}: ${part.tokens} tokens per ${part.per} (${part.source}, checked ${part.checkedOn})`,
    ),
    ...report.overhead.notes,
    `caching: ${report.cacheTtl} TTL; each conversation writes the tools prefix once and reads it on turns 2-${k}`,
  ];
  for (const row of [{ label: "the sent request", cost: report.request.cost }, ...report.alternatives]) {
    const cached = row.cost.cached;
    if (cached !== undefined && !cached.applies)
      notes.push(`${row.label}: no caching saving, ${cached.reason}`);
  }
  if (report.cacheMinimum !== undefined) {
    notes.push(
      `minimum cacheable prefix for ${report.model}: ${formatCount(report.cacheMinimum.tokens)} tokens${report.cacheMinimum.assumed ? " (model not in the table; family default)" : ""} (${report.cacheMinimum.source})`,
    );
  }
  for (const alt of report.alternatives) if (alt.note !== undefined) notes.push(`${alt.label}: ${alt.note}`);
  return notes;
}

/** `--exact`: the provider's count of each compared array, with the estimate beside it. */
function renderExact(exact: ExactSection, turns: number): string {
  const table = renderTable(exact.rows, [
    { header: "exact (provider count)", value: (row) => row.label },
    tokensColumn((row) => row.tokens),
    tokensColumn((row) => row.estimate, { header: "estimate", estimated: true }),
    ...moneyColumns<ExactSection["rows"][number]>((row) => row.cost, turns),
  ]);
  return `${table}\nexact: counted by ${exact.source} (the request with the tools minus the same request without them); the tables below are estimates`;
}
