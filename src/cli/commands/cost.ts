import { priceTableOf } from "../../cost/config-prices.js";
import { costReportCsv, whatIfCsv } from "../../cost/cost-csv.js";
import { defaultModelFor } from "../../cost/default-models.js";
import { familyOfWire } from "../../cost/estimate-tokens.js";
import { exactCost } from "../../cost/exact-cost.js";
import { pricedWhatIf } from "../../cost/priced-what-if.js";
import { resolvePrice } from "../../cost/resolve-price.js";
import type { WhatIfReport } from "../../cost/what-if.js";
import { SwitchboardError } from "../../errors.js";
import type { ExactCounter } from "../../providers/exact-tokens.js";
import { TARGETS } from "../../providers/targets.js";
import { catalogCost } from "../../toolset/catalog-cost.js";
import { exclusionOf } from "../../toolset/select-tools.js";
import { connectForCli } from "../connect-for-cli.js";
import { MODEL_HINT, parsePrice, parseWhole, withCostFlagHint } from "../cost-flags.js";
import { reportJson } from "../json-numbers.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { parseTarget } from "../parse-target.js";
import { renderCost } from "../render/cost-text.js";
import { renderWhatIf } from "../render/what-if-text.js";
import { agentSkillsCost, renderSkillsCost } from "../skills-cost-lines.js";

export type { ExactSection } from "../../cost/exact-cost.js";

export interface CostCommandOptions {
  config?: string;
  agent?: string;
  provider?: string;
  model?: string;
  requests?: string;
  turns?: string;
  json?: boolean;
  csv?: boolean;
  // What-if mode: no servers, the user's numbers.
  tools?: string;
  tokensPerTool?: string;
  tokens?: string;
  price?: string;
  /** Ask the provider's count-tokens endpoint (needs its key) instead of estimating. */
  exact?: boolean;
}

export const DEFAULT_REQUESTS_PER_MONTH = 200_000;
export const DEFAULT_TURNS = 4;

/**
 * `switchboard cost`: what the tool definitions cost per request, per month and per conversation, with and
 * without prompt caching, beside the alternatives. With `--tools`/`--tokens-per-tool`/`--tokens` it connects to
 * nothing and prints the arithmetic on the given numbers (what-if mode).
 */
export async function costCommand(options: CostCommandOptions, io: CliIo): Promise<number> {
  try {
    return await cost(options, io);
  } catch (error) {
    throw withCostFlagHint(error);
  }
}

async function cost(options: CostCommandOptions, io: CliIo): Promise<number> {
  if (options.json && options.csv) throw new SwitchboardError("USAGE", "Choose one of --json and --csv");
  const requestsPerMonth = parseWhole("--requests", options.requests, DEFAULT_REQUESTS_PER_MONTH, 0);
  const turns = parseWhole("--turns", options.turns, DEFAULT_TURNS, 1);
  const inputPrice = options.price === undefined ? undefined : parsePrice(options.price);
  const whatIfMode =
    options.tools !== undefined || options.tokensPerTool !== undefined || options.tokens !== undefined;
  if (whatIfMode) {
    if (options.exact)
      throw new SwitchboardError("USAGE", "--exact counts a real toolset; drop it in what-if mode");
    const report = whatIfReport(options, { requestsPerMonth, turns, inputPrice });
    io.out(options.json ? reportJson(report) : options.csv ? whatIfCsv(report) : renderWhatIf(report), {
      exact: options.json === true,
    });
    return 0;
  }

  const target = parseTarget(options.provider ?? "anthropic");
  const model = options.model ?? defaultModelFor(familyOfWire(TARGETS[target].wire));
  if (model === undefined) {
    throw new SwitchboardError("USAGE", `${target} is not a model provider; pass --model to price it`);
  }
  const config = await loadCliConfig(options.config, io);
  const table = priceTableOf(config);
  const price = resolvePrice(model, table, inputPrice, today(), "--price");
  if (price === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `No price for model "${model}"; pass --price (USD per 1M input tokens) or add it under "prices" in the config. Known: ${Object.keys(table).join(", ")}`,
    );
  }
  exclusionOf(config, options.agent === undefined ? {} : { agent: options.agent }); // an unknown agent is a usage error before anything starts
  const counter = options.exact ? await exactCounterFor(TARGETS[target].wire, model, options, io) : undefined;

  const host = await connectForCli(config, io);
  let tools: Parameters<typeof catalogCost>[0]["tools"];
  let failed: string[];
  let skills: Awaited<ReturnType<typeof agentSkillsCost>>;
  try {
    tools = host.catalog.snapshot()?.tools ?? [];
    skills = await agentSkillsCost(host, config, options.agent, target, model);
    failed = host.servers.filter((server) => server.state === "failed").map((server) => server.name);
  } finally {
    await host.close();
  }
  const { report, arrays } = catalogCost({
    tools,
    config,
    ...(options.agent === undefined ? {} : { agent: options.agent }),
    target,
    model,
    price,
    requestsPerMonth,
    turns,
    failedServers: failed,
  });
  const exact = counter === undefined ? undefined : await exactCost(counter, report, arrays);
  io.out(
    options.json
      ? reportJson({
          ...report,
          ...(exact === undefined ? {} : { exact }),
          ...(skills === undefined ? {} : { skills }),
        })
      : options.csv
        ? costReportCsv(report)
        : renderCost(report, exact) + (skills === undefined ? "" : `\n${renderSkillsCost(skills)}`),
    { exact: options.json === true },
  );
  if (!report.request.sendable) {
    io.err(
      `not sendable: ${report.request.limits.join("; ")}; the prices above are for a request the provider rejects`,
    );
  }
  const { quarantined } = report;
  if (quarantined.length > 0) {
    io.err(
      `${quarantined.length} tools quarantined (not sent, not priced): ${quarantined.map((entry) => `${entry.server}/${entry.tool}`).join(", ")}`,
    );
  }
  if (failed.length > 0) {
    io.err(`servers failed, their tools are not priced: ${failed.join(", ")} (run \`switchboard inspect\`)`);
    return 1;
  }
  return 0;
}

function whatIfReport(
  options: CostCommandOptions,
  common: { requestsPerMonth: number; turns: number; inputPrice: number | undefined },
): WhatIfReport {
  const report = pricedWhatIf({
    ...(options.tools === undefined ? {} : { tools: parseWhole("--tools", options.tools, 0, 1) }),
    ...(options.tokensPerTool === undefined
      ? {}
      : { tokensPerTool: parseWhole("--tokens-per-tool", options.tokensPerTool, 0, 0) }),
    ...(options.tokens === undefined ? {} : { tokens: parseWhole("--tokens", options.tokens, 0, 0) }),
    requestsPerMonth: common.requestsPerMonth,
    turns: common.turns,
    ...(common.inputPrice === undefined ? {} : { inputPrice: common.inputPrice }),
    ...(options.model === undefined ? {} : { model: options.model }),
    today: today(),
    inputPriceLabel: "--price",
  });
  if (options.model !== undefined) return report;
  // Without a model the cache prices are assumed: say which flag prices them properly.
  return { ...report, cache: { ...report.cache, source: `${report.cache.source}; ${MODEL_HINT}` } };
}

async function exactCounterFor(
  wire: string,
  model: string,
  options: CostCommandOptions,
  io: CliIo,
): Promise<ExactCounter | undefined> {
  if (options.csv) throw new SwitchboardError("USAGE", "--exact prints text or --json, not --csv");
  const { createExactCounter, exactSupportFor } = await import("../../providers/exact-tokens.js");
  const support = exactSupportFor(wire);
  if (!support.supported) {
    io.err(`note: ${support.reason}; showing the estimate`);
    return undefined;
  }
  return createExactCounter({ wire, model, env: io.env });
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
