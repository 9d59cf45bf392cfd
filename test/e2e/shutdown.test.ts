/**
 * Shutdown leaves nothing behind: graceful close via stdin EOF, SIGTERM/SIGKILL escalation for a server that
 * ignores both, the whole process group of a server behind a wrapper, close() while a connect or a restart is
 * still under way, and every server of a process that exits without closing them.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ChildExit } from "../../src/connect/child-process-transport.js";
import { ConnectionPool } from "../../src/connect/connection-pool.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
import {
  compileFixture,
  fixtureServer,
  loggedPids,
  npmStdioServer,
  wrappedStubborn,
} from "../fixtures/fixture-command.js";
import { childPids, configOf, isAlive, waitFor } from "./helpers.js";
import { repoRoot } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "switchboard-shutdown-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("closing", () => {
  it("closes a pool gracefully: every child exits on stdin EOF and none remains", async () => {
    const pool = await ConnectionPool.connect(
      configOf(
        fixtureServer("paging-server"),
        fixtureServer("changing-server"),
        npmStdioServer("memory", [], { env: { MEMORY_FILE_PATH: join(scratch, "memory.jsonl") } }),
      ),
      { closeGraceMs: 5_000 },
    );
    const pids = pool.connections.map((connection) => connection.pid);
    expect(pids.every((pid) => pid !== undefined && isAlive(pid))).toBe(true);
    expect(childPids().sort()).toEqual([...pids].sort());
    const exits: ChildExit[] = [];
    for (const connection of pool.connections) connection.on("exit", (exit) => exits.push(exit));
    const started = performance.now();
    await pool.closeAll();
    // Well under the 5 s grace: they left on their own when stdin closed, no signal needed.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(exits).toHaveLength(3);
    for (const exit of exits) expect(exit.signal).toBeNull();
    expect(pids.some((pid) => pid !== undefined && isAlive(pid))).toBe(false);
    expect(childPids()).toEqual([]);
    expect(pool.statuses().map((status) => status.state)).toEqual(["closed", "closed", "closed"]);
  });

  it("escalates to SIGTERM then SIGKILL and resolves only after the child has exited", async () => {
    const connection = new ServerConnection(fixtureServer("stubborn"), {
      closeGraceMs: 200,
      killGraceMs: 300,
    });
    await connection.start();
    const pid = connection.pid!;
    const exited = connection.once("exit");
    const started = performance.now();
    await connection.close();
    const elapsed = performance.now() - started;
    expect(isAlive(pid)).toBe(false);
    const [exit] = await exited;
    expect(exit).toEqual({ code: null, signal: "SIGKILL" });
    expect(elapsed).toBeGreaterThanOrEqual(480);
    expect(connection.stderrTail()).toContain("ignoring SIGTERM");
    expect(childPids()).toEqual([]);
  });

  it("close() during a connect cancels it and kills the half-started child", async () => {
    const connection = new ServerConnection(fixtureServer("never-initialize", { connectTimeoutMs: 30_000 }));
    const starting = connection.start().catch((error: unknown) => error);
    await waitFor(() => childPids().length === 1, 5_000, "the spawn");
    const [pid] = childPids();
    const started = performance.now();
    await connection.close();
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await starting).toMatchObject({ code: "CONNECTION_FAILED" });
    expect(connection.state).toBe("closed");
    expect(pid !== undefined && isAlive(pid)).toBe(false);
    expect(childPids()).toEqual([]);
  });

  it("a connect that fails after the spawn (initialize never answered) ends the server's whole group", async () => {
    const log = join(scratch, "hang-start.log");
    const connection = new ServerConnection(
      { ...fixtureServer("stubborn", wrappedStubborn(log, { hangStart: true })), connectTimeoutMs: 2_000 },
      { killGraceMs: 200, restart: { maxAttempts: 0 } },
    );
    await expect(connection.start()).rejects.toMatchObject({ code: "CONNECTION_FAILED" });
    const pids = loggedPids(log);
    expect(pids).toHaveLength(2);
    // Before close(): the failed attempt itself killed the wrapper and the server that ignores SIGTERM.
    expect(pids.filter(isAlive)).toEqual([]);
    await connection.close();
  });

  it("close() during a restart backoff cancels the restart", async () => {
    const connection = new ServerConnection(fixtureServer("crash-mid-call"), {
      restart: { initialDelayMs: 10_000, maxDelayMs: 10_000, maxAttempts: 5 },
    });
    await connection.start();
    await connection.callTool("crash", {}).catch(() => undefined);
    expect(connection.state).toBe("restarting");
    const started = performance.now();
    await connection.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(connection.state).toBe("closed");
    expect(childPids()).toEqual([]);
  });

  it("is idempotent, and a call after close fails with CONNECTION_CLOSED", async () => {
    const connection = new ServerConnection(fixtureServer("paging-server"));
    await connection.start();
    await Promise.all([connection.close(), connection.close()]);
    await expect(connection.callTool("tool_0", {})).rejects.toMatchObject({
      code: "CONNECTION_CLOSED",
      message: 'Server "paging-server" was closed by the host; cannot tools/call "tool_0"',
    });
  });

  it("ends a server behind a wrapper with its grandchildren: the signals go to its process group", async () => {
    const log = join(scratch, "wrapped.log");
    const connection = new ServerConnection(fixtureServer("stubborn", wrappedStubborn(log)), {
      closeGraceMs: 200,
      killGraceMs: 300,
    });
    await connection.start();
    expect(await connection.callTool("ping", {})).toMatchObject({ content: [{ text: "pong" }] });
    const pids = loggedPids(log);
    expect(pids).toHaveLength(2); // sh, and the server it started
    await connection.close();
    // The shell dies on SIGTERM; the server ignores it and must get the SIGKILL even so.
    expect(pids.filter(isAlive)).toEqual([]);
    expect(connection.stderrTail()).toContain("ignoring SIGTERM");
  });

  it("a clean exit on EOF still ends what the server left running in its group", async () => {
    const log = join(scratch, "leftover.log");
    const stubborn = compileFixture("stubborn");
    const paging = fixtureServer("paging-server");
    // The server starts a helper that ignores everything, then exits by itself when stdin closes.
    const script = `STUBBORN_HANG_START=1 ${JSON.stringify(process.execPath)} ${JSON.stringify(stubborn)} </dev/null >/dev/null 2>&1 & exec ${[paging.command, ...paging.args].map((part) => JSON.stringify(part)).join(" ")}`;
    const connection = new ServerConnection(
      { ...paging, command: "/bin/sh", args: ["-c", script], env: { STUBBORN_LOG: log } },
      { closeGraceMs: 200, killGraceMs: 300 },
    );
    await connection.start();
    await waitFor(() => loggedPids(log).length === 1, 5_000, "the helper's pid");
    const [helper] = loggedPids(log);
    const exited = connection.once("exit");
    await connection.close();
    expect(await exited).toEqual([{ code: 0, signal: null }]);
    expect(helper !== undefined && isAlive(helper)).toBe(false);
  });

  it.each([
    ["process.exit()", "process.exit(0)"],
    ["an uncaught exception", "throw new Error('boom')"],
  ])("a process that ends by %s without closing leaves no server running", async (_name, ending) => {
    const log = join(scratch, `ending-${ending.length}.log`);
    const server = { ...fixtureServer("stubborn", wrappedStubborn(log)) };
    const script = `import { ServerConnection } from ${JSON.stringify(join(repoRoot, "dist/index.js"))};
const connection = new ServerConnection(${JSON.stringify(server)});
await connection.start();
${ending};`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "ignore" });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(ending.startsWith("throw") ? 1 : 0);
    const pids = loggedPids(log);
    expect(pids).toHaveLength(2);
    await waitFor(() => pids.every((pid) => !isAlive(pid)), 5_000, "the servers' exit");
  });
});
