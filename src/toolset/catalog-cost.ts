import type { SwitchboardConfig } from "../config/types.js";
import { cacheMinimumFor } from "../cost/cache-rules.js";
import { costAlternatives } from "../cost/cost-alternatives.js";
import { type CacheTtl, pricingOf } from "../cost/cost-model.js";
import { buildCostReport, type CostReport, type PriceUsed, type Sendability } from "../cost/cost-report.js";
import { defaultModelFor } from "../cost/default-models.js";
import { estimateToolsetTokens, familyOfWire, type ToolsetTokenEstimate } from "../cost/estimate-tokens.js";
import type { ExactCostInput } from "../cost/exact-cost.js";
import { TARGETS, type TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset, type Toolset } from "./build-toolset.js";
import { checkRequestLimits } from "./request-limits.js";
import { selectTools } from "./select-tools.js";

/** A tools array built for a target, its token estimate, and whether the provider accepts it. */
export interface EstimatedRequest {
  toolset: Toolset;
  tokens: ToolsetTokenEstimate;
  verdict: Sendability;
}

/** Builds `tools` for `target` and estimates the array's tokens for `model`, with the blocking request limits. */
export function estimateRequest(
  tools: readonly ServerTool[],
  target: TargetId,
  model: string,
): EstimatedRequest {
  const toolset = buildToolset(tools, target);
  const limits = checkRequestLimits(toolset, { model });
  return {
    toolset,
    tokens: estimateToolsetTokens(toolset, { model }),
    verdict: {
      sendable: limits.sendable,
      limits: limits.warnings.filter((warning) => warning.blocking).map((warning) => warning.message),
    },
  };
}

/**
 * Token estimates for every tool in `tools` as `target`'s array carries it (no configuration filters), for
 * `model`; default the provider's default model (a placeholder for a target without one, as MCP).
 */
export function estimateCatalogTokens(
  tools: readonly ServerTool[],
  target: TargetId,
  model = defaultModelFor(familyOfWire(TARGETS[target].wire)) ?? "no model",
): ToolsetTokenEstimate {
  return estimateToolsetTokens(buildToolset(tools, target), { model });
}

/** What `catalogCost` prices: the catalogue's tools under a configuration, for one target, model and price. */
export interface CatalogCostInput {
  /** Every catalogue tool (the snapshot's, unfiltered). */
  tools: readonly ServerTool[];
  config: SwitchboardConfig;
  /** Price this agent's selection; default the whole configuration's. */
  agent?: string;
  target: TargetId;
  model: string;
  price: PriceUsed;
  requestsPerMonth: number;
  turns: number;
  /** Default `5m`. */
  cacheTtl?: CacheTtl;
  /** Servers that did not list (their tools are missing from `tools`); the report names them. */
  failedServers?: readonly string[];
}

/** A cost report and every array it priced, as the provider would receive each. */
export interface CatalogCost {
  report: CostReport;
  /** The sent request first, then each alternative in report order: what an exact count asks about. */
  arrays: ExactCostInput[];
}

/**
 * Prices the array the configuration sends per server and per tool, beside the alternatives (every server, the
 * agent's servers, the allow-listed tools, the search facade), each checked against the request limits.
 * Quarantined tools are neither sent nor priced; the report lists them.
 */
export function catalogCost(input: CatalogCostInput): CatalogCost {
  const { config, target, model } = input;
  const agentFilter = input.agent === undefined ? {} : { agent: input.agent };
  const selectedTools = selectTools(input.tools, config, agentFilter);
  const selected = estimateRequest(selectedTools, target, model);
  const candidates = costAlternatives({
    all: input.tools,
    selected: selectedTools,
    ...(input.agent === undefined
      ? {}
      : { agent: { name: input.agent, servers: config.agents[input.agent]?.servers ?? [] } }),
  });
  const alternatives = candidates.map((candidate) => {
    const built =
      candidate.tools === selectedTools ? selected : estimateRequest(candidate.tools, target, model);
    return { candidate, built };
  });
  const cacheTtl = input.cacheTtl ?? "5m";
  const cacheMinimum = cacheMinimumFor(familyOfWire(TARGETS[target].wire), model);
  const report = buildCostReport({
    config: config.file,
    selected: selected.tokens,
    selectedVerdict: selected.verdict,
    alternatives: alternatives.map(({ candidate, built }) => ({
      id: candidate.id,
      label: candidate.label,
      estimate: built.tokens,
      verdict: built.verdict,
      ...(candidate.note === undefined ? {} : { note: candidate.note }),
    })),
    price: input.price,
    pricing: pricingOf(input.price, cacheTtl),
    cacheTtl,
    ...(cacheMinimum === undefined ? {} : { cacheMinimum }),
    requestsPerMonth: input.requestsPerMonth,
    turns: input.turns,
    failedServers: input.failedServers ?? [],
    quarantined: selected.toolset.entries
      .filter((entry) => entry.status === "quarantined")
      .map((entry) => ({
        server: entry.server,
        tool: entry.tool,
        ...(entry.reason === undefined ? {} : { reason: entry.reason }),
      })),
  });
  const arrayOf = (label: string, built: EstimatedRequest): ExactCostInput => ({
    label,
    estimate: built.tokens.total,
    tools: built.toolset.tools,
  });
  return {
    report,
    arrays: [
      arrayOf("the sent request", selected),
      ...alternatives.map(({ candidate, built }) => arrayOf(candidate.label, built)),
    ],
  };
}
