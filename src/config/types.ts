/**
 * The normalised configuration every other layer reads. `load-config.ts` turns a Claude Desktop `mcpServers`
 * file, a VS Code `servers` file or switchboard's own keys into this shape; nothing downstream looks at raw JSON.
 */

export interface ToolFilter {
  /** Globs over the server's own tool names; absent means every tool. */
  allow?: string[];
  /** Globs over the server's own tool names, applied after `allow`. */
  deny?: string[];
  /** Only tools annotated `readOnlyHint: true` (annotations are the server's claim, not a guarantee). */
  readOnly?: boolean;
}

interface ServerCommon {
  /** The key under `mcpServers` / `servers`. */
  name: string;
  /** `false` keeps the server in the file but never connects it. Default `true`. */
  enabled: boolean;
  /** Per tool-call timeout. Default 60,000 ms. */
  timeoutMs: number;
  /** Time allowed from spawn/connect to a finished `initialize` plus first listing. Default 30,000 ms. */
  connectTimeoutMs: number;
  tools: ToolFilter;
  /** Calls in flight at once on this server; more wait in a queue. Default 8. */
  maxConcurrentCalls: number;
  /** Used instead of the server's key in emitted tool names (`<prefix>__<tool>`); calls still go to this server. */
  prefix?: string;
  /** Least severe server log message shown (and asked for with `logging/setLevel`). Absent: the host's default. */
  logLevel?: LogLevel;
  /**
   * The handshake: `2025` (`initialize`, the 2025 revisions), `auto` (probe `server/discover` for 2026-07-28,
   * fall back to `initialize`) or `2026-07-28` (that revision or fail). Absent: the host's `versionNegotiation`,
   * whose default is `2025`.
   */
  protocol?: ServerProtocol;
  /**
   * Values redacted wherever they could show, on top of the ones the connection finds itself (see
   * `serverSecrets`). The loader puts here what `${VAR}` expansion took from the environment into `args`,
   * `env`, `url`, `headers` and `auth`; a config built in code may list its own.
   */
  secrets?: string[];
}

/** A server's handshake choice in the config (`ServerCommon.protocol`). */
export type ServerProtocol = "2025" | "auto" | "2026-07-28";

/** MCP log severities (RFC 5424), least severe first. */
export type LogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/** How servers may sample the model (`sampling/createMessage`). */
export interface SamplingConfig {
  /** `ask` (the default) asks a person, and is no when nobody can be asked; `allow`; `deny`. */
  approval?: "ask" | "allow" | "deny";
  /** Upper bound on a server's `maxTokens`. */
  maxTokens?: number;
  /** Model-preference hint (a substring a server may name) → model id of the provider in use. */
  models?: Record<string, string>;
}

/** A server started as a child process and spoken to over its stdin and stdout. */
export interface StdioServerConfig extends ServerCommon {
  kind: "stdio";
  command: string;
  args: string[];
  /** Only these variables (after `${VAR}` expansion) plus a minimal inherited set reach the child. */
  env: Record<string, string>;
  cwd?: string;
}

/** `auto` tries Streamable HTTP and falls back to legacy HTTP+SSE when the server refuses it. */
export type HttpTransportKind = "auto" | "streamable-http" | "sse";

/** A server reached over HTTP at `url`, with its headers and optional OAuth client settings. */
export interface HttpServerConfig extends ServerCommon {
  kind: "http";
  url: string;
  transport: HttpTransportKind;
  headers: Record<string, string>;
  /** OAuth client settings; absent means dynamic registration (or CIMD) with default scopes when a server asks. */
  auth?: HttpAuthConfig;
}

/**
 * How switchboard presents itself to a server's OAuth authorization server. Everything is optional: with nothing
 * set, the client registers itself dynamically (RFC 7591). Tokens never live here; they live in the credential store.
 */
export interface HttpAuthConfig {
  /** A pre-registered client id (skips dynamic registration). */
  clientId?: string;
  /** The pre-registered client's secret (`${VAR}`-expanded; never echoed). Needs `clientId`. */
  clientSecret?: string;
  /** An https URL of a Client ID Metadata Document, used as the client id where the server supports CIMD. */
  clientMetadataUrl?: string;
  /** Scopes to ask for; absent: the ones the server advertises. */
  scopes?: string[];
  /** Fixed loopback port for the redirect (for a client registered with an exact redirect URI). Absent: random. */
  callbackPort?: number;
  /**
   * `authorization_code` (default): a person logs in once in a browser. `client_credentials` (machine to machine,
   * the MCP client-credentials extension): `clientId` + `clientSecret` obtain tokens directly, no login, nothing
   * stored on disk. `jwt_bearer` (workload identity, RFC 7523): the platform's JWT for this workload, read from
   * `assertionEnv` or `assertionFile` at each token request, obtains tokens for `clientId`; no login, no secret.
   */
  grant?: "authorization_code" | "client_credentials" | "jwt_bearer";
  /**
   * The authorization server's issuer URL. Required with `client_credentials`: the client secret is sent only to
   * that server, whatever the MCP server's metadata names.
   */
  issuer?: string;
  /** `jwt_bearer`: the environment variable holding the workload's JWT (read at each token request, never logged). */
  assertionEnv?: string;
  /** `jwt_bearer`: the file holding the workload's JWT (e.g. a projected service-account token; re-read each time). */
  assertionFile?: string;
  /** DPoP (RFC 9449): used where the authorization server advertises it unless `false`. */
  dpop?: boolean;
}

/** One configured MCP server, by transport. */
export type ServerConfig = StdioServerConfig | HttpServerConfig;

/** A named agent in the config: which servers it sees, and how its tools are searched and sent. */
export interface AgentConfig {
  name: string;
  /** Server names (keys of `servers`); validated to exist. */
  servers: string[];
  /** How the tools reach the model (`src/toolsearch`): all of them (`off`, the default) or through search. */
  toolSearch?: "off" | "facade" | "dynamic" | "native" | "auto";
  /**
   * `auto`: the most estimated tokens the full array may cost before the facade is used. Default a tenth of the
   * model's context window (20,000 when the window is unknown).
   */
  toolSearchBudgetTokens?: number;
  /**
   * What `run` and `chat` do when the full tools array breaks a provider's request limit (more tools than
   * it accepts, definitions larger than the context window): `search` (default) sends the search facade instead,
   * so every tool stays reachable and the request is accepted; `refuse` stops with a `REQUEST_LIMIT` error.
   */
  overLimit?: "refuse" | "search";
  /**
   * Where the servers' skills (`io.modelcontextprotocol/skills`) are shown: `tool` (default) lists them in the
   * `load_skill` tool's description, `system` in the system prompt (with a short `load_skill`), `off` hides them.
   */
  skills?: "tool" | "system" | "off";
  /** Largest skill file handed to the model, in bytes. Default 1,048,576. */
  skillMaxBytes?: number;
}

/**
 * Which tool calls need a person's yes. Globs match the emitted name and `server__tool`; the strictest matching
 * rule wins (deny, then ask, then allow). Unmatched tools follow `requireApprovalFor` (default `destructive`:
 * every tool not marked read-only or non-destructive). With nobody to ask (`run` without a terminal), ask = deny.
 */
export interface ApprovalConfig {
  rules: Record<string, "allow" | "ask" | "deny">;
  requireApprovalFor?: "destructive" | "all" | "none";
}

/**
 * A validated switchboard config (what `loadConfig` and `parseConfig` return): the servers, agents and
 * settings, with every default applied. Pass it to `connectHost`.
 */
export interface SwitchboardConfig {
  /** Absolute path of the file this came from, or `<inline>`. */
  file: string;
  /** In file order. */
  servers: Record<string, ServerConfig>;
  agents: Record<string, AgentConfig>;
  /** Absent: every call is allowed (no approval step). */
  approval?: ApprovalConfig;
  /** Paths (relative to the config file's folder) or `file://` URIs offered to servers as roots. Absent: cwd. */
  roots?: string[];
  sampling?: SamplingConfig;
  /**
   * Per-model price overrides (USD per 1M tokens: `input`, `output`, `cacheWrite`, `cacheWrite1h`, `cacheRead`,
   * plus `checkedOn`/`source`), merged over the bundled dated table by the cost layer, which validates them.
   */
  prices?: Record<string, Record<string, unknown>>;
  /**
   * When a server's `list_changed` reaches the model: `next-turn` (default), or `next-conversation`, which keeps
   * the tools array frozen (and the prompt cache warm) for the rest of the conversation.
   */
  listChanged?: "next-turn" | "next-conversation";
  /** The usage ledger (SQLite): `path` relative to the config file's folder; `enabled: false` records nothing. */
  ledger?: { path?: string; enabled?: boolean };
}
