/**
 * `switchboard auth login|logout|status [server]`: OAuth logins for the configured HTTP servers. Tokens go to
 * the credentials file (`SWITCHBOARD_CREDENTIALS`, else `$XDG_CONFIG_HOME/switchboard/credentials.json`) and
 * are never printed. Everything heavy is imported inside the actions, so registering the command (and `--help`)
 * loads neither the MCP SDK nor the config schemas.
 */
import type { Command } from "commander";
import type { AuthMode } from "../../auth/auth-for-server.js";
import type { AuthorizationHandler, CredentialStore, StoredCredentials } from "../../auth/types.js";
import type { HttpServerConfig, SwitchboardConfig } from "../../config/types.js";
import type { CliIo } from "../main.js";

export type AuthAction = "login" | "logout" | "status";

export interface AuthOptions {
  config?: string;
  json?: boolean;
  /** `--no-browser`: print the URL instead of opening a browser (always so without a terminal). */
  browser?: boolean;
  /** Log in again even when the stored tokens are still good. */
  force?: boolean;
  /** Seconds to wait for the browser. Default 300. */
  timeout?: string;
}

/** Seams for tests and embedders: where credentials live and who completes the redirect. */
export interface AuthCommandDeps {
  store?: CredentialStore;
  /** Completes each login instead of a browser (CI, tests). */
  handler?: (server: HttpServerConfig) => AuthorizationHandler;
  now?: () => number;
  /** Where a headless login reads a pasted redirect address. Default: stdin, line by line. */
  pasted?: (signal: AbortSignal) => AsyncIterable<string>;
}

export type LoginState =
  | "logged in"
  | "expired, refresh available"
  | "expired"
  | "not logged in"
  | "client credentials (no login)";

export interface AuthStatusRow {
  name: string;
  url: string;
  status: LoginState;
  /** A refresh token is stored (the access token can be renewed without the browser). */
  refreshAvailable: boolean;
  scopes: string[];
  /** ISO time the access token expires, when the server said. */
  expiresAt?: string;
  /** The OAuth client id in use (not a secret). */
  clientId?: string;
}

/** Registers `auth` and its three subcommands on the program. `io` is called when an action runs. */
export function registerAuthCommand(program: Command, io: () => CliIo): void {
  const auth = program
    .command("auth")
    .description("log in to OAuth-protected HTTP servers, log out, and show who is logged in where");
  auth
    .command("login")
    .description("log in to a server (default: every enabled HTTP server) through the browser")
    .argument("[server]", "the server's name in the config")
    .option("-c, --config <file>", "config file")
    .option("--no-browser", "print the URL to open instead of opening a browser (headless, SSH)")
    .option("--force", "log in again even when the stored tokens still work")
    .option("--timeout <seconds>", "how long to wait for the browser (default 300)")
    .action(async (server: string | undefined, options: AuthOptions) => {
      process.exitCode = await authCommand("login", server, options, io());
    });
  auth
    .command("logout")
    .description(
      "forget the stored tokens and client registration of a server (default: every HTTP server), revoking the tokens where the authorization server supports it",
    )
    .argument("[server]", "the server's name in the config")
    .option("-c, --config <file>", "config file")
    .action(async (server: string | undefined, options: AuthOptions) => {
      process.exitCode = await authCommand("logout", server, options, io());
    });
  auth
    .command("status")
    .description("show per server: logged in, expired, refresh available or not logged in; scopes; expiry")
    .argument("[server]", "the server's name in the config")
    .option("-c, --config <file>", "config file")
    .option("--json", "print a JSON report")
    .action(async (server: string | undefined, options: AuthOptions) => {
      process.exitCode = await authCommand("status", server, options, io());
    });
}

export async function authCommand(
  action: AuthAction,
  server: string | undefined,
  options: AuthOptions,
  io: CliIo,
  deps: AuthCommandDeps = {},
): Promise<number> {
  const { loadCliConfig } = await import("../load-cli-config.js");
  const config = await loadCliConfig(options.config, io);
  const servers = await pickServers(config, server);
  const store = deps.store ?? (await fileStore(io));
  if (action === "status") return status(servers, store, options, io, deps.now ?? Date.now);
  if (action === "logout") return logout(servers, store, io);
  return login(config, servers, store, options, io, deps);
}

async function fileStore(io: CliIo): Promise<CredentialStore> {
  const [{ FileCredentialStore }, { credentialsPath }] = await Promise.all([
    import("../../auth/file-credential-store.js"),
    import("../../config/credentials-path.js"),
  ]);
  return new FileCredentialStore(credentialsPath(io.env, io.cwd), {
    onWarning: (message) => io.err(`switchboard: warning: ${message}`),
  });
}

/** The named HTTP server, or every enabled HTTP server; a USAGE error for an unknown or stdio name. */
async function pickServers(config: SwitchboardConfig, name: string | undefined): Promise<HttpServerConfig[]> {
  const { SwitchboardError } = await import("../../errors.js");
  const http = Object.values(config.servers).filter((s): s is HttpServerConfig => s.kind === "http");
  if (name === undefined) {
    if (http.length === 0)
      throw new SwitchboardError(
        "USAGE",
        `${config.file} has no HTTP servers; OAuth applies to HTTP servers only`,
      );
    return http.filter((s) => s.enabled);
  }
  const found = Object.hasOwn(config.servers, name) ? config.servers[name] : undefined;
  if (found === undefined) {
    const names = http.map((s) => s.name).join(", ");
    throw new SwitchboardError(
      "USAGE",
      `No server named "${name}" in ${config.file}${names === "" ? "" : ` (HTTP servers: ${names})`}`,
    );
  }
  if (found.kind !== "http") {
    throw new SwitchboardError("USAGE", `"${name}" is a stdio server; OAuth applies to HTTP servers only`);
  }
  return [found];
}

/** What the store says about one server, without a network request. */
export function loginState(
  stored: StoredCredentials | undefined,
  now: number,
): Omit<AuthStatusRow, "name" | "url"> {
  const tokens = stored?.tokens;
  const clientId = stored?.client?.client_id;
  const base = { ...(clientId === undefined ? {} : { clientId }) };
  if (tokens === undefined) return { ...base, status: "not logged in", refreshAvailable: false, scopes: [] };
  const refreshAvailable = typeof tokens.refresh_token === "string" && tokens.refresh_token !== "";
  const scopes = (tokens.scope ?? "").split(" ").filter(Boolean);
  const expires =
    tokens.expires_in === undefined || stored?.tokensSavedAt === undefined
      ? undefined
      : stored.tokensSavedAt + tokens.expires_in * 1000;
  const expired = expires !== undefined && expires <= now;
  const state: LoginState = !expired
    ? "logged in"
    : refreshAvailable
      ? "expired, refresh available"
      : "expired";
  return {
    ...base,
    status: state,
    refreshAvailable,
    scopes,
    ...(expires === undefined ? {} : { expiresAt: new Date(expires).toISOString() }),
  };
}

async function status(
  servers: HttpServerConfig[],
  store: CredentialStore,
  options: AuthOptions,
  io: CliIo,
  now: () => number,
): Promise<number> {
  const rows: AuthStatusRow[] = [];
  for (const server of servers) {
    if (server.auth?.grant === "client_credentials") {
      // Machine-to-machine: tokens are obtained per run and never stored, so there is nothing to show but the client.
      const clientId = server.auth.clientId;
      rows.push({
        name: server.name,
        url: server.url,
        status: "client credentials (no login)",
        refreshAvailable: false,
        scopes: server.auth.scopes ?? [],
        ...(clientId === undefined ? {} : { clientId }),
      });
      continue;
    }
    rows.push({ name: server.name, url: server.url, ...loginState(await store.load(server.url), now()) });
  }
  if (options.json === true) {
    io.out(JSON.stringify({ servers: rows }, null, 2), { exact: true });
    return 0;
  }
  const { renderTable } = await import("../render-table.js");
  io.out(
    renderTable(rows, [
      { header: "SERVER", value: (row) => row.name },
      {
        header: "STATUS",
        value: (row) =>
          row.status === "logged in" && row.refreshAvailable ? "logged in, refresh available" : row.status,
      },
      { header: "SCOPES", value: (row) => row.scopes.join(" ") || "-", maxWidth: 40 },
      {
        header: "EXPIRES",
        value: (row) => (row.expiresAt === undefined ? "-" : describeExpiry(row.expiresAt, now())),
      },
      { header: "URL", value: (row) => row.url, maxWidth: 60 },
    ]),
  );
  return 0;
}

function describeExpiry(iso: string, now: number): string {
  const ms = Date.parse(iso) - now;
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const span = minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
  return `${iso.replace(/\.\d{3}Z$/, "Z")} (${ms >= 0 ? `in ${span}` : `${span} ago`})`;
}

/**
 * Deletes the local credentials first (that must happen whatever the authorization server does), then revokes the
 * tokens there when it has a revocation endpoint (RFC 7009, best effort, bounded): the line says which.
 */
async function logout(servers: HttpServerConfig[], store: CredentialStore, io: CliIo): Promise<number> {
  const { describeRevocation, revokeTokens } = await import("../../auth/revoke-tokens.js");
  for (const server of servers) {
    const stored = await store.load(server.url);
    const had = stored?.tokens !== undefined || stored?.client !== undefined;
    await store.delete(server.url);
    if (stored === undefined || !had) {
      io.out(`${server.name}: was not logged in.`);
      continue;
    }
    const client = configuredClient(server);
    const report = await revokeTokens({
      serverUrl: server.url,
      credentials: stored,
      ...(client === undefined ? {} : { client }),
    });
    io.out(
      `Logged out of ${server.name}: its stored tokens and client registration are deleted; ${describeRevocation(report)}.`,
    );
  }
  return 0;
}

/** A client configured out of band authenticates as the login did (see `authForServer`). */
function configuredClient(server: HttpServerConfig) {
  const settings = server.auth;
  if (settings?.clientId === undefined || settings.grant === "client_credentials") return undefined;
  return {
    client_id: settings.clientId,
    ...(settings.clientSecret === undefined
      ? {}
      : { client_secret: settings.clientSecret, token_endpoint_auth_method: "client_secret_basic" }),
  };
}

/** stdin line by line until `signal` (the login ended); readline leaves stdin itself open for the next login. */
async function* stdinLines(signal: AbortSignal): AsyncIterable<string> {
  const { createInterface } = await import("node:readline");
  const lines = createInterface({ input: process.stdin, terminal: false, signal });
  try {
    yield* lines;
  } finally {
    lines.close();
  }
}

async function login(
  config: SwitchboardConfig,
  servers: HttpServerConfig[],
  store: CredentialStore,
  options: AuthOptions,
  io: CliIo,
  deps: AuthCommandDeps,
): Promise<number> {
  const { SwitchboardError } = await import("../../errors.js");
  const timeoutSec = options.timeout === undefined ? 300 : Number(options.timeout);
  if (!Number.isFinite(timeoutSec) || timeoutSec <= 0) {
    throw new SwitchboardError("USAGE", "--timeout expects a positive number of seconds");
  }
  const timeoutMs = Math.round(timeoutSec * 1000);
  const print = (text: string) => io.err(text);
  const mode: AuthMode =
    deps.handler !== undefined
      ? { kind: "handler", handler: deps.handler }
      : options.browser === false || !io.interactive
        ? { kind: "print", print, timeoutMs, pasted: deps.pasted ?? stdinLines }
        : { kind: "browser", print, timeoutMs };
  const { connectHost } = await import("../../catalog/host.js");
  let failed = 0;
  for (const server of servers) {
    const before = await store.load(server.url);
    if (options.force === true && before?.tokens !== undefined) {
      // Keep the client registration and discovery: only the tokens are replaced.
      const { tokens: _tokens, tokensSavedAt: _savedAt, ...rest } = before;
      await store.save(server.url, rest);
    }
    // The browser round trip happens inside the connect: give it the login timeout on top of the usual one.
    const patient: HttpServerConfig = {
      ...server,
      enabled: true,
      connectTimeoutMs: server.connectTimeoutMs + timeoutMs,
    };
    const host = await connectHost(
      { ...config, servers: { ...config.servers, [server.name]: patient } },
      { only: [server.name], oauth: { store, mode } },
    );
    try {
      const row = host.servers.find((s) => s.name === server.name);
      if (row?.state !== "ready") {
        failed += 1;
        io.err(
          `switchboard: ${server.name}: login failed: ${row?.reason ?? "the server did not become ready"}`,
        );
        continue;
      }
      const after = await store.load(server.url);
      const state = loginState(after, Date.now());
      const scopes = state.scopes.length === 0 ? "" : `, scopes: ${state.scopes.join(" ")}`;
      const expiry = state.expiresAt === undefined ? "" : `, expires ${state.expiresAt}`;
      const unchanged =
        after?.tokens !== undefined && after.tokens.access_token === before?.tokens?.access_token;
      if (server.auth?.grant === "client_credentials") {
        io.out(
          `${server.name}: client credentials work; no login is needed (tokens are obtained on every run).`,
        );
      } else if (state.status === "not logged in") {
        io.out(`${server.name}: connected without a login (the server asked for no authorization).`);
      } else if (unchanged && options.force !== true) {
        io.out(`Already logged in to ${server.name}${scopes}${expiry}; --force logs in again.`);
      } else {
        io.out(`Logged in to ${server.name}${scopes}${expiry}.`);
      }
    } finally {
      await host.close();
    }
  }
  return failed === 0 ? 0 : 1;
}
