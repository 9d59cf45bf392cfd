/**
 * The gateway over stdio: one client on the process's stdin/stdout (how Claude Desktop and VS Code start a
 * server). Resolves `closed` when the client hangs up, so the caller can shut the upstream servers down.
 */
import type { Readable, Writable } from "node:stream";
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Gateway } from "./gateway.js";

export interface StdioGateway {
  /** Settles when stdin ends (the client went away) or `close()` was called. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

export function serveGatewayStdio(
  gateway: Gateway,
  streams: { stdin?: Readable; stdout?: Writable } = {},
): StdioGateway {
  const stdin = streams.stdin ?? process.stdin;
  const stdout = streams.stdout ?? process.stdout;
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  stdin.once("end", () => finish());
  stdin.once("close", () => finish());
  const handle = serveStdio(() => gateway.createServer(), {
    transport: new StdioServerTransport(stdin, stdout),
  });
  return {
    closed,
    async close() {
      await handle.close();
      finish();
    },
  };
}
