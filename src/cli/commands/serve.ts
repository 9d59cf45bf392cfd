import { SwitchboardError } from "../../errors.js";
import { Gateway } from "../../gateway/gateway.js";
import { BindRefusedError, checkBind } from "../../gateway/http/http-guard.js";
import { serveGatewayHttp } from "../../gateway/http/serve-http.js";
import { serveGatewayStdio } from "../../gateway/serve-stdio.js";
import { readLockFile } from "../../pinning/lock-file.js";
import { lockPathFor, withheldLine } from "../../session/apply-pins.js";
import { loadCliConfig } from "../load-cli-config.js";
import type { CliIo } from "../main.js";
import { serveSurface } from "../serve-surface.js";
import { openTracked, type ShutdownScope } from "../shutdown.js";

export interface ServeOptions {
  config?: string;
  agent?: string;
  stdio?: boolean;
  /** `HOST:PORT`, `:PORT` or `PORT` (host defaults to 127.0.0.1). */
  http?: string;
  token?: string;
  stateless?: boolean;
  allowedHost?: string[];
  allowedOrigin?: string[];
  /** The provider the client sends the tools to: its request limits are checked (`tools --provider` names). */
  for?: string;
}

/**
 * `switchboard serve`: the configured servers behind one MCP server, over stdio (what desktop apps and IDEs start)
 * or Streamable HTTP. Runs until the stdio client hangs up (exit 0) or a signal stops the CLI (SIGINT, SIGTERM,
 * SIGHUP: 130, 143, 129; also while the servers are still starting); stdout carries only protocol traffic in
 * stdio mode, so every message goes to stderr.
 */
export async function serveCommand(options: ServeOptions, io: CliIo): Promise<number> {
  if (options.stdio && options.http !== undefined) {
    throw new SwitchboardError("USAGE", "Choose one of --stdio and --http");
  }
  const bind = options.http === undefined ? undefined : parseBind(options.http);
  const token = options.token ?? io.env.SWITCHBOARD_TOKEN;
  // Refuse an unsafe bind before any server is started.
  if (bind !== undefined) checkBindNamingFlags(bind.host, token);
  const config = await loadCliConfig(options.config, io);
  const surface = serveSurface(config, options, (line) => io.err(`switchboard: ${line}`));
  const lock = await readLockFile(lockPathFor(config));
  const shutdown = io.shutdown;
  const gateway = await openTracked(
    shutdown,
    Gateway.start(config, {
      ...(options.agent === undefined ? {} : { agent: options.agent }),
      ...(lock === undefined ? {} : { lock }),
      ...(surface.toolSurface === undefined ? {} : { toolSurface: surface.toolSurface }),
      host: {
        // The credentials file of this invocation's environment (`auth login` writes it).
        oauth: {
          env: io.env,
          cwd: io.cwd,
          onWarning: (message) => io.err(`switchboard: warning: ${message}`),
        },
        ...(shutdown === undefined ? {} : { signal: shutdown.signal }),
      },
    }),
  );
  if ("withheld" in gateway.catalog) {
    const withheld = gateway.catalog.withheld();
    if (withheld.length > 0) io.err(`switchboard: ${withheldLine(withheld, lockPathFor(config))}`);
  }
  for (const status of gateway.host.servers) {
    if (status.state === "failed")
      io.err(`switchboard: server "${status.name}" failed: ${status.reason ?? "unknown"}`);
  }
  try {
    surface.afterStart(gateway);
  } catch (error) {
    await gateway.close();
    throw error;
  }
  const view = gateway.view();
  const summary = `${gateway.toolSurface.listTools(view).length} tools, ${view.resources.resources.length} resources, ${view.prompts.prompts.length} prompts`;
  try {
    if (bind === undefined) {
      const stdio = serveGatewayStdio(gateway, { onRefused: (what) => io.err(`switchboard: ${what}`) });
      io.err(`switchboard gateway on stdio (${summary})`);
      await Promise.race([stdio.closed, stopped(shutdown)]);
      await stdio.close();
      return 0;
    }
    const http = await serveGatewayHttp(gateway, {
      host: bind.host,
      port: bind.port,
      ...(token === undefined || token === "" ? {} : { token }),
      ...(options.stateless ? { stateless: true } : {}),
      ...(options.allowedHost === undefined ? {} : { allowedHosts: options.allowedHost }),
      ...(options.allowedOrigin === undefined ? {} : { allowedOrigins: options.allowedOrigin }),
    });
    io.err(
      `switchboard gateway listening on ${http.url}${options.stateless ? " (stateless)" : ""} (${summary})`,
    );
    await stopped(shutdown);
    await http.close();
    return 0;
  } finally {
    await gateway.close();
  }
}

/** `127.0.0.1:8080`, `[::1]:8080`, `:8080` or `8080`. */
export function parseBind(value: string): { host: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]*):)?(\d+)$/.exec(value.trim());
  const port = Number(match?.[2]);
  if (match === null || !Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new SwitchboardError("USAGE", `--http expects HOST:PORT (e.g. 127.0.0.1:8080), got "${value}"`);
  }
  const host = match[1] === undefined || match[1] === "" ? "127.0.0.1" : match[1].replace(/^\[(.*)\]$/, "$1");
  return { host, port };
}

/** Resolves when a signal stops the CLI (never without one). */
function stopped(shutdown: ShutdownScope | undefined): Promise<void> {
  const signal = shutdown?.signal;
  return new Promise((resolve) => {
    if (signal?.aborted === true) resolve();
    else signal?.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** `checkBind`, its missing-token refusal naming where the CLI takes a token from. */
function checkBindNamingFlags(bindHost: string, token: string | undefined): void {
  try {
    checkBind({ bindHost, ...(token === undefined ? {} : { token }) });
  } catch (error) {
    if (!(error instanceof BindRefusedError) || error.problem !== "token-missing") throw error;
    throw new SwitchboardError(
      "USAGE",
      `Refusing to listen on ${bindHost}: a non-loopback address needs a bearer token (--token or SWITCHBOARD_TOKEN); anyone who can reach it could call every tool`,
      { cause: error },
    );
  }
}
