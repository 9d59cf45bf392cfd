/** Shared helpers for end-to-end tests: process trees from /proc, free ports, HTTP servers under test. */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, connect as netConnect } from "node:net";
import type { ServerConfig, SwitchboardConfig } from "../../src/config/types.js";
import { npmServerScript } from "../fixtures/fixture-command.js";

/** Pids whose parent is `parent`, read from /proc (Linux). */
export function childPids(parent: number = process.pid): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = /^PPid:\s+(\d+)$/m.exec(status)?.[1];
      const state = /^State:\s+(\S)/m.exec(status)?.[1];
      // A zombie has exited; it is only waiting to be reaped.
      if (ppid === String(parent) && state !== "Z") children.push(Number(entry));
    } catch {
      // The process ended while we were reading.
    }
  }
  return children;
}

export function isAlive(pid: number): boolean {
  try {
    const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return state !== undefined && state !== "Z";
  } catch {
    return false;
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

export async function waitFor(
  predicate: () => boolean,
  timeoutMs = 10_000,
  what = "condition",
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!predicate()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface RunningHttpServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts server-everything over `streamableHttp` or `sse` on a free loopback port; resolves once it listens. */
export async function startEverythingHttp(mode: "streamableHttp" | "sse"): Promise<RunningHttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [npmServerScript("everything"), mode], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "ignore", "ignore"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = performance.now() + 15_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || performance.now() > deadline)
      throw new Error(`server-everything ${mode} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}/${mode === "sse" ? "sse" : "mcp"}`,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

export function configOf(...servers: ServerConfig[]): SwitchboardConfig {
  return {
    file: "<inline>",
    servers: Object.fromEntries(servers.map((server) => [server.name, server])),
    agents: {},
  };
}
