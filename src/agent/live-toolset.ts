/**
 * The default tools policy: before every request, the tools of the catalogue as it is now, selected by the
 * config (agent, allow/deny) and translated for the target. Rebuilt only when the catalogue's generation moved,
 * so a `list_changed` reaches the model at the next turn and an unchanged catalogue costs nothing; a rebuild
 * re-translates only the tools that changed (`ToolTranslationCache`). (A "frozen"
 * policy would return `previous` instead; it plugs into the same `buildTools` slot.)
 */
import type { CatalogSnapshot } from "../catalog/types.js";
import type { AgentConfig, SwitchboardConfig } from "../config/types.js";
import { SwitchboardError } from "../errors.js";
import type { LocalTool } from "../local-tools/local-tool.js";
import { NameHistory } from "../naming/index.js";
import type { TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import type { TranslationWarning } from "../spec/warning.js";
import { toolSearchToolset } from "../toolsearch/tool-search-toolset.js";
import type { ToolSearchMode } from "../toolsearch/types.js";
import { type BuildToolsetOptions, buildToolset, type Toolset } from "../toolset/build-toolset.js";
import { namingOf } from "../toolset/config-naming.js";
import { checkRequestLimits } from "../toolset/request-limits.js";
import { selectTools } from "../toolset/select-tools.js";
import { ToolTranslationCache } from "../toolset/translation-cache.js";
import type { ToolsetContext } from "./run-agent.js";

/** What `liveToolset` builds from: the catalogue, the target, and the config's selection, naming and tool search. */
export interface LiveToolsetOptions {
  /** `host.catalog`. */
  catalog: { snapshot(): CatalogSnapshot; settled?(): Promise<void> };
  /**
   * Wait for a re-list already under way (a `list_changed` that arrived during the last tool calls) before
   * reading the catalogue, so the change reaches the very next request. Default true; it costs nothing when no
   * re-list is pending.
   */
  settle?: boolean;
  target: TargetId;
  /** Applies the config's selection (each server's allow/deny globs; the agent's servers). */
  config?: SwitchboardConfig;
  agent?: string;
  build?: Omit<BuildToolsetOptions, "generation">;
  /** Tool search (`src/toolsearch`); default the agent's `toolSearch` from the config, else `off`. */
  toolSearch?: { mode: ToolSearchMode; budgetTokens?: number; model?: string };
  /** The model the requests go to: its context window is what the definitions are weighed against. */
  model?: string;
  /**
   * When the full array breaks a request limit (`toolset/request-limits.ts`): `search` sends the search facade
   * instead, `refuse` throws `REQUEST_LIMIT`. Default the agent's `overLimit` from the config, else `search`.
   */
  overLimit?: "refuse" | "search";
  /** The user's own tools (`localTool`), sent beside the catalogue's in every build and run by `execute`. */
  localTools?: readonly LocalTool[];
}

/**
 * The usual `buildTools` policy for `runAgent`: before every request, the tools the catalogue holds now (filtered
 * by the config's agent selection), translated for `target`, or the tool-search facade when search is on or the
 * full array would break a request limit. Use it so a server's `list_changed` reaches the next request.
 *
 * @example
 * ```ts
 * const buildTools = liveToolset({ catalog: host.catalog, target: adapter.target, config });
 * await runAgent({ adapter, host, buildTools, prompt: "Summarise my open issues" });
 * ```
 */
export function liveToolset(options: LiveToolsetOptions): (context?: ToolsetContext) => Promise<Toolset> {
  const search = searchSettings(options);
  const naming = namingOf(options.config, options.build?.naming);
  // Every table this policy hands out is remembered, so a name from any earlier turn is answered for what it was.
  const history = options.build?.history ?? new NameHistory();
  const build = {
    ...options.build,
    history,
    ...(naming === undefined ? {} : { naming }),
    ...(options.localTools === undefined ? {} : { localTools: options.localTools }),
  };
  const select = (tools: readonly ServerTool[]) =>
    options.config === undefined
      ? [...tools]
      : selectTools(tools, options.config, options.agent === undefined ? {} : { agent: options.agent });
  if (search !== undefined && search.mode !== "off") {
    return toolSearchToolset({
      catalog: options.catalog,
      ...(options.settle === undefined ? {} : { settle: options.settle }),
      target: options.target,
      mode: search.mode,
      select,
      build,
      ...(search.budgetTokens === undefined ? {} : { budgetTokens: search.budgetTokens }),
      ...(search.model === undefined ? {} : { model: search.model }),
    });
  }
  const overLimit = overLimitOf(options);
  let facade: (() => Promise<Toolset>) | undefined;
  let cached: Toolset | undefined;
  /** Why the current generation's full array cannot be sent; undefined when it can. */
  let blocked: string[] | undefined;
  const overLimitAnswer = async (why: readonly string[]): Promise<Toolset> => {
    if (overLimit === "refuse") {
      throw new SwitchboardError(
        "REQUEST_LIMIT",
        `${why.join("; ")}. The agent's overLimit is "refuse": select fewer servers or tools, or set "overLimit": "search" to send the search facade instead`,
      );
    }
    facade ??= toolSearchToolset({
      catalog: options.catalog,
      settle: false,
      target: options.target,
      mode: "facade",
      select,
      build,
      ...(options.model === undefined ? {} : { model: options.model }),
    });
    const search = await facade();
    const note: TranslationWarning = {
      code: "over-limit-search",
      path: "",
      message: `${why.join("; ")}: sending the search facade instead, every tool stays reachable through it (overLimit: search)`,
    };
    return { ...search, warnings: [...search.warnings, note] };
  };
  // Per-tool translations survive generations: after a list_changed only the changed tools are re-translated.
  const translations = new ToolTranslationCache();
  return async () => {
    if (options.settle !== false) await options.catalog.settled?.();
    const snapshot = options.catalog.snapshot();
    if (cached !== undefined && cached.generation === snapshot.generation) {
      return blocked === undefined ? cached : overLimitAnswer(blocked);
    }
    const selected = select(snapshot.tools);
    const full = buildToolset(selected, options.target, {
      ...build,
      generation: snapshot.generation,
      cache: translations,
    });
    const limits = checkRequestLimits(full, options.model === undefined ? {} : { model: options.model });
    const known = new Set(full.warnings.map((warning) => warning.code));
    const added = limits.warnings.filter((warning) => !known.has(warning.code));
    cached = added.length === 0 ? full : { ...full, warnings: [...full.warnings, ...added] };
    blocked = limits.sendable
      ? undefined
      : limits.warnings.filter((warning) => warning.blocking).map((warning) => warning.message);
    return blocked === undefined ? cached : overLimitAnswer(blocked);
  };
}

/** The agent's choice when the full array breaks a request limit; `search` unless it says `refuse`. */
function overLimitOf(options: LiveToolsetOptions): NonNullable<AgentConfig["overLimit"]> {
  return options.overLimit ?? agentOf(options)?.overLimit ?? "search";
}

function agentOf(options: LiveToolsetOptions): AgentConfig | undefined {
  const agents = options.config?.agents;
  return options.agent !== undefined && agents !== undefined && Object.hasOwn(agents, options.agent)
    ? agents[options.agent]
    : undefined;
}

function searchSettings(options: LiveToolsetOptions): LiveToolsetOptions["toolSearch"] {
  if (options.toolSearch !== undefined) return options.toolSearch;
  const agent = agentOf(options);
  if (agent?.toolSearch === undefined) return undefined;
  return {
    mode: agent.toolSearch,
    ...(agent.toolSearchBudgetTokens === undefined ? {} : { budgetTokens: agent.toolSearchBudgetTokens }),
  };
}
