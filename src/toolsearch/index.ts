export { ANTHROPIC_TOOL_SEARCH } from "./native-tools.js";
export {
  AUTO_CONTEXT_SHARE,
  arrayTokens,
  autoBudgetTokens,
  DEFAULT_TOOL_SEARCH_BUDGET_TOKENS,
  type ToolSearchOptions,
  toolSearchToolset,
} from "./tool-search-toolset.js";
export {
  type EffectiveMode,
  type SearchToolset,
  TOOL_SEARCH_MODES,
  type ToolSearchMode,
  type ToolsetResolution,
} from "./types.js";
export { argumentProblems } from "./validate-arguments.js";
