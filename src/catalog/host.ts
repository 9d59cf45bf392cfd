/**
 * The entry point the CLI and the library use: connect every enabled server in parallel, follow each one into
 * the catalog, dispatch tool calls by server name, and shut everything down.
 */

import { type AuthMode, authForServer, usesOAuth } from "../auth/auth-for-server.js";
import { loadClientSdk } from "../auth/client-sdk.js";
import { FileCredentialStore } from "../auth/file-credential-store.js";
import { MemoryCredentialStore } from "../auth/memory-credential-store.js";
import type { CredentialStore } from "../auth/types.js";
import { checkBuiltConfig } from "../config/check-built-config.js";
import { credentialsPath } from "../config/credentials-path.js";
import type { Env } from "../config/expand-vars.js";
import type { ServerConfig, SwitchboardConfig } from "../config/types.js";
import { ConnectionPool, type ConnectionPoolOptions, type ServerStatus } from "../connect/connection-pool.js";
import type { CallToolOptions, CallToolResult, ConnectionState, SkillFileRead } from "../connect/types.js";
import { SwitchboardError } from "../errors.js";
import { Catalog, type CatalogOptions } from "./catalog.js";
import type { CatalogSkill } from "./types.js";

/** Options for `connectHost`: connection settings, catalogue tuning, state callbacks and OAuth for HTTP servers. */
export interface HostOptions extends ConnectionPoolOptions {
  catalog?: CatalogOptions;
  /** Called on every connection state change from the first attempt on (progress displays use it). */
  onState?: (server: string, state: ConnectionState) => void;
  /**
   * OAuth for HTTP servers. Default: the credentials `switchboard auth login` stored, found through `oauth.env`
   * (`credentialsPath`), refreshed as needed, and no interactive login: a server that needs one fails with
   * "run: switchboard auth login <server>".
   * `false`: no OAuth (a server answering 401 fails). An `auth` set in `perServer` (or for all) wins; a server
   * with its own `Authorization` header and no `auth` key is left to that header.
   */
  oauth?: HostAuthOptions | false;
}

/** How `connectHost` authorizes HTTP servers: where stored credentials are found and whether a login may run. */
export interface HostAuthOptions {
  /**
   * Default: a `FileCredentialStore` at `credentialsPath(env, cwd)` when `env` is given, else an empty store in
   * memory (nothing stored is used).
   */
  store?: CredentialStore;
  /**
   * The environment that locates the credentials file (`SWITCHBOARD_CREDENTIALS`, `XDG_CONFIG_HOME`, `HOME`): the
   * caller's, never read from the process here. The CLI passes its own; a program passes `process.env`.
   */
  env?: Env;
  /** Resolves a relative `SWITCHBOARD_CREDENTIALS`. Default: the working directory. */
  cwd?: string;
  /** Default `{ kind: "non-interactive" }`. */
  mode?: AuthMode;
  /** Told about a credentials file other users could read (it is then narrowed to 0600). Default: not told. */
  onWarning?: (message: string) => void;
}

/**
 * Every configured server connected, with one live catalogue of their tools, resources and prompts. Hand it to
 * `runAgent` or `answerResponse` to answer tool calls; `close()` it when done.
 */
export interface Host {
  /** One row per configured server, in configuration order (live: reflects restarts and failures). */
  readonly servers: readonly ServerStatus[];
  readonly catalog: Catalog;
  readonly pool: ConnectionPool;
  /** Calls `tool` on `server` (the server's own tool name) and returns the raw MCP result. */
  callTool(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options?: CallToolOptions,
  ): Promise<CallToolResult>;
  /**
   * Reads one file of a listed skill from its server, now (never before), verified against the listed entry:
   * `ref` is a path under the skill's root, default its `SKILL.md`. Throws `SKILL_UNVERIFIED` naming the failed
   * check, `SKILL_TOO_LARGE` past `maxBytes` (default 1 MiB).
   */
  readSkill(
    skill: CatalogSkill,
    ref?: string,
    options?: { signal?: AbortSignal; timeoutMs?: number; maxBytes?: number },
  ): Promise<SkillFileRead>;
  /** Closes every server gracefully; resolves when every child process has exited. The catalog keeps its last state. */
  close(): Promise<void>;
}

/**
 * Connects every server in the config (stdio children and HTTP endpoints) and returns once each has connected
 * or failed (a failed one shows in `servers` with its reason). The starting point for any program that uses
 * switchboard.
 *
 * @example
 * ```ts
 * const config = await loadConfig("./switchboard.json");
 * const host = await connectHost(config);
 * try {
 *   console.log(host.servers.map((server) => `${server.name}: ${server.state}`));
 * } finally {
 *   await host.close();
 * }
 * ```
 */
export async function connectHost(config: SwitchboardConfig, options: HostOptions = {}): Promise<Host> {
  checkBuiltConfig(config);
  const { catalog: catalogOptions, onState, oauth, ...poolOptions } = options;
  // An HTTP server's auth (client_credentials) is built from the SDK below, synchronously. Stdio servers need
  // nothing of it before each connection spawns its server, which then starts while the SDK loads.
  if (Object.values(config.servers).some((server) => server.kind !== "stdio")) await loadClientSdk();
  const pool = new ConnectionPool(config, withAuth(poolOptions, oauth));
  const catalog = new Catalog(catalogOptions);
  // Attach before starting, so every server's first listing enters the catalog the moment it is ready.
  const detach = pool.connections.map((connection) => catalog.attach(connection));
  if (onState !== undefined) {
    for (const connection of pool.connections) {
      connection.on("state", (state) => onState(connection.config.name, state));
    }
  }
  await pool.start();
  let closing: Promise<void> | undefined;
  return {
    get servers() {
      return pool.statuses();
    },
    catalog,
    pool,
    callTool(server, tool, args, callOptions) {
      const connection = pool.get(server);
      if (connection === undefined) {
        return Promise.reject(
          new SwitchboardError("SERVER_NOT_FOUND", `No connected server named "${server}" in ${config.file}`),
        );
      }
      return connection.callTool(tool, args, callOptions);
    },
    readSkill(skill, ref, readOptions) {
      const connection = pool.get(skill.server);
      if (connection === undefined) {
        return Promise.reject(
          new SwitchboardError(
            "SERVER_NOT_FOUND",
            `No connected server named "${skill.server}" in ${config.file}`,
          ),
        );
      }
      return connection.readSkill(skill.entry, ref, readOptions);
    },
    close() {
      closing ??= (async () => {
        for (const off of detach) off();
        await pool.closeAll();
      })();
      return closing;
    },
  };
}

/** Adds each HTTP server's OAuth provider to its connection options (a caller's own `perServer` auth wins). */
function withAuth(
  options: ConnectionPoolOptions,
  auth: HostAuthOptions | false | undefined,
): ConnectionPoolOptions {
  if (auth === false) return options;
  let store = auth?.store;
  const mode = auth?.mode ?? { kind: "non-interactive" };
  const { perServer } = options;
  return {
    ...options,
    perServer: (server: ServerConfig) => {
      const own = perServer?.(server) ?? {};
      if (
        server.kind !== "http" ||
        !usesOAuth(server) ||
        own.auth !== undefined ||
        options.auth !== undefined
      )
        return own;
      // Created on first use, so a config without HTTP servers never touches the credentials file.
      store ??= defaultStore(auth);
      const env = auth?.env === undefined ? {} : { env: auth.env };
      return { ...own, auth: authForServer(server, { store, mode, ...env }).connection };
    },
  };
}

function defaultStore(auth: HostAuthOptions | undefined): CredentialStore {
  if (auth?.env === undefined) return new MemoryCredentialStore();
  return new FileCredentialStore(credentialsPath(auth.env, ...(auth.cwd === undefined ? [] : [auth.cwd])), {
    ...(auth.onWarning === undefined ? {} : { onWarning: auth.onWarning }),
  });
}
