/**
 * Every command stops on SIGINT, SIGTERM and SIGHUP and leaves nothing running, as a user meets it: the built
 * CLI in a child process, its one server a stubborn fixture (ignores stdin EOF, SIGTERM, SIGINT and SIGHUP)
 * started through `sh -c`, so that the MCP server is the CLI's grandchild. Each case sends the signal during
 * start-up (the server never answers `initialize`) or while a call hangs, and checks the exit code and that the
 * CLI, the shell and the server are all gone within 5 s of the exit. The cases run a few at a time: most of each
 * one is the graceful teardown waiting on the stubborn server (stdin EOF, 2 s, SIGTERM, 2 s, SIGKILL).
 */
import { mkdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { loggedPids, stubbornLog, wrappedStubborn } from "../fixtures/fixture-command.js";
import { isAlive, waitFor } from "./helpers.js";
import { type StartedCli, startCli } from "./run-cli.js";

type Signal = "SIGINT" | "SIGTERM" | "SIGHUP";
type Phase = "start-up" | "mid-call";

const signals: readonly Signal[] = ["SIGINT", "SIGTERM", "SIGHUP"];
const exitCodes: Record<Signal, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

let scratch: string;
let emulator: Emulator;

/** The model calls the hanging tool once, then answers. */
function model(view: RequestView): Turn {
  if (view.toolResults.length === 0) return { toolCalls: [{ name: "stubborn__hang", arguments: {} }] };
  return { text: "done" };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "switchboard-cli-shutdown-"));
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(scratch, { recursive: true, force: true });
});

const commandArgs: Record<string, (config: string) => string[]> = {
  run: (config) => ["run", "hang", "--config", config],
  chat: (config) => ["chat", "--config", config],
  inspect: (config) => ["inspect", "--config", config],
  tools: (config) => ["tools", "-p", "anthropic", "--config", config],
  check: (config) => ["check", "--config", config],
  cost: (config) => ["cost", "--config", config],
  pin: (config) => ["pin", "--config", config],
  serve: (config) => ["serve", "--config", config],
};

interface Running extends StartedCli {
  log: string;
  stdoutLines: () => string[];
}

let cases = 0;

/** Starts `switchboard <command>` in a process group of its own (as a shell starts a foreground job). */
async function start(command: string, phase: Phase): Promise<Running> {
  cases += 1;
  const dir = join(scratch, `case-${cases}`);
  mkdirSync(dir);
  const log = join(dir, "pids.log");
  const config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({ mcpServers: { stubborn: wrappedStubborn(log, { hangStart: phase === "start-up" }) } }),
  );
  const started = startCli(commandArgs[command]?.(config) ?? [], {
    cwd: dir,
    anthropicBaseUrl: emulator.baseUrls.anthropic,
    detached: true,
  });
  // The shell and the server it started have written their pids: the server process exists.
  await waitFor(() => loggedPids(log).length === 2, 20_000, `${command}: the server's start`);
  return { ...started, log, stdoutLines: () => started.stdout().split("\n") };
}

/** Brings a call to the hanging tool in flight, the way each command makes calls. */
async function callHang(running: Running, command: string): Promise<void> {
  if (command === "chat") running.child.stdin.write("hang\n");
  if (command === "serve") await callThroughGateway(running);
  await waitFor(
    () => stubbornLog(running.log).includes("call hang"),
    20_000,
    `${command}: the hang call on the server`,
  );
}

/** An MCP client on the gateway's stdin/stdout: initialize, then call the hanging tool. */
async function callThroughGateway(running: Running): Promise<void> {
  const send = (message: object) => running.child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
  });
  await waitFor(() => running.stdoutLines().some((line) => line.includes('"id":1')), 20_000, "initialize");
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  await waitFor(() => running.stdoutLines().some((line) => line.includes('"id":2')), 20_000, "tools/list");
  const listing = running.stdoutLines().find((line) => line.includes('"id":2')) ?? "";
  const name = /"name":"([^"]*hang)"/.exec(listing)?.[1];
  expect(name, listing).toBeDefined();
  send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name, arguments: {} } });
}

/** Waits for the exit (bounded), then for the CLI, the shell and the server to be gone, within 5 s. */
async function finish(running: Running): Promise<number | null> {
  const code = await Promise.race([
    running.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`the CLI did not exit\n${running.stderr()}`)), 30_000),
    ),
  ]).catch((error: unknown) => {
    running.child.kill("SIGKILL");
    throw error;
  });
  const pids = [running.child.pid ?? 0, ...loggedPids(running.log)];
  try {
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 5_000, "every process of the case to be gone");
  } catch (error) {
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
    throw new Error(`still alive 5 s after the exit: ${pids.filter(isAlive).join(", ")}`, { cause: error });
  }
  return code;
}

describe.concurrent("signals stop every command and leave nothing running", () => {
  const startUp = Object.keys(commandArgs).flatMap((command) =>
    signals.map((signal) => [command, signal] as const),
  );
  it.each(startUp)(
    "%s, %s during start-up: exits with its code, servers and wrappers gone",
    async (command, signal) => {
      const running = await start(command, "start-up");
      running.child.kill(signal);
      expect(await finish(running), running.stderr()).toBe(exitCodes[signal]);
    },
    60_000,
  );

  const midCall = ["run", "chat", "serve"].flatMap((command) =>
    signals.map((signal) => [command, signal] as const),
  );
  it.each(midCall)(
    "%s, %s while a call hangs: exits with its code, servers and wrappers gone",
    async (command, signal) => {
      const running = await start(command, "mid-call");
      await callHang(running, command);
      running.child.kill(signal);
      if (command === "chat" && signal === "SIGINT") {
        // In chat, Ctrl-C stops the turn and keeps the conversation; Ctrl-C at the prompt then leaves (exit 0).
        await waitFor(() => running.stderr().includes("interrupted"), 20_000, "the stopped turn");
        running.child.kill("SIGINT");
        expect(await finish(running), running.stderr()).toBe(0);
        return;
      }
      expect(await finish(running), running.stderr()).toBe(exitCodes[signal]);
      if (command === "run") expect(running.stderr()).toContain("interrupted");
    },
    60_000,
  );

  it("the terminal's Ctrl-C (SIGINT to the CLI's process group) stops run mid-call and ends the servers", async () => {
    const running = await start("run", "mid-call");
    await callHang(running, "run");
    // The servers are in groups of their own: the terminal's SIGINT reaches only the CLI, which ends them.
    process.kill(-(running.child.pid ?? 0), "SIGINT");
    expect(await finish(running), running.stderr()).toBe(130);
  }, 60_000);

  it("the terminal's Ctrl-C during start-up stops inspect and ends the servers", async () => {
    const running = await start("inspect", "start-up");
    process.kill(-(running.child.pid ?? 0), "SIGINT");
    expect(await finish(running), running.stderr()).toBe(130);
  }, 60_000);

  it("a second Ctrl-C exits at once: the servers are SIGKILLed, not waited for", async () => {
    const running = await start("run", "mid-call");
    await callHang(running, "run");
    const first = performance.now();
    running.child.kill("SIGINT");
    // The run has stopped and the graceful close has begun (stdin EOF, then 2 s before SIGTERM).
    await waitFor(() => running.stderr().includes("interrupted"), 20_000, "the stopped run");
    running.child.kill("SIGINT");
    expect(await finish(running), running.stderr()).toBe(130);
    // A graceful close of this server takes at least 4 s (EOF, 2 s, SIGTERM ignored, 2 s, SIGKILL).
    expect(performance.now() - first).toBeLessThan(3_500);
  }, 60_000);
});
