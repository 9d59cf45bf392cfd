import { createHash } from "node:crypto";
import { estimateTokens } from "./tokens.js";

/**
 * Anthropic prompt caching (docs/provider-rules.md#anthropic-caching): the prompt is a sequence of blocks in the order tools → system →
 * messages; a `cache_control` breakpoint caches the prefix up to and including its block, if that prefix reaches
 * the model's minimum length. A later request reads the longest cached prefix that ends at one of its breakpoints
 * or at most 20 blocks before one (the documented lookback). Prefixes are keyed by model and exact bytes, so
 * changing a tool invalidates everything after it; `tool_choice` and `thinking` are part of the messages' key
 * because changing them invalidates the message cache only.
 */

export type CacheTtl = "5m" | "1h";

export interface PromptBlock {
  /** What the cache key covers for this block (the block without its `cache_control`). */
  key: string;
  tokens: number;
  breakpoint?: CacheTtl;
}

export interface CacheUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

const LOOKBACK_BLOCKS = 20;
const TTL_MS: Record<CacheTtl, number> = { "5m": 5 * 60_000, "1h": 60 * 60_000 };

type Json = Record<string, unknown>;

/** The prompt as cacheable blocks, in prefix order. */
export function promptBlocks(body: Json): PromptBlock[] {
  const blocks: PromptBlock[] = [];
  const push = (value: unknown, key: unknown, marker: unknown) => {
    const ttl = ttlOf(marker);
    blocks.push({
      key: JSON.stringify(key),
      tokens: estimateTokens(value),
      ...(ttl ? { breakpoint: ttl } : {}),
    });
  };
  for (const tool of arrayOf(body.tools))
    push(withoutMarker(tool), ["tool", withoutMarker(tool)], markerOf(tool));
  if (typeof body.system === "string") push(body.system, ["system", body.system], undefined);
  for (const block of arrayOf(body.system))
    push(withoutMarker(block), ["system", withoutMarker(block)], markerOf(block));
  const context = { tool_choice: body.tool_choice ?? null, thinking: body.thinking ?? null };
  for (const message of arrayOf(body.messages)) {
    if (!isRecord(message)) continue;
    const content =
      typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    for (const block of arrayOf(content)) {
      const bare = withoutMarker(block);
      push({ role: message.role, ...bare }, [context, message.role, bare], markerOf(block));
    }
  }
  // Automatic caching: a top-level marker puts a breakpoint on the last cacheable block.
  const automatic = ttlOf(body.cache_control);
  const last = blocks.at(-1);
  if (automatic !== undefined && last !== undefined && last.breakpoint === undefined)
    last.breakpoint = automatic;
  return blocks;
}

/** Blocks carrying `cache_control`, counted the way the 4-breakpoint limit counts them. */
export function countBreakpoints(body: Json): number {
  let count = 0;
  const visit = (value: unknown) => {
    if (isRecord(value) && value.cache_control !== undefined && value.cache_control !== null) count++;
  };
  arrayOf(body.tools).forEach(visit);
  arrayOf(body.system).forEach(visit);
  for (const message of arrayOf(body.messages)) {
    if (isRecord(message)) arrayOf(message.content).forEach(visit);
  }
  if (isRecord(body.cache_control)) count++;
  return count;
}

/** One emulator's cache: prefix hash → expiry. */
export class PromptCache {
  readonly #entries = new Map<string, { expiresAt: number; ttlMs: number }>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /**
   * Reads and writes the cache for one request and returns its usage. `overheadTokens` (the hidden tool prompt)
   * counts as part of the prefix before the first block.
   */
  apply(model: string, blocks: readonly PromptBlock[], minimum: number, overheadTokens: number): CacheUsage {
    const now = this.#now();
    const hashes: string[] = [];
    const upTo: number[] = [];
    let hash = createHash("sha256").update(`model:${model}`).digest("hex");
    let total = overheadTokens;
    for (const block of blocks) {
      hash = createHash("sha256").update(hash).update(block.key).digest("hex");
      total += block.tokens;
      hashes.push(hash);
      upTo.push(total);
    }
    const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));

    let readEnd = -1;
    for (const breakpoint of breakpoints) {
      for (let index = breakpoint; index >= Math.max(0, breakpoint - LOOKBACK_BLOCKS); index--) {
        const entry = this.#entries.get(hashes[index]!);
        if (entry !== undefined && entry.expiresAt > now) {
          readEnd = Math.max(readEnd, index);
          break;
        }
      }
    }
    if (readEnd >= 0) {
      const entry = this.#entries.get(hashes[readEnd]!)!;
      entry.expiresAt = now + entry.ttlMs; // a hit refreshes the TTL
    }
    const read = readEnd >= 0 ? upTo[readEnd]! : 0;

    const created = { "5m": 0, "1h": 0 };
    let covered = read;
    for (const breakpoint of breakpoints) {
      if (breakpoint <= readEnd || upTo[breakpoint]! < minimum) continue;
      const ttl = blocks[breakpoint]!.breakpoint!;
      this.#entries.set(hashes[breakpoint]!, { expiresAt: now + TTL_MS[ttl], ttlMs: TTL_MS[ttl] });
      created[ttl] += upTo[breakpoint]! - covered;
      covered = upTo[breakpoint]!;
    }
    const creation = created["5m"] + created["1h"];
    return {
      input_tokens: total - read - creation,
      cache_creation_input_tokens: creation,
      cache_read_input_tokens: read,
      cache_creation: { ephemeral_5m_input_tokens: created["5m"], ephemeral_1h_input_tokens: created["1h"] },
    };
  }
}

/** Total prompt tokens (count_tokens: no cache logic). */
export function promptTokens(blocks: readonly PromptBlock[], overheadTokens: number): number {
  return blocks.reduce((sum, block) => sum + block.tokens, overheadTokens);
}

function ttlOf(marker: unknown): CacheTtl | undefined {
  if (!isRecord(marker)) return undefined;
  return marker.ttl === "1h" ? "1h" : "5m";
}

function markerOf(value: unknown): unknown {
  return isRecord(value) ? value.cache_control : undefined;
}

function withoutMarker(value: unknown): Json {
  if (!isRecord(value)) return { value };
  const { cache_control: _marker, ...rest } = value;
  return rest;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
