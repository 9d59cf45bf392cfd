import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { findConfigFile, loadConfig } from "../../config/index.js";
import type { SwitchboardConfig } from "../../config/types.js";
import { formatMoney, formatTokens } from "../../cost/format-money.js";
import { PRICES, type PriceOverrides, type PriceTable, withPriceOverrides } from "../../cost/price-table.js";
import { isSwitchboardError, SwitchboardError } from "../../errors.js";
import { DEFAULT_CREEP_THRESHOLD, DEFAULT_CREEP_WINDOW } from "../../ledger/detect-creep.js";
import { resolveLedgerPath } from "../../ledger/ledger-path.js";
import { sparkline } from "../../ledger/sparkline.js";
import { percent, renderUsageHtml, shortTime } from "../../ledger/usage-html.js";
import { openLedger } from "../../ledger/usage-ledger.js";
import { buildUsageReport, type UsageReport } from "../../ledger/usage-report.js";
import type { ConversationSummary, DaySummary } from "../../ledger/usage-summary.js";
import type { CliIo } from "../main.js";
import { renderTable } from "../render-table.js";

export interface UsageCommandOptions {
  config?: string;
  ledger?: string;
  json?: boolean;
  html?: string;
  since?: string;
  days?: string;
  sessions?: string;
  threshold?: string;
  limit?: string;
}

const DEFAULT_LIMIT = 10;

/**
 * `switchboard usage`: what the recorded model calls cost, per conversation and per day (input tokens per call,
 * the share that is tool definitions, cache hit rate, dollars), whether input per call is creeping up and which
 * server made the tools array grow; sparklines in the terminal, `--html` for a page with charts, `--json`.
 */
export async function usageCommand(options: UsageCommandOptions, io: CliIo): Promise<number> {
  const window = parseWhole("--sessions", options.sessions, DEFAULT_CREEP_WINDOW, 2);
  const threshold = parsePercent(options.threshold);
  const limit = parseWhole("--limit", options.limit, DEFAULT_LIMIT, 1);
  const since = parseSince(options);
  const config = await optionalConfig(options.config, io);
  const path =
    options.ledger === undefined
      ? resolveLedgerPath({
          env: io.env,
          cwd: io.cwd,
          ...(config?.ledger === undefined ? {} : { settings: config.ledger }),
          ...(config === undefined ? {} : { configFile: config.file }),
        })
      : resolve(io.cwd, options.ledger);
  if (path === undefined) {
    throw new SwitchboardError(
      "USAGE",
      "The usage ledger is switched off (SWITCHBOARD_LEDGER or the config's ledger.enabled); pass --ledger <file> to read one",
    );
  }
  const ledger = openLedger(path);
  let report: UsageReport;
  try {
    const records = ledger.records(since === undefined ? {} : { since });
    report = buildUsageReport(records, {
      ledger: path,
      prices: priceTable(config),
      creep: { window, threshold },
    });
  } finally {
    ledger.close();
  }
  if (options.html !== undefined) {
    const file = resolve(io.cwd, options.html);
    await writeFile(file, renderUsageHtml(report));
    io.err(`usage page written to ${file}`);
  }
  io.out(options.json ? JSON.stringify(report, null, 2) : renderUsageText(report, { limit }), {
    exact: options.json === true,
  });
  return 0;
}

export function renderUsageText(report: UsageReport, options: { limit?: number } = {}): string {
  const { totals } = report;
  if (totals.calls === 0) return `usage ledger ${report.ledger}: no model calls recorded yet`;
  const span = `${report.from?.slice(0, 10)} to ${report.to?.slice(0, 10)}`;
  const money = totals.unpricedCalls === totals.calls ? "" : `, ${money$(totals)} at list prices`;
  const lines = [
    `usage ledger ${report.ledger}: ${totals.calls} calls in ${report.conversations.length} conversations, ${span}${money}`,
    "",
  ];
  const limit = options.limit ?? DEFAULT_LIMIT;
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

/** The config if there is one: `--config` must exist; without it, having none is fine (defaults apply). */
async function optionalConfig(
  explicit: string | undefined,
  io: CliIo,
): Promise<SwitchboardConfig | undefined> {
  let file: string;
  try {
    file = await findConfigFile({
      ...(explicit === undefined ? {} : { explicit }),
      cwd: io.cwd,
      env: io.env,
    });
  } catch (error) {
    if (explicit === undefined && isSwitchboardError(error) && error.code === "CONFIG_NOT_FOUND")
      return undefined;
    throw error;
  }
  return loadConfig(file, { env: io.env });
}

function priceTable(config: SwitchboardConfig | undefined): PriceTable {
  const overrides = config?.prices as PriceOverrides | undefined;
  return overrides === undefined ? PRICES : withPriceOverrides(PRICES, overrides, config?.file);
}

function parseSince(options: UsageCommandOptions): string | undefined {
  if (options.since !== undefined && options.days !== undefined) {
    throw new SwitchboardError("USAGE", "Choose one of --since and --days");
  }
  if (options.days !== undefined) {
    const days = parseWhole("--days", options.days, 1, 1);
    return new Date(Date.now() - days * 86_400_000).toISOString();
  }
  if (options.since === undefined) return undefined;
  const time = Date.parse(options.since);
  if (!/^\d{4}-\d{2}-\d{2}/.test(options.since) || Number.isNaN(time)) {
    throw new SwitchboardError(
      "USAGE",
      `--since expects a date (YYYY-MM-DD, UTC) or an ISO time, got "${options.since}"`,
    );
  }
  return new Date(time).toISOString();
}

function parseWhole(flag: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    throw new SwitchboardError("USAGE", `${flag} must be a whole number >= ${min}, got "${value}"`);
  }
  return number;
}

function parsePercent(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CREEP_THRESHOLD;
  const number = Number(value.replace(/%$/, ""));
  if (!Number.isFinite(number) || number <= 0) {
    throw new SwitchboardError("USAGE", `--threshold must be a percentage > 0, got "${value}"`);
  }
  return number / 100;
}
