import type { ToolsetResolution } from "../dispatch/types.js";
import type { Toolset } from "../toolset/build-toolset.js";

export type { ToolsetResolution };

/**
 * How an agent's tools reach the model. `off`: every selected tool, directly. `facade`: only `search_tools` and
 * `call_tool`. `dynamic`: the facade, plus every tool a search found, from the next turn on. `native`
 * (Anthropic): every definition with `defer_loading: true` behind the provider's own tool-search tool.
 * `auto`: direct while the array fits a token budget, the facade past it.
 */
export const TOOL_SEARCH_MODES = ["off", "facade", "dynamic", "native", "auto"] as const;
/** How tools are searched for: `off`, `facade`, `dynamic`, `native` (the provider's own) or `auto`. */
export type ToolSearchMode = (typeof TOOL_SEARCH_MODES)[number];

/** What a request actually carried after `auto` and provider fallbacks were decided. */
export type EffectiveMode = "direct" | "facade" | "dynamic" | "native";

/**
 * A Toolset that carries its own resolution, which `dispatchToolCalls` (and so `answerResponse` and the loop)
 * follows: the facade's calls are answered locally or unwrapped, every other call is a direct call.
 */
export interface SearchToolset extends Toolset {
  mode: EffectiveMode;
  resolution: ToolsetResolution;
}
