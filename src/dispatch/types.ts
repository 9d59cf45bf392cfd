import type { CatalogChange, CatalogSnapshot } from "../catalog/types.js";
import type { NameHistory } from "../naming/index.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import type { Toolset } from "../toolset/build-toolset.js";
import type { ApprovalPolicy } from "./approval.js";
import type { RemovalLog } from "./removal-log.js";

/** The fields of an MCP `CallToolResult` dispatch reads; anything else a server sends is ignored. */
export interface McpCallResultLike {
  content?: readonly unknown[] | undefined;
  structuredContent?: unknown;
  isError?: boolean | undefined;
}

/** Per-call options a dispatch host receives: the abort signal and the time limit. */
export interface DispatchCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** What dispatch needs from the catalogue (`Catalog` satisfies it). */
export interface DispatchCatalog {
  readonly generation: number;
  /** The current snapshot without an argument; a retained generation, or undefined, with one. */
  snapshot(generation?: number): CatalogSnapshot | undefined;
  retainedGenerations?(): number[];
  on?(event: "change", listener: (change: CatalogChange) => void): () => void;
  /**
   * Why a listed tool is kept from the model right now (e.g. its definition changed since it was pinned), or
   * undefined. A call to such a tool is refused with this reason instead of being reported as removed.
   */
  withheldReason?(server: string, tool: string): string | undefined;
}

/**
 * What dispatch needs from a host (`Host` from `connectHost` satisfies it). `callTool` takes the server's own
 * tool name and rejects with the connection layer's typed errors (`ToolCallError`, `ConnectionError`).
 */
export interface DispatchHost {
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options?: DispatchCallOptions,
  ): Promise<McpCallResultLike>;
  readonly catalog: DispatchCatalog;
}

/**
 * The toolset a response's calls were made from, as dispatch reads it: its name table is the only way in. Its
 * `history` (the tables of the conversation's earlier requests) only explains a name this table lacks.
 */
export type DispatchToolset = Pick<Toolset, "names" | "entries" | "localTools"> & {
  generation?: number;
  history?: NameHistory;
  /** How its calls reach servers; absent: every call names a real tool of the table (`DIRECT_RESOLUTION`). */
  resolution?: ToolsetResolution;
};

/**
 * Answers one call the plain way: look its name up in `toolset` (default the context's), ask approval through
 * the response's one queue, run it on its server. Never rejects.
 */
export type DirectAnswer = (call: ToolCall, toolset?: DispatchToolset) => Promise<ToolResult>;

/**
 * How a toolset's calls become server calls, carried by the toolset itself. A plain toolset's calls are all
 * direct; a tool-search toolset answers `search_tools` from its index and unwraps `call_tool` into the direct
 * call it stands for. `answer` may reject: the caller answers a rejection as a failure inside switchboard.
 */
export interface ToolsetResolution {
  answer(call: ToolCall, context: DispatchContext, direct: DirectAnswer): Promise<ToolResult>;
}

/** Told when each call starts and when its answer is ready (the agent loop's events). A hook that throws is ignored. */
export interface CallHooks {
  onStart?(call: ToolCall): void;
  onEnd?(call: ToolCall, result: ToolResult): void;
}

/**
 * What answering tool calls needs: the toolset the request was built from (to resolve names), the host that
 * runs them, and optional abort, approval and size limits.
 */
export interface DispatchContext {
  /** The toolset the request that produced these calls was built from; it carries its own resolution. */
  toolset: DispatchToolset;
  host: DispatchHost;
  /** Aborting answers every pending call `aborted` at once and cancels it on its server. */
  signal?: AbortSignal;
  approval?: ApprovalPolicy;
  /** Longest result (o200k_base token estimate over its text) before it is truncated. Default 25,000. */
  maxResultTokens?: number;
  /** Per-call limit; default: each server's configured `timeoutMs`. */
  timeoutMs?: number;
  /** Where removal times come from; default: a log attached to `host.catalog` on first use. */
  removals?: RemovalLog;
}
