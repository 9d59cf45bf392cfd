/**
 * Anthropic caches a prefix only when it reaches the model's minimum length; below it the breakpoint silently
 * caches nothing and every request pays full price. The cacheable prefix here is what switchboard puts
 * breakpoints after: the hidden tool-use prompt, the tools and the system prompt (estimated with `o200k_base`,
 * like every token figure in `cost/`).
 */
import { cacheMinimumFor } from "../cost/cache-rules.js";
import { countTextTokens, estimateToolsetTokens, type ToolsetLike } from "../cost/estimate-tokens.js";
import type { TranslationWarning } from "../spec/warning.js";

export interface CachePrefixEstimate {
  /** Estimated tokens of tool prompt + tools + system. */
  tokens: number;
  minimum: number;
  /** True when the minimum is a family default because the model is not in the table. */
  assumed: boolean;
}

/** The prefix estimate for an Anthropic request; undefined for other providers (their caches are automatic). */
export function cachePrefixEstimate(
  toolset: ToolsetLike,
  options: { model: string; system?: string },
): CachePrefixEstimate | undefined {
  if (toolset.target.wire !== "anthropic") return undefined;
  const minimum = cacheMinimumFor("anthropic", options.model);
  if (minimum === undefined) return undefined;
  const tools = estimateToolsetTokens(toolset, { model: options.model }).total;
  const system = options.system === undefined ? 0 : countTextTokens(options.system);
  return { tokens: tools + system, minimum: minimum.tokens, assumed: minimum.assumed };
}

/** A warning when the cacheable prefix is below the model's minimum; undefined when it is cacheable. */
export function cachePrefixWarning(
  toolset: ToolsetLike,
  options: { model: string; system?: string },
): TranslationWarning | undefined {
  const estimate = cachePrefixEstimate(toolset, options);
  if (estimate === undefined || estimate.tokens >= estimate.minimum) return undefined;
  const what = options.system === undefined || options.system === "" ? "tools" : "tools and system prompt";
  return {
    code: "cache-prefix-too-short",
    path: "",
    message: `the ${what} (≈${Math.round(estimate.tokens)} tokens, estimated) are below ${options.model}'s minimum cacheable prefix of ${estimate.minimum} tokens${estimate.assumed ? " (assumed)" : ""}: nothing is cached, every request pays full price`,
  };
}
