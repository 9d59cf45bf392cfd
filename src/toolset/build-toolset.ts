import { createHash } from "node:crypto";
import { buildNameTable, type NameTable, type NameTableOptions } from "../naming/index.js";
import { prepareAnthropicTools } from "../providers/anthropic/prepare-tools.js";
import { prepareGeminiTools } from "../providers/gemini/prepare-tools.js";
import { prepareMcpTools } from "../providers/mcp/prepare-tools.js";
import { prepareOpenAIChatTools } from "../providers/openai-chat/prepare-tools.js";
import { prepareOpenAIResponsesTools } from "../providers/openai-responses/prepare-tools.js";
import { TARGETS, type Target, type TargetId } from "../providers/targets.js";
import type { JsonObject } from "../spec/json.js";
import type { McpTool, ServerTool } from "../spec/tool.js";
import type { TranslationWarning } from "../spec/warning.js";
import { applyAnthropicStrictBudget } from "./apply-strict-budget.js";
import { canonicalSchema } from "./canonical-json.js";
import type { PreparedTool } from "./prepared-tool.js";
import { type RepairedTool, repairTool } from "./repair-tool.js";

export interface BuildToolsetOptions {
  naming?: NameTableOptions;
  /** The catalogue generation the tools were taken from; dispatch resolves calls against it. */
  generation?: number;
  /** Anthropic targets: a cache breakpoint on the last tool. */
  cacheControl?: { type: "ephemeral"; ttl?: "5m" | "1h" };
}

/** What happened to one catalogue tool on its way into the array. */
export interface ToolsetEntry {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  /** The emitted name; absent for a quarantined tool. */
  name?: string;
  status: "ok" | "quarantined";
  /** Sent with `strict: true`. */
  strict: boolean;
  /** Why the tool was quarantined. */
  reason?: string;
  warnings: TranslationWarning[];
  /** Canonical JSON of this tool's own wire definition (its share of the array's bytes). */
  json?: string;
}

export interface Toolset {
  target: Target;
  /** The catalogue generation this array was built from, when the caller said. */
  generation?: number;
  /** Exactly the `tools` value for the provider's request body. */
  tools: unknown[];
  /** Canonical serialisation of `tools`: equal content gives equal bytes. */
  json: string;
  /** SHA-256 (hex) of `json`. */
  hash: string;
  names: NameTable;
  /** Emitted tools sorted by name, then quarantined ones sorted by (server, tool). */
  entries: ToolsetEntry[];
  /** Problems of the array as a whole (for example more tools than the provider accepts). */
  warnings: TranslationWarning[];
}

/**
 * Translates a selection of catalogue tools for one target: repair each schema for the target's dialect
 * (quarantining a tool that cannot be repaired), name the survivors through the target's name table, and
 * serialise canonically. A pure function of (tools, target, options): the order of `tools` and the key order
 * inside their schemas do not change a byte of the output.
 */
export function buildToolset(
  tools: readonly ServerTool[],
  targetId: TargetId,
  options: BuildToolsetOptions = {},
): Toolset {
  const target = TARGETS[targetId];
  const repaired = tools.map((item) => ({ item, result: repairTool(item.tool, target) }));
  const emitted: { item: ServerTool; result: Extract<RepairedTool, { ok: true }> }[] = [];
  for (const { item, result } of repaired) if (result.ok) emitted.push({ item, result });
  const names = buildNameTable(
    emitted.map(({ item }) => ({ server: item.server, tool: item.tool.name })),
    target.profile.name,
    options.naming,
  );
  const nameWarnings = new Map<string, TranslationWarning[]>();
  for (const entry of names.entries()) nameWarnings.set(entry.name, [...entry.warnings]);

  const prepared: Prepared[] = [];
  const seen = new Set<string>();
  for (const { item, result } of emitted) {
    const name = names.nameOf(item.server, item.tool.name);
    // A server listing the same tool name twice is one tool (the catalogue already keeps the first).
    if (name === undefined || seen.has(name)) continue;
    seen.add(name);
    prepared.push({
      name,
      description: describe(item.tool),
      schema: canonicalSchema(result.schema) as JsonObject,
      strict: result.strict,
      ...(result.omitParameters ? { omitParameters: true } : {}),
      source: item,
      nameWarnings: nameWarnings.get(name) ?? [],
      warnings: [...(nameWarnings.get(name) ?? []), ...result.warnings],
    });
  }
  prepared.sort((a, b) => compareStrings(a.name, b.name));
  const budgeted =
    target.id === "anthropic-strict"
      ? applyAnthropicStrictBudget(prepared, (tool, why) => demoteToNonStrict(tool, target, why))
      : prepared;

  const wire = toWire(budgeted, target, options);
  const entries: ToolsetEntry[] = budgeted.map((tool, index) => ({
    server: tool.source.server,
    tool: tool.source.tool.name,
    name: tool.name,
    status: "ok",
    strict: tool.strict,
    warnings: tool.warnings,
    json: JSON.stringify(wire.perTool[index]),
  }));
  const quarantined: ToolsetEntry[] = [];
  for (const { item, result } of repaired) {
    if (result.ok) continue;
    quarantined.push({
      server: item.server,
      tool: item.tool.name,
      status: "quarantined",
      strict: false,
      reason: result.reason,
      warnings: result.warnings,
    });
  }
  quarantined.sort((a, b) => compareStrings(a.server, b.server) || compareStrings(a.tool, b.tool));

  const json = JSON.stringify(wire.tools);
  const warnings: TranslationWarning[] = [];
  const limit = target.profile.maxTools;
  if (limit !== undefined && budgeted.length > limit.count) {
    warnings.push({
      code: "too-many-tools",
      path: "",
      message: `${budgeted.length} tools exceed ${target.profile.label}'s limit of ${limit.count} (${limit.source}, checked ${limit.checkedOn}); select fewer servers or tools, or use tool search`,
    });
  }
  return {
    target,
    ...(options.generation === undefined ? {} : { generation: options.generation }),
    tools: wire.tools,
    json,
    hash: createHash("sha256").update(json).digest("hex"),
    names,
    entries: [...entries, ...quarantined],
    warnings,
  };
}

type Prepared = PreparedTool & {
  source: ServerTool;
  nameWarnings: TranslationWarning[];
  warnings: TranslationWarning[];
};

function demoteToNonStrict(tool: Prepared, target: Target, why: string): Prepared {
  const fallback = repairTool(tool.source.tool, {
    ...target,
    profile: { ...target.profile, strict: false, dialect: target.nonStrictFallback ?? "anthropic" },
  });
  if (!fallback.ok) return tool; // unreachable in practice: the non-strict dialect accepts what the strict one did
  const note: TranslationWarning = {
    code: "strict-fallback",
    path: "",
    message: `sent with strict: false because ${why}`,
  };
  return {
    ...tool,
    schema: canonicalSchema(fallback.schema) as JsonObject,
    strict: false,
    warnings: [...tool.warnings, note],
  };
}

function describe(tool: McpTool): string {
  return tool.description ?? tool.title ?? "";
}

function toWire(
  tools: readonly (PreparedTool & { source: ServerTool })[],
  target: Target,
  options: BuildToolsetOptions,
): { tools: unknown[]; perTool: unknown[] } {
  switch (target.wire) {
    case "anthropic": {
      const out = prepareAnthropicTools(
        tools,
        options.cacheControl ? { cacheControl: options.cacheControl } : {},
      );
      return { tools: out, perTool: out };
    }
    case "openai-chat": {
      const out = prepareOpenAIChatTools(tools);
      return { tools: out, perTool: out };
    }
    case "openai-responses": {
      const out = prepareOpenAIResponsesTools(tools);
      return { tools: out, perTool: out };
    }
    case "gemini": {
      const out = prepareGeminiTools(tools, target.geminiField ?? "parameters");
      return { tools: out, perTool: out[0]?.functionDeclarations ?? [] };
    }
    case "mcp": {
      const out = prepareMcpTools(
        tools.map((tool) => ({
          ...tool,
          ...(tool.source.tool.title === undefined ? {} : { title: tool.source.tool.title }),
          ...(tool.source.tool.annotations === undefined
            ? {}
            : { annotations: tool.source.tool.annotations }),
        })),
      );
      return { tools: out, perTool: out };
    }
  }
}

/** Code-unit order, independent of locale, so the bytes are the same on every machine. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
