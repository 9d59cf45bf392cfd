/**
 * `switchboard auth login|logout|status [server]`: OAuth logins for the configured HTTP servers. Tokens go to
 * the credentials file (`SWITCHBOARD_CREDENTIALS`, else `$XDG_CONFIG_HOME/switchboard/credentials.json`) and
 * are never printed. Everything heavy is imported inside the actions, so registering the command (and `--help`)
 * loads neither the MCP SDK nor the config schemas.
 */
import type { Command } from "commander";
import type { AuthMode } from "../../auth/auth-for-server.js";
import type { AuthorizationHandler, CredentialStore } from "../../auth/types.js";
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

export type { AuthStatusRow, LoginState } from "../../auth/login-state.js";

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
  const { oauthServers } = await import("../../auth/oauth-servers.js");
  const servers = oauthServers(config, server);
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

async function status(
  servers: HttpServerConfig[],
  store: CredentialStore,
  options: AuthOptions,
  io: CliIo,
  now: () => number,
): Promise<number> {
  const { loginStatus } = await import("../../auth/login-state.js");
  const rows = await loginStatus(servers, store, now);
  if (options.json === true) {
    io.out(JSON.stringify({ servers: rows }, null, 2), { exact: true });
    return 0;
  }
  const { renderAuthStatus } = await import("../render/auth-text.js");
  io.out(renderAuthStatus(rows, now()));
  return 0;
}

async function logout(servers: HttpServerConfig[], store: CredentialStore, io: CliIo): Promise<number> {
  const [{ logoutServer }, { logoutLine }] = await Promise.all([
    import("../../auth/logout-server.js"),
    import("../render/auth-text.js"),
  ]);
  for (const server of servers) io.out(logoutLine(server.name, await logoutServer(server, store)));
  return 0;
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
  const [{ connectHost }, { forgetTokens }, { loginOutcome }, { loginLine }] = await Promise.all([
    import("../../catalog/host.js"),
    import("../../auth/forget-tokens.js"),
    import("../../auth/login-state.js"),
    import("../render/auth-text.js"),
  ]);
  let failed = 0;
  for (const server of servers) {
    const before = await store.load(server.url);
    if (options.force === true) await forgetTokens(store, server.url, before);
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
      io.out(
        loginLine(
          server.name,
          loginOutcome(server, before, after, { forced: options.force === true, now: Date.now() }),
        ),
      );
    } finally {
      await host.close();
    }
  }
  return failed === 0 ? 0 : 1;
}
