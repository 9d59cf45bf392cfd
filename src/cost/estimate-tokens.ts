import { countO200k } from "./count-o200k.js";
import { type Overheads, overheadsFor, type ProviderFamily, type ToolChoice } from "./overheads.js";

/**
 * Token ESTIMATES for a tools array: `o200k_base` over each tool's own wire JSON (the bytes the request carries),
 * scaled for tokenizers known to count more, plus the provider's documented fixed overheads. No offline
 * tokenizer exists for current Claude or Gemini models, so every number here is an estimate and says so.
 */

/** The parts of a built toolset this needs (a `Toolset` from `toolset/build-toolset.ts` fits). */
export interface ToolsetLike {
  target: { id: string; wire: string };
  entries: readonly {
    server: string;
    tool: string;
    name?: string;
    status: "ok" | "quarantined";
    json?: string;
  }[];
}

export interface ToolTokenEstimate {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  /** The emitted name. */
  name: string;
  /** `o200k_base` tokens of the tool's wire JSON, unscaled. */
  textTokens: number;
  /** `textTokens` × the model's text factor + per-tool framing. Unrounded. */
  tokens: number;
}

export interface ServerTokenEstimate {
  server: string;
  tools: number;
  tokens: number;
}

export interface ToolsetTokenEstimate {
  estimate: true;
  tokenizer: "o200k_base";
  target: string;
  family: ProviderFamily;
  model: string;
  toolChoice: ToolChoice;
  /** Emitted tools only, in the array's order; quarantined tools are not sent and cost nothing. */
  tools: ToolTokenEstimate[];
  /** Sorted by server name. */
  servers: ServerTokenEstimate[];
  /** Sum over `tools`. */
  toolTokens: number;
  /** Per-request overhead; 0 when no tool is sent. */
  overheadTokens: number;
  /** What the tools cost in one request's input: `toolTokens + overheadTokens`. */
  total: number;
  overheads: Overheads;
}

/**
 * `o200k_base` token count of plain text; special-token strings count as ordinary text, as a provider sees them.
 * Linear in the text (see `countO200k`): a server's megabyte one-word description cannot stall the caller.
 */
export function countTextTokens(text: string): number {
  return countO200k(text);
}

/** Which provider's overhead rules apply to a wire shape. */
export function familyOfWire(wire: string): ProviderFamily {
  if (wire === "anthropic") return "anthropic";
  if (wire === "openai-chat" || wire === "openai-responses") return "openai";
  if (wire === "gemini") return "gemini";
  return "mcp";
}

/**
 * Estimates what a toolset's tools array costs in one request's input tokens for `model`: per tool, per server
 * and in total, with the provider's per-request tool overhead (o200k_base counts, so an estimate, not a bill).
 * Use it to see which server makes the tools array expensive before sending it.
 *
 * @example
 * ```ts
 * const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic");
 * const estimate = estimateToolsetTokens(toolset, { model: "claude-opus-4-8" });
 * console.log(estimate.total, estimate.servers);
 * ```
 */
export function estimateToolsetTokens(
  toolset: ToolsetLike,
  options: { model: string; toolChoice?: ToolChoice },
): ToolsetTokenEstimate {
  const family = familyOfWire(toolset.target.wire);
  const toolChoice = options.toolChoice ?? "auto";
  const overheads = overheadsFor(family, options.model, toolChoice);
  const tools: ToolTokenEstimate[] = [];
  for (const entry of toolset.entries) {
    if (entry.status !== "ok" || entry.json === undefined || entry.name === undefined) continue;
    const textTokens = countTextTokens(entry.json);
    tools.push({
      server: entry.server,
      tool: entry.tool,
      name: entry.name,
      textTokens,
      tokens: textTokens * overheads.textFactor + overheads.perTool,
    });
  }
  const byServer = new Map<string, ServerTokenEstimate>();
  for (const tool of tools) {
    const row = byServer.get(tool.server) ?? { server: tool.server, tools: 0, tokens: 0 };
    row.tools += 1;
    row.tokens += tool.tokens;
    byServer.set(tool.server, row);
  }
  const servers = [...byServer.values()].sort((a, b) =>
    a.server < b.server ? -1 : a.server > b.server ? 1 : 0,
  );
  const toolTokens = tools.reduce((sum, tool) => sum + tool.tokens, 0);
  const overheadTokens = tools.length > 0 ? overheads.perRequest : 0;
  return {
    estimate: true,
    tokenizer: "o200k_base",
    target: toolset.target.id,
    family,
    model: options.model,
    toolChoice,
    tools,
    servers,
    toolTokens,
    overheadTokens,
    total: toolTokens + overheadTokens,
    overheads,
  };
}
