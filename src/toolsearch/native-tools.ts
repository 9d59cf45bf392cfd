/**
 * Anthropic's own tool search (docs/provider-rules.md#anthropic-tool-search): every definition is sent with `defer_loading: true` behind the
 * BM25 tool-search server tool, which is never deferred (so the "at least one non-deferred tool" rule holds even
 * for an empty catalogue). Deferred definitions stay out of the cached prefix and found ones are appended
 * inline by the provider, so the prefix survives searches.
 */
export const ANTHROPIC_TOOL_SEARCH = {
  type: "tool_search_tool_bm25_20251119",
  name: "tool_search_tool_bm25",
} as const;

export function deferAll(
  items: readonly Record<string, unknown>[],
  cacheControl?: { type: "ephemeral"; ttl?: "5m" | "1h" },
): Record<string, unknown>[] {
  // The breakpoint goes on the search tool: deferred definitions are not part of the prefix it would close.
  const search =
    cacheControl === undefined
      ? ANTHROPIC_TOOL_SEARCH
      : { ...ANTHROPIC_TOOL_SEARCH, cache_control: cacheControl };
  return [search, ...items.map((item) => ({ ...item, defer_loading: true }))];
}
