import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { loadConfig } from "../../config/index.js";
import type { SwitchboardConfig } from "../../config/types.js";
import { priceTableOf } from "../../cost/config-prices.js";
import { isSwitchboardError, SwitchboardError } from "../../errors.js";
import { DEFAULT_CREEP_THRESHOLD, DEFAULT_CREEP_WINDOW } from "../../ledger/detect-creep.js";
import { LedgerError } from "../../ledger/ledger-error.js";
import { resolveLedgerPath } from "../../ledger/ledger-path.js";
import { renderUsageHtml } from "../../ledger/usage-html.js";
import { openLedger } from "../../ledger/usage-ledger.js";
import { buildUsageReport, type UsageReport } from "../../ledger/usage-report.js";
import { findCliConfigFile } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { DEFAULT_USAGE_LIMIT, renderUsageText } from "../render/usage-text.js";

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

/**
 * `switchboard usage`: what the recorded model calls cost, per conversation and per day (input tokens per call,
 * the share that is tool definitions, cache hit rate, dollars), whether input per call is creeping up and which
 * server made the tools array grow; sparklines in the terminal, `--html` for a page with charts, `--json`.
 */
export async function usageCommand(options: UsageCommandOptions, io: CliIo): Promise<number> {
  const window = parseWhole("--sessions", options.sessions, DEFAULT_CREEP_WINDOW, 2);
  const threshold = parsePercent(options.threshold);
  const limit = parseWhole("--limit", options.limit, DEFAULT_USAGE_LIMIT, 1);
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
  const ledger = openWithHint(path);
  let report: UsageReport;
  try {
    const records = ledger.records(since === undefined ? {} : { since });
    report = buildUsageReport(records, {
      ledger: path,
      prices: priceTableOf(config),
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

/** The ledger at `path`; a missing one is a LedgerError saying which commands fill it and which flag reads another. */
function openWithHint(path: string): ReturnType<typeof openLedger> {
  try {
    return openLedger(path);
  } catch (error) {
    if (!(error instanceof LedgerError) || error.problem !== "missing") throw error;
    throw new LedgerError(
      path,
      "missing",
      `${error.message} (\`switchboard run\` and \`chat\` record every model call), or pass --ledger <file>`,
      { cause: error },
    );
  }
}

/** The config if there is one: `--config` must exist; without it, having none is fine (defaults apply). */
async function optionalConfig(
  explicit: string | undefined,
  io: CliIo,
): Promise<SwitchboardConfig | undefined> {
  let file: string;
  try {
    file = await findCliConfigFile(explicit, io);
  } catch (error) {
    if (explicit === undefined && isSwitchboardError(error) && error.code === "CONFIG_NOT_FOUND")
      return undefined;
    throw error;
  }
  return loadConfig(file, { env: io.env });
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
