import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestParams,
  ElicitResult,
  Implementation,
  ListResourceTemplatesResult,
  LoggingLevel,
  LoggingMessageNotificationParams,
  Progress,
  Prompt,
  Resource,
  Root,
  ServerCapabilities,
  Tool,
  VersionNegotiationOptions,
} from "@modelcontextprotocol/client";
import type { ConnectionAuth } from "../auth/session-auth.js";
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

/**
 * Everything one server lists, every page walked, as the SDK returned it; each tool a deeply frozen copy of its
 * plain JSON (the catalogue shares those copies), and kept as the same object across re-lists while unchanged.
 */
export interface ServerListing {
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: McpResourceTemplate[];
  prompts: Prompt[];
  /** The skills extension's entries (`skills/list`); absent when the server does not declare the extension. */
  skills?: SkillEntry[];
}

/** One file of a skill as its entry lists it: what a read is verified against. */
export interface SkillFileEntry {
  uri: string;
  /** `sha256:` and 64 lowercase hex digits. */
  digest: string;
  size: number;
}

/**
 * One `skills/list` entry (`io.modelcontextprotocol/skills`) as plain JSON: the `SKILL.md` URI, its frontmatter
 * (`name`, `description`, and whatever else it declares) and every file with its digest, or `"dynamic"`.
 */
export interface SkillEntry {
  uri: string;
  frontmatter: { name: string; description: string; [key: string]: unknown };
  resources: SkillFileEntry[] | "dynamic";
  _meta?: Record<string, unknown>;
}

/** One skill file, read and verified. */
export interface SkillFileRead {
  /** The URI requested. */
  uri: string;
  mimeType?: string;
  text: string;
  /** Byte length of the file. */
  bytes: number;
  /** Size and digest were checked (`false` only for a `"dynamic"` skill, whose files list no digest). */
  verified: boolean;
  /** `SKILL.md` only: the markdown after the frontmatter. */
  body?: string;
}

/** A listing request of MCP. */
export type ListRequest =
  | "tools/list"
  | "resources/list"
  | "resources/templates/list"
  | "prompts/list"
  | "skills/list";

/**
 * Something a listing could not use, reported on the server instead of failing it: an optional listing the server
 * refused (`resources/list`, `resources/templates/list`, `prompts/list`; `tools/list` is the one required), or one
 * listed tool that was skipped or read with a default. Texts quote server-supplied names (bounded).
 */
export interface ListingWarning {
  request: ListRequest;
  /** The JSON-RPC error code when the server answered the request with an error. */
  code?: number;
  /** The position of the tool in the listing (all pages counted), for a warning about one tool. */
  index?: number;
  /** The tool's name, when it has one. */
  tool?: string;
  message: string;
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
  /** The server sent `notifications/message` (a log line at or above the level asked for). */
  log: (message: LoggingMessageNotificationParams) => void;
  /**
   * A `tools/call` in flight reported progress (its timeout was reset), or the task it runs as changed status
   * (`message` "task <status>: <the server's status message>"; the timeout is not reset: it covers the task).
   */
  progress: (progress: CallProgress) => void;
  /** The server sent `notifications/resources/updated` for a subscribed resource. */
  resourceUpdated: (uri: string) => void;
}

/** One progress notification of one tool call. */
export interface CallProgress {
  tool: string;
  /** Numbers the calls of this connection, so concurrent calls of one tool can be told apart. */
  call: number;
  progress: number;
  total?: number;
  message?: string;
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
  /** What the client offers servers: sampling, elicitation, roots, and the log level it asks for. */
  features?: ClientFeatures;
  /** OAuth (or any bearer `AuthProvider`) for an HTTP server; ignored for stdio. */
  auth?: ConnectionAuth;
  /**
   * Which client speaks to a stdio server. `auto` (the default): switchboard's own, which loads the MCP SDK only
   * for what it does not read itself (a sampling or elicitation request, an image result), on the plain 2025
   * `initialize` and with a server that declares no skills; the SDK's client otherwise. `sdk`: always the SDK's.
   */
  stdioClient?: "auto" | "sdk";
}

/** Passed to every server-to-client request handler. */
export interface ClientRequestContext {
  /** The configured name of the server asking. */
  server: string;
  /** Aborted when the server cancels the request (`notifications/cancelled`) or the connection closes. */
  signal: AbortSignal;
}

/** A sampling handler's answer: a result, or a rejection (sent as JSON-RPC error -1, as the spec suggests). */
export type SamplingAnswer =
  | { result: CreateMessageResult | CreateMessageResultWithTools }
  | { rejected: string };

/**
 * Client capabilities and their handlers. Each one present is declared in `initialize` (so servers that gate
 * tools on capabilities offer them) and answered through the SDK, in both protocol eras (on 2026-07-28 the SDK
 * fulfils `input_required` results with the same handlers).
 */
export interface ClientFeatures {
  /** Declares `sampling` (with `tools`) and answers `sampling/createMessage`. */
  sampling?: (params: CreateMessageRequestParams, context: ClientRequestContext) => Promise<SamplingAnswer>;
  /** Declares `elicitation` (form mode with `applyDefaults`; URL mode when `url`) and answers `elicitation/create`. */
  elicitation?: {
    url?: boolean;
    handle: (params: ElicitRequestParams, context: ClientRequestContext) => Promise<ElicitResult>;
  };
  /** Declares `roots` (with `listChanged`) and answers `roots/list`. */
  roots?: () => Root[] | Promise<Root[]>;
  /** Sent as `logging/setLevel` after connecting, to servers that declare `logging`. */
  logLevel?: LoggingLevel;
}

export interface CallToolOptions {
  signal?: AbortSignal;
  /** Overrides the server's configured `timeoutMs` for this call. Covers queueing and the call itself. */
  timeoutMs?: number;
  /** Asks the server for progress notifications (a `progressToken` is sent) and receives them. */
  onprogress?: (progress: Progress) => void;
}

/** The raw MCP `tools/call` result, re-exported so layers above need not import the SDK. */
/** MCP shapes the client features and the context layer read, re-exported for the same reason. */
export type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  CreateMessageRequestParams,
  CreateMessageResult,
  CreateMessageResultWithTools,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  GetPromptResult,
  LoggingLevel,
  LoggingMessageNotificationParams,
  ReadResourceResult,
  Root,
} from "@modelcontextprotocol/client";
export type { ConnectionAuth } from "../auth/session-auth.js";
