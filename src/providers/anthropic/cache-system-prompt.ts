/**
 * The system-prompt cache breakpoint (docs/provider-rules.md#anthropic-caching). The prompt is cached in the order tools → system →
 * messages, so a breakpoint after the system prompt caches tools and system together, while the one on the last
 * tool keeps the tools cached when only the system prompt changes. At most 4 blocks per request may carry
 * `cache_control`; the breakpoint is only added while there is room, and with the last tool's TTL (a 1-hour
 * entry may not follow a 5-minute one).
 */
import { anthropicCacheBreakpoints } from "../validation/rules-data.js";

export type AnthropicCacheControl = { type: "ephemeral"; ttl?: "5m" | "1h" };

export interface SystemBlock {
  type: "text";
  text: string;
  cache_control?: AnthropicCacheControl;
}

/** `true`: always; `false`: never; `"auto"` (default): when the tools array carries a breakpoint. */
export type CacheSystemPrompt = boolean | "auto";

/** Blocks carrying `cache_control` in a Messages body (tools, system blocks, message blocks, the top-level marker). */
export function countCacheBreakpoints(body: {
  tools?: readonly unknown[] | undefined;
  system?: unknown;
  messages?: readonly unknown[] | undefined;
  cache_control?: unknown;
}): number {
  let count = 0;
  const visit = (value: unknown) => {
    if (isRecord(value) && isRecord(value.cache_control)) count += 1;
  };
  for (const tool of body.tools ?? []) visit(tool);
  if (Array.isArray(body.system)) for (const block of body.system) visit(block);
  for (const message of body.messages ?? []) {
    if (isRecord(message) && Array.isArray(message.content))
      for (const block of message.content) visit(block);
  }
  if (isRecord(body.cache_control)) count += 1;
  return count;
}

/**
 * The `system` value to send: the plain string, or one text block with a breakpoint when `mode` asks for one and
 * the request has room for it. Undefined for an absent or empty system prompt.
 */
export function systemWithBreakpoint(
  system: string | undefined,
  mode: CacheSystemPrompt,
  rest: Parameters<typeof countCacheBreakpoints>[0],
): string | SystemBlock[] | undefined {
  if (system === undefined || system === "") return undefined;
  const toolMarker = lastToolMarker(rest.tools);
  const wanted = mode === true || (mode === "auto" && toolMarker !== undefined);
  if (!wanted || countCacheBreakpoints(rest) >= anthropicCacheBreakpoints.max) return system;
  const marker: AnthropicCacheControl = toolMarker ?? { type: "ephemeral" };
  return [{ type: "text", text: system, cache_control: marker }];
}

/**
 * The top-level `cache_control` that caches the conversation (Anthropic's automatic caching: the marker lands on
 * the last cacheable block, so each turn writes its whole prompt and the next turn reads it back), or undefined
 * when `mode` does not ask for it, the caller set one, or the request has no breakpoint left. It takes the last
 * tool's TTL, so it never puts a 1-hour entry after a 5-minute one.
 */
export function conversationBreakpoint(
  mode: CacheSystemPrompt,
  body: Parameters<typeof countCacheBreakpoints>[0],
): AnthropicCacheControl | undefined {
  const toolMarker = lastToolMarker(body.tools);
  const wanted = mode === true || (mode === "auto" && toolMarker !== undefined);
  if (!wanted || body.cache_control !== undefined) return undefined;
  if (countCacheBreakpoints(body) >= anthropicCacheBreakpoints.max) return undefined;
  return toolMarker ?? { type: "ephemeral" };
}

function lastToolMarker(tools: readonly unknown[] | undefined): AnthropicCacheControl | undefined {
  let found: AnthropicCacheControl | undefined;
  for (const tool of tools ?? []) {
    if (!isRecord(tool) || !isRecord(tool.cache_control)) continue;
    const ttl = tool.cache_control.ttl;
    found = ttl === "1h" || ttl === "5m" ? { type: "ephemeral", ttl } : { type: "ephemeral" };
  }
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
