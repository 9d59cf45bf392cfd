/**
 * Where switchboard puts Anthropic prompt-cache breakpoints: one on the last tool (the toolset's `cacheControl`
 * option), one after the system prompt (the adapter's `cacheSystemPrompt`) and a top-level marker that caches the
 * conversation up to its last block (the adapter's `cacheConversation`); both adapter ones follow the tools by
 * default. Three of the four allowed, leaving one for the caller's own. Other providers cache automatically and
 * take no markers.
 */
import type { TargetId } from "../providers/targets.js";
import { TARGETS } from "../providers/targets.js";
import type { BuildToolsetOptions } from "../toolset/build-toolset.js";

/** A prompt-cache breakpoint as `buildToolset`'s `cacheControl` takes it (Anthropic `cache_control`, with its TTL). */
export type CacheControl = NonNullable<BuildToolsetOptions["cacheControl"]>;

/** The `buildToolset` options that put a breakpoint on the last tool, for targets that take one. */
export function toolsCacheOptions(
  target: TargetId,
  ttl?: "5m" | "1h",
): Pick<BuildToolsetOptions, "cacheControl"> {
  if (TARGETS[target].wire !== "anthropic") return {};
  const cacheControl: CacheControl = ttl === undefined ? { type: "ephemeral" } : { type: "ephemeral", ttl };
  return { cacheControl };
}
