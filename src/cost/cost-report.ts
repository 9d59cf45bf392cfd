import type { CacheMinimum } from "./cache-rules.js";
import { type CacheTtl, type CostFigures, type CostPricing, costOf } from "./cost-model.js";
import type { ToolsetTokenEstimate } from "./estimate-tokens.js";
import type { OverheadPart } from "./overheads.js";
import type { ModelPrice } from "./price-table.js";

/**
 * The `switchboard cost` report: the selected tools array priced per server and per tool, and beside it the
 * alternatives (every server, only the agent's servers, the allow-listed tools, a search facade). A pure
 * function of token estimates and prices; every figure is unrounded.
 */

export type AlternativeId = "all-servers" | "agent-servers" | "allow-listed" | "search-facade";

export interface AlternativeInput {
  id: AlternativeId;
  label: string;
  estimate: ToolsetTokenEstimate;
  note?: string;
  /** Whether the provider accepts this array (request limits); absent means no limit was checked. */
  verdict?: Sendability;
}

/** Whether a tools array can be sent at all, and which request limits say no. */
export interface Sendability {
  sendable: boolean;
  /** One message per blocking limit (empty when sendable). */
  limits: string[];
}

/** The price row a report used: a table row, or one the command line made (`--price`), which may lack `output`. */
export type PriceUsed = Omit<ModelPrice, "output"> & { model: string; output?: number };

export interface CostReportInput {
  config: string;
  /** The array the configuration sends (agent and allow/deny applied). */
  selected: ToolsetTokenEstimate;
  /** Whether the provider accepts the selected array; absent means sendable. */
  selectedVerdict?: Sendability;
  alternatives: readonly AlternativeInput[];
  /** The price row used, keyed by the table entry it matched. */
  price: PriceUsed;
  pricing: CostPricing;
  cacheTtl: CacheTtl;
  cacheMinimum?: CacheMinimum;
  requestsPerMonth: number;
  turns: number;
  failedServers?: readonly string[];
  quarantined?: readonly { server: string; tool: string; reason?: string }[];
  notes?: readonly string[];
}

export interface ToolCostRow {
  server: string;
  tool: string;
  name: string;
  tokens: number;
  cost: CostFigures;
}

export interface ServerCostRow {
  server: string;
  tools: number;
  tokens: number;
  cost: CostFigures;
}

export interface AlternativeRow {
  id: AlternativeId;
  label: string;
  tools: number;
  toolTokens: number;
  overheadTokens: number;
  tokens: number;
  cost: CostFigures;
  note?: string;
  /** False when the provider would reject this array (a request limit); its dollars are never spent. */
  sendable: boolean;
  limits: string[];
}

export interface CostReport {
  mode: "estimate";
  /** Every token count (and so every dollar figure) is an estimate. */
  estimate: true;
  tokenizer: "o200k_base";
  config: string;
  target: string;
  model: string;
  price: PriceUsed;
  pricing: CostPricing;
  cacheTtl: CacheTtl;
  cacheMinimum?: CacheMinimum;
  requestsPerMonth: number;
  turns: number;
  /** The per-request overhead (hidden tool prompt, framing) as a share of the selected request. */
  overhead: { tokens: number; cost: CostFigures; parts: OverheadPart[]; notes: string[] };
  servers: ServerCostRow[];
  tools: ToolCostRow[];
  /** The selected array as one request carries it: tools plus the fixed overhead. */
  request: Omit<AlternativeRow, "id" | "label">;
  alternatives: AlternativeRow[];
  failedServers: string[];
  quarantined: { server: string; tool: string; reason?: string }[];
  notes: string[];
}

export function buildCostReport(input: CostReportInput): CostReport {
  const { selected, pricing } = input;
  const options = (prefixTokens: number) => ({
    requestsPerMonth: input.requestsPerMonth,
    turns: input.turns,
    prefixTokens,
    ...(input.cacheMinimum === undefined ? {} : { cacheMinimumTokens: input.cacheMinimum.tokens }),
  });
  // A share of a request is cached or not as the whole prefix is: the minimum applies to the request.
  const share = (tokens: number) => costOf(tokens, pricing, options(selected.total));
  const alternative = (alt: AlternativeInput): AlternativeRow => ({
    id: alt.id,
    label: alt.label,
    ...requestRow(alt.estimate, alt.verdict),
    ...(alt.note === undefined ? {} : { note: alt.note }),
  });
  const requestRow = (
    estimate: ToolsetTokenEstimate,
    verdict: Sendability = { sendable: true, limits: [] },
  ): Omit<AlternativeRow, "id" | "label"> => ({
    tools: estimate.tools.length,
    toolTokens: estimate.toolTokens,
    overheadTokens: estimate.overheadTokens,
    tokens: estimate.total,
    cost: costOf(estimate.total, pricing, options(estimate.total)),
    sendable: verdict.sendable,
    limits: [...verdict.limits],
  });
  return {
    mode: "estimate",
    estimate: true,
    tokenizer: "o200k_base",
    config: input.config,
    target: selected.target,
    model: selected.model,
    price: input.price,
    pricing,
    cacheTtl: input.cacheTtl,
    ...(input.cacheMinimum === undefined ? {} : { cacheMinimum: input.cacheMinimum }),
    requestsPerMonth: input.requestsPerMonth,
    turns: input.turns,
    overhead: {
      tokens: selected.overheadTokens,
      cost: share(selected.overheadTokens),
      parts: selected.overheads.parts,
      notes: selected.overheads.notes,
    },
    servers: selected.servers.map((row) => ({ ...row, cost: share(row.tokens) })),
    tools: selected.tools.map((row) => ({
      server: row.server,
      tool: row.tool,
      name: row.name,
      tokens: row.tokens,
      cost: share(row.tokens),
    })),
    request: requestRow(selected, input.selectedVerdict),
    alternatives: input.alternatives.map(alternative),
    failedServers: [...(input.failedServers ?? [])],
    quarantined: [...(input.quarantined ?? [])],
    notes: [...(input.notes ?? [])],
  };
}
