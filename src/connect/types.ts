import type {
  Implementation,
  ListResourceTemplatesResult,
  Prompt,
  Resource,
  ServerCapabilities,
  Tool,
  VersionNegotiationOptions,
} from "@modelcontextprotocol/client";
import type { RestartPolicy } from "./backoff.js";
import type { ChildExit } from "./child-process-transport.js";
import type { StderrTailLimits } from "./stderr-tail.js";

/**
 * `connecting → ready | failed`; `ready → restarting → ready | failed`; any state → `closed` (terminal).
 */
export type ConnectionState = "connecting" | "ready" | "restarting" | "failed" | "closed";

/** The wire actually in use: `auto` resolves to one of the two HTTP kinds. */
export type WireTransport = "stdio" | "streamable-http" | "sse";

/** What a `notifications/<kind>/list_changed` names; `resources` covers resources and resource templates. */
export type ListKind = "tools" | "resources" | "prompts";

export type McpResourceTemplate = ListResourceTemplatesResult["resourceTemplates"][number];

/** Everything one server lists, every page walked, exactly as the SDK returned it. */
export interface ServerListing {
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: McpResourceTemplate[];
  prompts: Prompt[];
}

/** What the handshake told us about a ready server. */
export interface SessionInfo {
  transport: WireTransport;
  /** The protocol revision the SDK negotiated (e.g. `2025-11-25`). */
  protocolVersion: string;
  serverInfo: Implementation;
  capabilities: ServerCapabilities;
  instructions?: string;
  /** From the start of this (re)connect to a finished first listing. */
  readyInMs: number;
  /** The child's pid, for stdio servers. */
  pid?: number;
}

export interface ConnectionEvents {
  state: (state: ConnectionState, previous: ConnectionState) => void;
  /** One complete line the server wrote to stderr (stdio only). */
  stderr: (line: string) => void;
  /** The server sent `notifications/<kind>/list_changed`; the catalog decides when to re-list. */
  listChanged: (kind: ListKind) => void;
  /** A stdio child exited (expectedly or not). */
  exit: (exit: ChildExit) => void;
  error: (error: Error) => void;
}

export interface ConnectionOptions {
  clientInfo?: Implementation;
  restart?: Partial<RestartPolicy>;
  /** After closing a child's stdin, wait this long before SIGTERM. Default 2,000 ms. */
  closeGraceMs?: number;
  /** After SIGTERM, wait this long before SIGKILL. Default 2,000 ms. */
  killGraceMs?: number;
  stderrTail?: Partial<StderrTailLimits>;
  /** Passed to the SDK client; the SDK default is `legacy` (plain 2025 `initialize`). */
  versionNegotiation?: VersionNegotiationOptions;
  /** Environment the minimal inherited set is read from. Default `process.env`. */
  parentEnv?: Readonly<Record<string, string | undefined>>;
}

export interface CallToolOptions {
  signal?: AbortSignal;
  /** Overrides the server's configured `timeoutMs` for this call. Covers queueing and the call itself. */
  timeoutMs?: number;
}

/** The raw MCP `tools/call` result, re-exported so layers above need not import the SDK. */
export type { CallToolResult } from "@modelcontextprotocol/client";
