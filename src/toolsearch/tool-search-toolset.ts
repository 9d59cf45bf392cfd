/**
 * The tools policy for the search modes: before every request, the selection as the catalogue holds it now,
 * translated once per catalogue generation (the full name table search and dispatch resolve against), the search
 * index brought up to date per changed server, and the array the mode sends. The returned toolset carries its
 * own `resolution`, so dispatch needs nothing mode-specific.
 */
import type { CatalogSnapshot } from "../catalog/types.js";
import { LOCAL_TOOLS_SERVER } from "../config/reserved-server-name.js";
import { defaultModelFor } from "../cost/default-models.js";
import { countTextTokens, estimateToolsetTokens, familyOfWire } from "../cost/estimate-tokens.js";
import { NameHistory } from "../naming/index.js";
import type { TargetId } from "../providers/targets.js";
import { FACADE_TOOLS } from "../search/facade-tools.js";
import { type FoundTool, formatSearchResults } from "../search/format-results.js";
import type { JsonObject } from "../spec/json.js";
import type { ServerTool } from "../spec/tool.js";
import type { TranslationWarning } from "../spec/warning.js";
import { type BuildToolsetOptions, buildToolset, type Toolset } from "../toolset/build-toolset.js";
import { contextWindowOf } from "../toolset/request-limits.js";
import { composeArray, emittedEntries, FACADE_SERVER, wireByName } from "./compose-array.js";
import { facadeResolution } from "./facade-dispatch.js";
import { deferAll } from "./native-tools.js";
import { syncedIndex } from "./synced-index.js";
import type { EffectiveMode, SearchToolset, ToolSearchMode } from "./types.js";

/** Auto mode's budget for a model whose context window is unknown: a tenth of a 200k-token context. */
export const DEFAULT_TOOL_SEARCH_BUDGET_TOKENS = 20_000;

/**
 * Auto mode's share of the model's context window that direct definitions may take. The trade-off measured
 * (README "Tool search"): among about 2,000 tools the first search finds a needed tool in its top 5 for 58 to 70%
 * of task queries, so a model that can see every definition keeps them while they are a small part of what it
 * reads; past a tenth of the window they crowd out the conversation and the facade (299 tokens) wins.
 */
export const AUTO_CONTEXT_SHARE = 0.1;

/**
 * Auto mode's budget: `AUTO_CONTEXT_SHARE` of the model's context window (the dated table in the provider
 * rules, secondary sources), or `DEFAULT_TOOL_SEARCH_BUDGET_TOKENS` when the window is unknown.
 */
export function autoBudgetTokens(model: string | undefined, family: string): number {
  const window = model === undefined ? undefined : contextWindowOf(model, family);
  return window === undefined ? DEFAULT_TOOL_SEARCH_BUDGET_TOKENS : Math.floor(window * AUTO_CONTEXT_SHARE);
}

/** What `toolSearchToolset` builds from: the catalogue, target, search mode, selection and budget. */
export interface ToolSearchOptions {
  catalog: { snapshot(): CatalogSnapshot; settled?(): Promise<void> };
  /** Wait for a pending re-list before reading the catalogue (as `liveToolset`). Default true. */
  settle?: boolean;
  target: TargetId;
  mode: Exclude<ToolSearchMode, "off">;
  /** The config's selection (agent servers, allow/deny, annotation filters); default every tool. */
  select?: (tools: readonly ServerTool[]) => ServerTool[];
  build?: Omit<BuildToolsetOptions, "generation">;
  /** Auto mode: the most estimated tokens the direct array may cost. Default: see `autoBudgetTokens`. */
  budgetTokens?: number;
  /** The model token estimates are made for; default the provider's default model. */
  model?: string;
}

interface Generation {
  generation: number;
  full: Toolset;
  byKey: Map<string, ServerTool>;
  wire: Map<string, Record<string, unknown>>;
  /** Emitted names of the program's own tools: sent in every mode, never hidden behind search. */
  local: string[];
  mode: EffectiveMode;
  notes: TranslationWarning[];
}

/**
 * A tools policy that sends a search facade (or the found tools) instead of every tool, for catalogues too large
 * to send whole; calls to found tools are answered like any other.
 */
export function toolSearchToolset(options: ToolSearchOptions): () => Promise<SearchToolset> {
  const index = syncedIndex();
  // The full tables of every generation, so a found name that has since gone is answered as gone.
  const build = { ...options.build, history: options.build?.history ?? new NameHistory() };
  const facade = buildToolset(
    FACADE_TOOLS.map((tool) => ({ server: FACADE_SERVER, tool })),
    options.target,
    {
      naming: { prefix: false },
      ...(options.build?.cacheControl ? { cacheControl: options.build.cacheControl } : {}),
    },
  );
  const facadeWire = [...wireByName(facade).values()];
  const foundIn = new Map<string, Toolset>();
  const joined = new Set<string>();
  let newlyJoined: string[] = [];
  let state: Generation | undefined;
  let cached: { key: string; toolset: SearchToolset } | undefined;

  const backend = {
    search(query: string, limit: number): string {
      const current = state!;
      const found: FoundTool[] = [];
      for (const hit of index.index.search(query, limit * 2 + 5)) {
        const name = current.full.names.nameOf(hit.server, hit.tool);
        const entry = current.byKey.get(`${hit.server}\u0000${hit.tool}`);
        if (name === undefined || entry === undefined) continue; // quarantined: not callable here
        found.push({
          name,
          ...(entry.tool.description === undefined ? {} : { description: entry.tool.description }),
          inputSchema: entry.tool.inputSchema as JsonObject,
        });
        foundIn.set(name, current.full);
        if (current.mode === "dynamic" && !joined.has(name)) {
          joined.add(name);
          newlyJoined.push(name);
        }
        if (found.length >= limit) break;
      }
      return formatSearchResults(query, found);
    },
    toolsetFor(name: string): Toolset {
      const full = state!.full;
      if (full.names.resolve(name) !== undefined) return full;
      return foundIn.get(name) ?? full;
    },
    schemaOf(name: string): JsonObject | undefined {
      const current = state!;
      const ref = current.full.names.resolve(name);
      if (ref === undefined) return undefined;
      return current.byKey.get(`${ref.server}\u0000${ref.tool}`)?.tool.inputSchema as JsonObject | undefined;
    },
  };
  const resolution = facadeResolution(backend);

  function refresh(snapshot: CatalogSnapshot): Generation {
    const selected = options.select === undefined ? [...snapshot.tools] : options.select(snapshot.tools);
    const full = buildToolset(selected, options.target, { ...build, generation: snapshot.generation });
    index.sync(selected);
    const { mode, notes } = decideMode(full, options);
    return {
      generation: snapshot.generation,
      full,
      byKey: new Map(selected.map((item) => [`${item.server}\u0000${item.tool.name}`, item])),
      wire: wireByName(full),
      local: localNames(full),
      mode,
      notes,
    };
  }

  return async () => {
    if (options.settle !== false) await options.catalog.settled?.();
    const snapshot = options.catalog.snapshot();
    if (state === undefined || state.generation !== snapshot.generation) state = refresh(snapshot);
    const current = state;
    const live = [...joined].filter((name) => current.wire.has(name)).sort();
    const key = `${current.generation}:${live.join("\u0000")}`;
    if (cached !== undefined && cached.key === key) return cached.toolset;
    const joinNote = joinWarning(
      newlyJoined.filter((name) => current.wire.has(name)),
      current.wire,
    );
    newlyJoined = [];
    cached = { key, toolset: assemble(current, live, joinNote) };
    return cached.toolset;
  };

  function assemble(current: Generation, live: string[], joinNote: TranslationWarning[]): SearchToolset {
    const { full, mode } = current;
    const generation = { generation: current.generation };
    const cacheControl = options.build?.cacheControl;
    switch (mode) {
      case "direct":
        return { ...full, mode, resolution, warnings: [...full.warnings, ...current.notes] };
      case "facade": {
        // The full name table: events about a found tool name it; the facade's own names resolve to nothing.
        const base = {
          ...facade,
          ...generation,
          names: full.names,
          history: build.history,
          mode,
          resolution,
        };
        if (current.local.length === 0) return { ...base, warnings: [...current.notes] };
        const items = [...facadeWire, ...current.local.map((name) => current.wire.get(name)!)];
        return {
          ...base,
          ...composeArray(full.target.wire, items, cacheControl),
          entries: [...facade.entries, ...emittedEntries(full, new Set(current.local))],
          warnings: [...current.notes],
        };
      }
      case "dynamic": {
        const shown = [...current.local, ...live];
        const items = [...facadeWire, ...shown.map((name) => current.wire.get(name)!)];
        const composed = composeArray(full.target.wire, items, cacheControl);
        const entries = [...facade.entries, ...emittedEntries(full, new Set(shown))];
        return {
          ...full,
          ...composed,
          ...generation,
          entries,
          mode,
          resolution,
          warnings: [...current.notes, ...joinNote],
        };
      }
      case "native": {
        const composed = composeArray(full.target.wire, deferAll([...current.wire.values()], cacheControl));
        return {
          ...full,
          ...composed,
          ...generation,
          mode,
          resolution,
          warnings: [...full.warnings, ...current.notes],
        };
      }
    }
  }
}

/**
 * The emitted names of the build's local tools. The program registered them itself and they are few, so the
 * facade modes send them beside `search_tools` rather than make the model search for them (the index holds only
 * the catalogue's tools).
 */
function localNames(full: Toolset): string[] {
  if (full.localTools === undefined || full.localTools.size === 0) return [];
  return full.entries
    .filter(
      (entry) => entry.server === LOCAL_TOOLS_SERVER && entry.status === "ok" && entry.name !== undefined,
    )
    .map((entry) => entry.name!);
}

/** The mode a request uses: `auto` by the token budget; `native` only where the provider has it. */
function decideMode(
  full: Toolset,
  options: ToolSearchOptions,
): { mode: EffectiveMode; notes: TranslationWarning[] } {
  if (options.mode === "native" && full.target.wire !== "anthropic") {
    return {
      mode: "facade",
      notes: [
        {
          code: "tool-search-native-unavailable",
          path: "",
          message: `native tool search exists for Anthropic only; ${full.target.profile.label} gets the search facade instead`,
        },
      ],
    };
  }
  if (options.mode !== "auto") return { mode: options.mode, notes: [] };
  const family = familyOfWire(full.target.wire);
  const budget = options.budgetTokens ?? autoBudgetTokens(options.model ?? defaultModelFor(family), family);
  const tokens = arrayTokens(full, options.model);
  if (tokens <= budget) return { mode: "direct", notes: [] };
  return {
    mode: "facade",
    notes: [
      {
        code: "tool-search-auto-facade",
        path: "",
        message: `the ${full.entries.filter((entry) => entry.status === "ok").length} selected tools cost about ${Math.round(tokens)} tokens per request, over the budget of ${budget}; sending search_tools and call_tool instead`,
      },
    ],
  };
}

/** Estimated tokens of a full array for the target (o200k_base with the provider's overheads). */
export function arrayTokens(toolset: Toolset, model?: string): number {
  const chosen = model ?? defaultModelFor(familyOfWire(toolset.target.wire));
  if (chosen === undefined) {
    return toolset.entries.reduce(
      (sum, entry) => sum + (entry.json === undefined ? 0 : countTextTokens(entry.json)),
      0,
    );
  }
  return estimateToolsetTokens(toolset, { model: chosen }).total;
}

function joinWarning(
  names: readonly string[],
  wire: Map<string, Record<string, unknown>>,
): TranslationWarning[] {
  if (names.length === 0) return [];
  const tokens = names.reduce((sum, name) => sum + countTextTokens(JSON.stringify(wire.get(name))), 0);
  const shown =
    names.length <= 5 ? names.join(", ") : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`;
  return [
    {
      code: "tool-search-joined",
      path: "",
      message: `${names.length} tool${names.length === 1 ? "" : "s"} found by search joined the array (${shown}): about ${tokens} more tokens on every request from now on, and the tools change invalidates the cached prompt prefix once`,
    },
  ];
}
