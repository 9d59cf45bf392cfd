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

/** Answers one response's calls; same contract as `dispatchToolCalls` (one result per call, in order, never rejects). */
export type ToolsetDispatch = (calls: readonly ToolCall[], context: DispatchContext) => Promise<ToolResult[]>;

export interface DispatchContext {
  /**
   * The toolset the request that produced these calls was built from: its name table is the only way in. Its
   * `history` (the tables of the conversation's earlier requests) only explains a name this table lacks; a
   * toolset with its own `dispatch` (tool search) answers its calls with it.
   */
  toolset: Pick<Toolset, "names" | "entries"> & {
    generation?: number;
    history?: NameHistory;
    dispatch?: ToolsetDispatch;
  };
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
