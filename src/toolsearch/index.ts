export { ANTHROPIC_TOOL_SEARCH } from "./native-tools.js";
export {
  arrayTokens,
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
