import { joinLocalTools, type LocalTool } from "../local-tools/local-tool.js";
import type { NameHistory, NameTable, NameTableOptions } from "../naming/index.js";
import type { ToolsArrayLayout } from "../providers/provider-module.js";
import { providerModule, targetFor } from "../providers/registry.js";
import type { Target, TargetId } from "../providers/targets.js";
import type { PreparedTool } from "../spec/prepared-tool.js";
import type { McpTool, ServerTool } from "../spec/tool.js";
import type { TranslationWarning } from "../spec/warning.js";
import type { ToolsArrayOf } from "../spec/wire-tools.js";
import { applyAnthropicStrictBudget } from "./apply-strict-budget.js";
import { bytesOfWhole, type JoinedBytes, joinedBytes } from "./array-bytes.js";
import type { RepairedTool } from "./repair-tool.js";
import { strictFallbackWarning, type TranslatedTool, type WireTool } from "./translated-tool.js";
import {
  sharedJoinedBytes,
  sharedNames,
  sharedTranslations,
  type ToolTranslationCache,
} from "./translation-cache.js";

/** How `buildToolset` names, caches, marks and prepares the array: naming rules, generation, cache breakpoint, local tools. */
export interface BuildToolsetOptions {
  naming?: NameTableOptions;
  /** The catalogue generation the tools were taken from; dispatch resolves calls against it. */
  generation?: number;
  /** Anthropic targets: a cache breakpoint on the last tool. */
  cacheControl?: { type: "ephemeral"; ttl?: "5m" | "1h" };
  /**
   * Per-tool translations kept across builds: pass the same cache to every rebuild of one toolset (after each
   * `list_changed`) and only the tools that changed are repaired and serialised again. The output is the same,
   * byte for byte, as a build without it.
   */
  cache?: ToolTranslationCache;
  /**
   * The names of one conversation: this build's table is recorded in it and the toolset carries it, so dispatch
   * can answer a call to a name an earlier request carried (and this one does not) with what became of the tool.
   * Pass the same history to every build of one conversation (`liveToolset` does).
   */
  history?: NameHistory;
  /**
   * The user's own tools (`localTool`): named, repaired and serialised beside `tools` under the reserved
   * `local` label, and run by dispatch through their `execute`.
   */
  localTools?: readonly LocalTool[];
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

/**
 * One provider-ready tools array and what it was built from: `tools` typed for target `T` (pass it to the SDK as it
 * is), the name table dispatch resolves calls with, each catalogue tool's fate, the hash that changes with the bytes.
 */
export interface Toolset<T extends TargetId = TargetId> {
  target: Target & { id: T };
  /** The catalogue generation this array was built from, when the caller said. */
  generation?: number;
  /** Exactly the `tools` value for the provider's request body. */
  tools: ToolsArrayOf<T>;
  /** Canonical serialisation of `tools`: equal content gives equal bytes. */
  json: string;
  /** SHA-256 (hex) of `json`. */
  hash: string;
  names: NameTable;
  /** The conversation's names when the build was given one (`BuildToolsetOptions.history`), this table's included. */
  history?: NameHistory;
  /** Emitted tools sorted by name, then quarantined ones sorted by (server, tool). */
  entries: ToolsetEntry[];
  /** Problems of the array as a whole (for example more tools than the provider accepts). */
  warnings: TranslationWarning[];
  /** The local tools of this build by their own names (`BuildToolsetOptions.localTools`); dispatch runs them. */
  localTools?: ReadonlyMap<string, LocalTool>;
}

/**
 * Translates a selection of catalogue tools for one target: repair each schema for the target's dialect
 * (quarantining a tool that cannot be repaired), name the survivors through the target's name table, and
 * serialise canonically. A pure function of (tools, target, options): the order of `tools` and the key order
 * inside their schemas do not change a byte of the output.
 */
export function buildToolset<T extends TargetId>(
  serverTools: readonly ServerTool[],
  targetId: T,
  options: BuildToolsetOptions = {},
): Toolset<T> {
  const local = options.localTools?.length ? joinLocalTools(serverTools, options.localTools) : undefined;
  const tools = local?.tools ?? serverTools;
  const target = targetFor(targetId);
  const module = providerModule(target.wire);
  // Without a cache of its own, a build still reuses the translations of the catalogue's frozen tools it (or any
  // build) made before: the documented path gets the benchmarked speed with nothing to pass.
  const translated = options.cache?.translateAll(tools, target) ?? sharedTranslations(tools, target);
  const emitted: { item: ServerTool; translated: TranslatedTool; result: Repaired }[] = [];
  translated.forEach((entry, index) => {
    const item = tools[index] as ServerTool;
    if (entry.repaired.ok) emitted.push({ item, translated: entry, result: entry.repaired });
  });
  // Names depend on the whole set (collisions), so they are always computed over it; it is cheap.
  const refs = emitted.map(({ item }) => ({ server: item.server, tool: item.tool.name }));
  const names =
    options.cache?.names(target, refs, options.naming) ??
    sharedNames(emitted[0]?.translated, target, refs, options.naming);
  const nameWarnings = new Map<string, TranslationWarning[]>();
  for (const entry of names.entries()) nameWarnings.set(entry.name, [...entry.warnings]);

  const prepared: Prepared[] = [];
  const seen = new Set<string>();
  for (const { item, translated: source, result } of emitted) {
    const name = names.nameOf(item.server, item.tool.name);
    // A server listing the same tool name twice is one tool (the catalogue already keeps the first).
    if (name === undefined || seen.has(name)) continue;
    seen.add(name);
    prepared.push({
      name,
      description: describe(item.tool),
      schema: result.schema,
      strict: result.strict,
      ...(result.omitParameters ? { omitParameters: true } : {}),
      item,
      translated: source,
      demoted: false,
      warnings: [...(nameWarnings.get(name) ?? []), ...result.warnings],
    });
  }
  prepared.sort((a, b) => compareStrings(a.name, b.name));
  const budgeted =
    target.id === "anthropic-strict"
      ? applyAnthropicStrictBudget(prepared, demoteToNonStrict, (tool) => tool.translated.budget())
      : prepared;

  const perTool = budgeted.map((tool, index) =>
    tool.translated.wire(
      toPrepared(tool),
      tool.demoted,
      index === budgeted.length - 1 && module.cacheBreakpoints ? options.cacheControl : undefined,
    ),
  );
  const bytes = arrayBytes(perTool, module.layout, options.cache, target.id, budgeted[0]?.translated);
  // Each tool's bytes from here on are a slice of the array's bytes: held once, not twice (a build that reused the
  // last array's bytes hands back the slices, so keeping them again only re-assigns the same strings).
  budgeted.forEach((tool, index) => {
    tool.translated.keepBytes(bytes.parts[index] as string);
  });
  const entries: ToolsetEntry[] = budgeted.map((tool, index) => ({
    server: tool.item.server,
    tool: tool.item.tool.name,
    name: tool.name,
    status: "ok",
    strict: tool.strict,
    warnings: tool.warnings,
    json: bytes.parts[index] as string,
  }));
  const quarantined: ToolsetEntry[] = [];
  translated.forEach((entry, index) => {
    const result = entry.repaired;
    if (result.ok) return;
    const item = tools[index] as ServerTool;
    quarantined.push({
      server: item.server,
      tool: item.tool.name,
      status: "quarantined",
      strict: false,
      reason: result.reason,
      warnings: result.warnings,
    });
  });
  quarantined.sort((a, b) => compareStrings(a.server, b.server) || compareStrings(a.tool, b.tool));

  const wireTools = module.layout.wrap(perTool.map((tool) => tool.wire));
  const { json, hash } = bytes;
  const warnings: TranslationWarning[] = [];
  const limit = target.profile.maxTools;
  if (limit !== undefined && budgeted.length > limit.count) {
    warnings.push({
      code: "too-many-tools",
      path: "",
      message: `${budgeted.length} tools exceed ${target.profile.label}'s limit of ${limit.count} (${limit.source}, checked ${limit.checkedOn}); select fewer servers or tools, or use tool search`,
    });
  }
  options.history?.record(names, options.generation);
  return {
    target: target as Target & { id: T },
    ...(options.generation === undefined ? {} : { generation: options.generation }),
    // The provider module built exactly this target's wire shape (spec/wire-tools.ts describes it).
    tools: wireTools as ToolsArrayOf<T>,
    json,
    hash,
    names,
    ...(options.history === undefined ? {} : { history: options.history }),
    entries: [...entries, ...quarantined],
    warnings,
    ...(local === undefined ? {} : { localTools: local.index }),
  };
}

/**
 * The array's bytes. When most definitions have their last build's bytes, the missing ones are made one by one
 * and the parts joined (a re-list that changed nothing joins nothing: the caches hand back the last bytes). When
 * most are new (a first build), the whole array is made in one `JSON.stringify` and cut into parts.
 */
function arrayBytes(
  perTool: readonly WireTool[],
  layout: ToolsArrayLayout,
  cache: ToolTranslationCache | undefined,
  target: TargetId,
  first: TranslatedTool | undefined,
): JoinedBytes {
  let missing = 0;
  for (const tool of perTool) if (tool.json === undefined) missing += 1;
  const whole =
    missing * 2 > perTool.length
      ? bytesOfWhole(JSON.stringify(layout.wrap(perTool.map((tool) => tool.wire))), perTool.length, layout)
      : undefined;
  const parts = whole?.parts ?? perTool.map((tool) => tool.json ?? JSON.stringify(tool.wire));
  const join = (list: readonly string[]) => whole ?? joinedBytes(list, layout);
  return cache?.joinedBytes(target, parts, join) ?? sharedJoinedBytes(first, parts, join);
}

type Repaired = Extract<RepairedTool, { ok: true }>;

type Prepared = PreparedTool & {
  item: ServerTool;
  translated: TranslatedTool;
  /** The schema is the non-strict fallback's (the strict budget ran out). */
  demoted: boolean;
  warnings: TranslationWarning[];
};

function toPrepared(tool: Prepared): PreparedTool {
  return {
    name: tool.name,
    description: tool.description,
    schema: tool.schema,
    strict: tool.strict,
    ...(tool.omitParameters === true ? { omitParameters: true } : {}),
  };
}

function demoteToNonStrict(tool: Prepared, why: string): Prepared {
  const fallback = tool.translated.demoted();
  if (fallback === undefined) return tool; // unreachable in practice: the non-strict dialect accepts what the strict one did
  return {
    ...tool,
    schema: fallback.schema,
    strict: false,
    demoted: true,
    warnings: [...tool.warnings, strictFallbackWarning(why)],
  };
}

function describe(tool: McpTool): string {
  return tool.description ?? tool.title ?? "";
}

/** Code-unit order, independent of locale, so the bytes are the same on every machine. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
