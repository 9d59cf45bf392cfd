/**
 * The default tools policy: before every request, the tools of the catalogue as it is now, selected by the
 * config (agent, allow/deny) and translated for the target. Rebuilt only when the catalogue's generation moved,
 * so a `list_changed` reaches the model at the next turn and an unchanged catalogue costs nothing; a rebuild
 * re-translates only the tools that changed (`ToolTranslationCache`). (A "frozen"
 * policy would return `previous` instead; it plugs into the same `buildTools` slot.)
 */
import type { CatalogSnapshot } from "../catalog/types.js";
import type { SwitchboardConfig } from "../config/types.js";
import { NameHistory } from "../naming/index.js";
import type { TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import { toolSearchToolset } from "../toolsearch/tool-search-toolset.js";
import type { ToolSearchMode } from "../toolsearch/types.js";
import { type BuildToolsetOptions, buildToolset, type Toolset } from "../toolset/build-toolset.js";
import { namingOf } from "../toolset/config-naming.js";
import { selectTools } from "../toolset/select-tools.js";
import { ToolTranslationCache } from "../toolset/translation-cache.js";
import type { ToolsetContext } from "./run-agent.js";

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
}

export function liveToolset(options: LiveToolsetOptions): (context?: ToolsetContext) => Promise<Toolset> {
  const search = searchSettings(options);
  const naming = namingOf(options.config, options.build?.naming);
  // Every table this policy hands out is remembered, so a name from any earlier turn is answered for what it was.
  const history = options.build?.history ?? new NameHistory();
  const build = { ...options.build, history, ...(naming === undefined ? {} : { naming }) };
  if (search !== undefined && search.mode !== "off") {
    const select = (tools: readonly ServerTool[]) =>
      options.config === undefined
        ? [...tools]
        : selectTools(tools, options.config, options.agent === undefined ? {} : { agent: options.agent });
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
  let cached: Toolset | undefined;
  // Per-tool translations survive generations: after a list_changed only the changed tools are re-translated.
  const translations = new ToolTranslationCache();
  return async () => {
    if (options.settle !== false) await options.catalog.settled?.();
    const snapshot = options.catalog.snapshot();
    if (cached !== undefined && cached.generation === snapshot.generation) return cached;
    const selected =
      options.config === undefined
        ? snapshot.tools
        : selectTools(
            snapshot.tools,
            options.config,
            options.agent === undefined ? {} : { agent: options.agent },
          );
    cached = buildToolset(selected, options.target, {
      ...build,
      generation: snapshot.generation,
      cache: translations,
    });
    return cached;
  };
}

function searchSettings(options: LiveToolsetOptions): LiveToolsetOptions["toolSearch"] {
  if (options.toolSearch !== undefined) return options.toolSearch;
  const agents = options.config?.agents;
  const agent =
    options.agent !== undefined && agents !== undefined && Object.hasOwn(agents, options.agent)
      ? agents[options.agent]
      : undefined;
  if (agent?.toolSearch === undefined) return undefined;
  return {
    mode: agent.toolSearch,
    ...(agent.toolSearchBudgetTokens === undefined ? {} : { budgetTokens: agent.toolSearchBudgetTokens }),
  };
}
