/**
 * The gateway over stdio: one client on the process's stdin/stdout (how Claude Desktop and VS Code start a
 * server). Resolves `closed` when the client hangs up, so the caller can shut the upstream servers down.
 */
import type { Readable, Writable } from "node:stream";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Gateway } from "./gateway.js";
import { GatewayStdioTransport, type GatewayStdioTransportOptions } from "./stdio-transport.js";

/** A gateway serving one client over stdin and stdout. */
export interface StdioGateway {
  /** Settles when stdin ends (the client went away) or `close()` was called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** Where the client is, and the limits on what it sends (see stdio-input.ts for how refusals are answered). */
export interface StdioGatewayOptions extends GatewayStdioTransportOptions {
  stdin?: Readable;
  stdout?: Writable;
}

/**
 * Serves a `Gateway` to one client over stdio (the process's own by default), as an MCP server a desktop
 * client starts.
 */
export function serveGatewayStdio(gateway: Gateway, options: StdioGatewayOptions = {}): StdioGateway {
  const { stdin: givenStdin, stdout: givenStdout, ...limits } = options;
  const stdin = givenStdin ?? process.stdin;
  const stdout = givenStdout ?? process.stdout;
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  stdin.once("end", () => finish());
  stdin.once("close", () => finish());
  const handle = serveStdio(() => gateway.createServer(), {
    transport: new GatewayStdioTransport(stdin, stdout, limits),
  });
  return {
    closed,
    async close() {
      await handle.close();
      finish();
    },
  };
}
