import type { SwitchboardConfig } from "../../config/types.js";
import { cacheMinimumFor } from "../../cost/cache-rules.js";
import { costReportCsv, whatIfCsv } from "../../cost/cost-csv.js";
import { type CacheTtl, type CostFigures, costOf, pricingOf } from "../../cost/cost-model.js";
import {
  type AlternativeInput,
  buildCostReport,
  type CostReport,
  type Sendability,
} from "../../cost/cost-report.js";
import { defaultModelFor } from "../../cost/default-models.js";
import {
  estimateToolsetTokens,
  familyOfWire,
  type ToolsetTokenEstimate,
} from "../../cost/estimate-tokens.js";
import { FACADE_NOTE, FACADE_TOOLS } from "../../cost/facade-definition.js";
import { formatCount, formatMoney, formatRate, formatTokens } from "../../cost/format-money.js";
import type { ProviderFamily } from "../../cost/overheads.js";
import { PRICES, type PriceOverrides, type PriceTable, withPriceOverrides } from "../../cost/price-table.js";
import { resolvePrice } from "../../cost/resolve-price.js";
import { type WhatIfReport, whatIf } from "../../cost/what-if.js";
import { SwitchboardError } from "../../errors.js";
import type { ExactCounter } from "../../providers/exact-tokens.js";
import { TARGETS } from "../../providers/targets.js";
import { buildToolset } from "../../toolset/build-toolset.js";
import { checkRequestLimits } from "../../toolset/request-limits.js";
import { exclusionOf, selectTools } from "../../toolset/select-tools.js";
import { connectForCli } from "../connect-for-cli.js";
import { reportJson } from "../json-numbers.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { renderTable } from "../render-table.js";
import { agentSkillsCost, renderSkillsCost } from "../skills-cost-lines.js";
import { parseTarget } from "./tools.js";

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
const CACHE_TTL: CacheTtl = "5m";

/**
 * `switchboard cost`: what the tool definitions cost per request, per month and per conversation, with and
 * without prompt caching, beside the alternatives. With `--tools`/`--tokens-per-tool`/`--tokens` it connects to
 * nothing and prints the arithmetic on the given numbers (what-if mode).
 */
export async function costCommand(options: CostCommandOptions, io: CliIo): Promise<number> {
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
  const family = familyOfWire(TARGETS[target].wire);
  const model = options.model ?? defaultModelFor(family);
  if (model === undefined) {
    throw new SwitchboardError("USAGE", `${target} is not a model provider; pass --model to price it`);
  }
  const config = await loadCliConfig(options.config, io);
  const table = priceTable(config);
  const price = resolvePrice(model, table, inputPrice, today());
  if (price === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `No price for model "${model}"; pass --price (USD per 1M input tokens) or add it under "prices" in the config. Known: ${Object.keys(table).join(", ")}`,
    );
  }
  const agentFilter = options.agent === undefined ? {} : { agent: options.agent };
  exclusionOf(config, agentFilter); // an unknown agent is a usage error before anything starts
  const counter = options.exact ? await exactCounterFor(TARGETS[target].wire, model, options, io) : undefined;

  const host = await connectForCli(config, io);
  let all: Parameters<typeof selectTools>[0];
  let failed: string[];
  let skills: Awaited<ReturnType<typeof agentSkillsCost>>;
  try {
    all = host.catalog.snapshot()?.tools ?? [];
    skills = await agentSkillsCost(host, config, options.agent, target, model);
    failed = host.servers.filter((server) => server.state === "failed").map((server) => server.name);
  } finally {
    await host.close();
  }
  const wireOf = new Map<ToolsetTokenEstimate, unknown[]>(); // for --exact: each estimate's tools array
  const estimate = (tools: Parameters<typeof buildToolset>[0]) => {
    const toolset = buildToolset(tools, target);
    const tokens = estimateToolsetTokens(toolset, { model });
    wireOf.set(tokens, toolset.tools);
    const limits = checkRequestLimits(toolset, { model });
    const verdict: Sendability = {
      sendable: limits.sendable,
      limits: limits.warnings.filter((warning) => warning.blocking).map((warning) => warning.message),
    };
    return { toolset, tokens, verdict };
  };
  const selected = estimate(selectTools(all, config, agentFilter));
  const alternatives: AlternativeInput[] = [
    verdictOf(estimate(all), "all-servers", "all servers, no filters"),
  ];
  if (options.agent !== undefined) {
    const servers = new Set(config.agents[options.agent]?.servers ?? []);
    alternatives.push(
      verdictOf(
        estimate(all.filter((item) => servers.has(item.server))),
        "agent-servers",
        `agent ${options.agent}'s servers, no filters`,
      ),
    );
  }
  alternatives.push(
    verdictOf(
      selected,
      "allow-listed",
      `${options.agent === undefined ? "" : `agent ${options.agent}, `}allow/deny applied (sent today)`,
    ),
    {
      ...verdictOf(estimate(FACADE_TOOLS), "search-facade", `search facade (${FACADE_TOOLS.length} tools)`),
      note: FACADE_NOTE,
    },
  );
  const quarantined = selected.toolset.entries
    .filter((entry) => entry.status === "quarantined")
    .map((entry) => ({
      server: entry.server,
      tool: entry.tool,
      ...(entry.reason === undefined ? {} : { reason: entry.reason }),
    }));
  const cacheMinimum = cacheMinimumFor(family, model);
  const report = buildCostReport({
    config: config.file,
    selected: selected.tokens,
    selectedVerdict: selected.verdict,
    alternatives,
    price,
    pricing: pricingOf(price, CACHE_TTL),
    cacheTtl: CACHE_TTL,
    ...(cacheMinimum === undefined ? {} : { cacheMinimum }),
    requestsPerMonth,
    turns,
    failedServers: failed,
    quarantined,
  });
  const exact =
    counter === undefined
      ? undefined
      : await exactRows(
          counter,
          report,
          [
            { label: "the sent request", estimate: selected.tokens },
            ...alternatives.map((alt) => ({ label: alt.label, estimate: alt.estimate })),
          ],
          wireOf,
        );
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

/** An alternative row's input from an estimate and its request-limit verdict. */
function verdictOf(
  built: { tokens: ToolsetTokenEstimate; verdict: Sendability },
  id: AlternativeInput["id"],
  label: string,
): AlternativeInput {
  return { id, label, estimate: built.tokens, verdict: built.verdict };
}

function whatIfReport(
  options: CostCommandOptions,
  common: { requestsPerMonth: number; turns: number; inputPrice: number | undefined },
): WhatIfReport {
  const counts = {
    ...(options.tools === undefined ? {} : { tools: parseWhole("--tools", options.tools, 0, 1) }),
    ...(options.tokensPerTool === undefined
      ? {}
      : { tokensPerTool: parseWhole("--tokens-per-tool", options.tokensPerTool, 0, 0) }),
    ...(options.tokens === undefined ? {} : { tokens: parseWhole("--tokens", options.tokens, 0, 0) }),
  };
  const base = { ...counts, requestsPerMonth: common.requestsPerMonth, turns: common.turns };
  if (options.model === undefined) {
    if (common.inputPrice === undefined) {
      throw new SwitchboardError("USAGE", "What-if mode needs --price (USD per 1M input tokens) or --model");
    }
    return whatIf({ ...base, price: common.inputPrice });
  }
  const price = resolvePrice(options.model, PRICES, common.inputPrice, today());
  if (price === undefined) {
    throw new SwitchboardError("USAGE", `No price for model "${options.model}"; pass --price`);
  }
  const pricing = pricingOf(price, CACHE_TTL);
  const family = familyOfProvider(price.provider);
  const minimum = family === undefined ? undefined : cacheMinimumFor(family, options.model);
  return whatIf({
    ...base,
    price: price.input,
    ...(pricing.cache === undefined
      ? {}
      : {
          cache: { ...pricing.cache, source: `${price.model}: ${price.source}, checked ${price.checkedOn}` },
        }),
    ...(minimum === undefined ? {} : { cacheMinimumTokens: minimum.tokens }),
  });
}

function renderWhatIf(report: WhatIfReport): string {
  const { cost } = report;
  const tokens = formatTokens(report.tokens);
  const rate = formatRate(report.price);
  const array =
    report.tools === undefined || report.tokensPerTool === undefined
      ? `${tokens} tokens`
      : `${formatCount(report.tools)} tools × ${formatTokens(report.tokensPerTool)} tokens = ${tokens} tokens`;
  const lines = [
    "What if (your numbers, nothing estimated):",
    `  tools array              ${array}, sent with every request`,
    `  per request              ${tokens} tokens × ${rate} = ${money(cost.perRequest)}`,
    `  per month                ${tokens} tokens × ${rate} × ${formatCount(report.requestsPerMonth)} requests = ${formatMoney(cost.perMonth)}`,
    `  per ${report.turns}-turn conversation  ${report.turns} turns × ${tokens} tokens = ${formatTokens(cost.conversationTokens)} tokens × ${rate} = ${formatMoney(cost.perConversation)} (the definitions are paid every turn)`,
  ];
  const cached = cost.cached;
  if (cached !== undefined) {
    if (!cached.applies) {
      lines.push(`  with prompt caching      no saving: ${cached.reason}`);
    } else {
      lines.push(
        `  with prompt caching      turn 1 writes ${tokens} tokens at ${formatRate(report.cache.write)}${report.turns > 1 ? `, turns 2-${report.turns} read ${formatTokens(cached.readTokens)} tokens at ${formatRate(report.cache.read)}` : ""}:`,
        `                           ${formatMoney(cached.perConversation)} per conversation, ${formatMoney(cached.perRequest)} per request, ${formatMoney(cached.perMonth)} per month`,
        `                           (${report.cache.source})`,
      );
    }
  }
  return lines.join("\n");
}

/** A display figure, with the exact value beside it when display rounding hides digits ($0.0023 of $0.00234). */
function money(value: number): string {
  const shown = formatMoney(value);
  const exact = Number(value.toPrecision(12));
  return Number(shown.replace(/[$,]/g, "")) === exact ? shown : `${shown} (unrounded $${exact})`;
}

export function renderCost(report: CostReport, exact?: ExactSection): string {
  const k = report.turns;
  const cachedKnown = report.pricing.cache !== undefined;
  const cachedCell = (cost: CostFigures, pick: "perConversation" | "perMonth") =>
    cost.cached === undefined ? "-" : formatMoney(cost.cached[pick]);
  const moneyColumns = <Row extends { cost: CostFigures }>() => [
    { header: "$/request", value: (row: Row) => formatMoney(row.cost.perRequest), align: "right" as const },
    { header: "$/month", value: (row: Row) => formatMoney(row.cost.perMonth), align: "right" as const },
    {
      header: `$/${k}-turn conv`,
      value: (row: Row) => formatMoney(row.cost.perConversation),
      align: "right" as const,
    },
    {
      header: `cached $/${k}-turn`,
      value: (row: Row) => cachedCell(row.cost, "perConversation"),
      align: "right" as const,
    },
    {
      header: "cached $/month",
      value: (row: Row) => cachedCell(row.cost, "perMonth"),
      align: "right" as const,
    },
  ];
  type ServerLine = { name: string; tools: string; tokens: number; cost: CostFigures };
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
    { header: "tokens", value: (row) => formatTokens(row.tokens, true), align: "right" },
    ...moneyColumns<ServerLine>(),
  ]);
  const tools = renderTable(report.tools, [
    { header: "server", value: (row) => row.server },
    { header: "tool", value: (row) => row.tool },
    { header: "tokens", value: (row) => formatTokens(row.tokens, true), align: "right" },
    { header: "$/request", value: (row) => formatMoney(row.cost.perRequest), align: "right" },
    { header: "$/month", value: (row) => formatMoney(row.cost.perMonth), align: "right" },
  ]);
  const alternatives = renderTable(report.alternatives, [
    { header: "alternative", value: (row) => row.label },
    { header: "tools", value: (row) => String(row.tools), align: "right" },
    { header: "tokens", value: (row) => formatTokens(row.tokens, true), align: "right" },
    ...moneyColumns<CostReport["alternatives"][number]>(),
    { header: "sendable", value: (row) => (row.sendable ? "yes" : "NO") },
  ]);
  const price = report.price;
  const cacheText = cachedKnown
    ? `cache write ${formatRate(report.pricing.cache?.write ?? 0)}, read ${formatRate(report.pricing.cache?.read ?? 0)}`
    : "cache prices unknown: caching not priced";
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
    ...notes.map((note) => `note: ${note}`),
  ].join("\n");
}

/** `--exact`: the provider's own count of each compared tools array, with the estimate beside it. */
export interface ExactSection {
  source: string;
  rows: { label: string; tokens: number; estimate: number; cost: CostFigures }[];
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

async function exactRows(
  counter: ExactCounter,
  report: CostReport,
  rows: readonly { label: string; estimate: ToolsetTokenEstimate }[],
  wireOf: ReadonlyMap<ToolsetTokenEstimate, unknown[]>,
): Promise<ExactSection> {
  const options = {
    requestsPerMonth: report.requestsPerMonth,
    turns: report.turns,
    ...(report.cacheMinimum === undefined ? {} : { cacheMinimumTokens: report.cacheMinimum.tokens }),
  };
  const counted: ExactSection["rows"] = [];
  for (const row of rows) {
    const { total } = await counter.count(wireOf.get(row.estimate) ?? []);
    counted.push({
      label: row.label,
      tokens: total,
      estimate: row.estimate.total,
      cost: costOf(total, report.pricing, options),
    });
  }
  return { source: counter.source, rows: counted };
}

function renderExact(exact: ExactSection, turns: number): string {
  type Row = ExactSection["rows"][number];
  const cached = (row: Row, pick: "perConversation" | "perMonth") =>
    row.cost.cached === undefined ? "-" : formatMoney(row.cost.cached[pick]);
  const table = renderTable(exact.rows, [
    { header: "exact (provider count)", value: (row) => row.label },
    { header: "tokens", value: (row) => formatTokens(row.tokens), align: "right" },
    { header: "estimate", value: (row) => formatTokens(row.estimate, true), align: "right" },
    { header: "$/request", value: (row) => formatMoney(row.cost.perRequest), align: "right" },
    { header: "$/month", value: (row) => formatMoney(row.cost.perMonth), align: "right" },
    { header: `$/${turns}-turn conv`, value: (row) => formatMoney(row.cost.perConversation), align: "right" },
    { header: `cached $/${turns}-turn`, value: (row) => cached(row, "perConversation"), align: "right" },
    { header: "cached $/month", value: (row) => cached(row, "perMonth"), align: "right" },
  ]);
  return `${table}\nexact: counted by ${exact.source} (the request with the tools minus the same request without them); the tables below are estimates`;
}

function priceTable(config: SwitchboardConfig): PriceTable {
  // The config only checks the shape (model → object); withPriceOverrides checks every field and names bad ones.
  const overrides = config.prices as PriceOverrides | undefined;
  return overrides === undefined ? PRICES : withPriceOverrides(PRICES, overrides, config.file);
}

function familyOfProvider(provider: string): ProviderFamily | undefined {
  return provider === "anthropic" || provider === "openai" || provider === "gemini" ? provider : undefined;
}

function parseWhole(flag: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const digits = value.replace(/[,_]/g, "");
  const parsed = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min) {
    throw new SwitchboardError("USAGE", `${flag} expects a whole number >= ${min}, got "${value}"`);
  }
  return parsed;
}

function parsePrice(value: string): number {
  const text = value.replace(/^\$/, "");
  const parsed = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(parsed)) {
    throw new SwitchboardError(
      "USAGE",
      `--price expects USD per 1M input tokens, e.g. 3 or 0.25, got "${value}"`,
    );
  }
  return parsed;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
