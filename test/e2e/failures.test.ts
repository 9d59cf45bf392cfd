/**
 * Isolation and crash handling with real processes: servers that exit on start, never initialize, cannot be
 * spawned, or crash mid-call are reported and handled without disturbing a healthy server in the same pool.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectHost } from "../../src/catalog/host.js";
import type { CatalogChange } from "../../src/catalog/types.js";
import { ConnectionPool } from "../../src/connect/connection-pool.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
import type { ConnectionState } from "../../src/connect/types.js";
import { ConnectionError } from "../../src/errors.js";
import { fixtureServer } from "../fixtures/fixture-command.js";
import { childPids, configOf, isAlive, waitFor } from "./helpers.js";

const scratch = mkdtempSync(join(tmpdir(), "switchboard-failures-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const fastRestart = { initialDelayMs: 20, maxDelayMs: 200, maxAttempts: 3 };

async function rejection(promise: Promise<unknown>): Promise<ConnectionError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectionError);
  return error as ConnectionError;
}

describe("a pool with broken servers", () => {
  it("reports each failure with its reason and stderr tail and keeps the healthy servers working", async () => {
    const pool = new ConnectionPool(
      configOf(
        fixtureServer("paging-server"),
        fixtureServer("exit-on-start"),
        fixtureServer("never-initialize", { connectTimeoutMs: 3_000 }),
        {
          ...fixtureServer("paging-server"),
          name: "missing-binary",
          command: join(scratch, "no-such-server"),
        },
        fixtureServer("crash-mid-call"),
        { ...fixtureServer("paging-server"), name: "switched-off", enabled: false },
      ),
      { restart: fastRestart },
    );
    const settledAt = new Map<string, number>();
    for (const connection of pool.connections) {
      connection.on("state", (state) => {
        if (state === "ready" || state === "failed") settledAt.set(connection.name, performance.now());
      });
    }
    const statuses = await pool.start();
    try {
      const byName = Object.fromEntries(statuses.map((status) => [status.name, status]));
      expect(byName["paging-server"]?.state).toBe("ready");
      expect(byName["crash-mid-call"]?.state).toBe("ready");
      expect(byName["switched-off"]?.state).toBe("disabled");

      expect(byName["exit-on-start"]).toMatchObject({ state: "failed", transport: "stdio" });
      expect(byName["exit-on-start"]?.reason).toBe(
        'Server "exit-on-start" exited with code 1 before it was ready',
      );
      expect(byName["exit-on-start"]?.stderrTail).toContain("DATABASE_URL is not set");

      expect(byName["never-initialize"]?.state).toBe("failed");
      expect(byName["never-initialize"]?.reason).toBe(
        'Server "never-initialize" did not become ready within 3000 ms (connectTimeoutMs)',
      );
      expect(byName["never-initialize"]?.stderrTail).toContain("waiting forever");

      expect(byName["missing-binary"]?.state).toBe("failed");
      expect(byName["missing-binary"]?.reason).toContain("ENOENT");

      // Parallel connects: the healthy servers were ready before the stuck one's timeout expired.
      const stuckAt = settledAt.get("never-initialize") ?? 0;
      expect(settledAt.get("paging-server")).toBeLessThan(stuckAt);
      expect(settledAt.get("crash-mid-call")).toBeLessThan(stuckAt);
      // The failed attempts left no process behind: only the two ready servers are our children.
      const live = [pool.get("paging-server")?.pid, pool.get("crash-mid-call")?.pid].sort();
      expect(childPids().sort()).toEqual(live);

      // A crash on one server does not disturb the other.
      const crash = await rejection(pool.get("crash-mid-call")!.callTool("crash", {}));
      expect(crash.code).toBe("CONNECTION_CLOSED");
      const result = await pool.get("paging-server")!.callTool("tool_3", {});
      expect(result.content).toEqual([{ type: "text", text: "called tool_3" }]);
      expect(pool.get("paging-server")?.state).toBe("ready");
    } finally {
      await pool.closeAll();
    }
    expect(childPids()).toEqual([]);
  });
});

describe("a server that crashes mid-call", () => {
  it("fails the call in flight and the queued one with CONNECTION_CLOSED, then restarts with its catalogue", async () => {
    const connection = new ServerConnection(fixtureServer("crash-mid-call", { maxConcurrentCalls: 1 }), {
      restart: fastRestart,
    });
    const states: ConnectionState[] = [];
    connection.on("state", (state) => states.push(state));
    const exits: Array<number | null> = [];
    connection.on("exit", (exit) => exits.push(exit.code));
    try {
      await connection.start();
      const firstPid = connection.pid;
      const inFlight = rejection(connection.callTool("crash", {}));
      const queued = rejection(connection.callTool("echo", { message: "queued" }));
      const crash = await inFlight;
      expect(crash.code).toBe("CONNECTION_CLOSED");
      expect(crash.server).toBe("crash-mid-call");
      expect(crash.message).toBe(
        'Server "crash-mid-call" exited with code 3 unexpectedly while tools/call "crash" was in flight',
      );
      expect(crash.stderrTail).toContain("about to crash");
      const queuedError = await queued;
      expect(queuedError.code).toBe("CONNECTION_CLOSED");
      expect(queuedError.message).toContain("exited with code 3");
      expect(exits).toEqual([3]);

      // The restart waits out its backoff and a fresh spawn; a call meanwhile fails at once instead of hanging.
      expect(connection.state).toBe("restarting");
      const early = await rejection(connection.callTool("echo", {}));
      expect(early.message).toBe(
        'Server "crash-mid-call" is restarting after an unexpected exit; cannot tools/call "echo"',
      );

      await waitFor(() => connection.state === "ready", 10_000, "the restart");
      expect(states).toEqual(["ready", "restarting", "ready"]);
      expect(connection.restarts).toBe(1);
      expect(connection.pid).not.toBe(firstPid);
      expect(firstPid !== undefined && isAlive(firstPid)).toBe(false);
      expect(connection.listing?.tools.map((tool) => tool.name).sort()).toEqual(["crash", "echo"]);
      const echoed = await connection.callTool("echo", { message: "back again" });
      expect(echoed.content).toEqual([{ type: "text", text: "back again" }]);
    } finally {
      await connection.close();
    }
    expect(childPids()).toEqual([]);
  });

  it("re-lists after the restart and diffs like a list_changed", async () => {
    const counter = join(scratch, "boots-relist");
    const host = await connectHost(
      configOf(fixtureServer("crash-mid-call", { env: { BOOT_COUNTER_FILE: counter } })),
      { restart: fastRestart },
    );
    const changes: CatalogChange[] = [];
    host.catalog.on("change", (change) => changes.push(change));
    try {
      expect(host.catalog.generation).toBe(1);
      const echoBefore = host.catalog.snapshot().tools.find((entry) => entry.tool.name === "echo");
      expect(echoBefore?.tool.description).toBe("Echoes its input (boot 1)");
      await rejection(host.callTool("crash-mid-call", "crash", {}));
      await waitFor(() => changes.length === 1, 10_000, "the post-restart change");
      expect(changes[0]).toMatchObject({
        generation: 2,
        server: "crash-mid-call",
        diff: { tools: { added: [], removed: [], changed: ["echo"] } },
      });
      const echoAfter = host.catalog.snapshot().tools.find((entry) => entry.tool.name === "echo");
      expect(echoAfter?.tool.description).toBe("Echoes its input (boot 2)");
    } finally {
      await host.close();
    }
  });

  it("keeps the generation when the restarted server lists the same catalogue", async () => {
    const host = await connectHost(configOf(fixtureServer("crash-mid-call")), { restart: fastRestart });
    try {
      const before = host.catalog.snapshot();
      await rejection(host.callTool("crash-mid-call", "crash", {}));
      const connection = host.pool.get("crash-mid-call")!;
      await waitFor(() => connection.state === "ready" && connection.restarts === 1, 10_000, "the restart");
      expect(host.catalog.snapshot()).toBe(before);
      expect(host.catalog.generation).toBe(1);
    } finally {
      await host.close();
    }
  });

  it("gives up after maxAttempts restarts, reports why, and leaves the catalogue", async () => {
    const counter = join(scratch, "boots-giveup");
    const host = await connectHost(
      configOf(
        fixtureServer("crash-mid-call", { env: { BOOT_COUNTER_FILE: counter, FAIL_AFTER_FIRST_BOOT: "1" } }),
      ),
      { restart: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 2 } },
    );
    try {
      await rejection(host.callTool("crash-mid-call", "crash", {}));
      const connection = host.pool.get("crash-mid-call")!;
      await waitFor(() => connection.state === "failed", 10_000, "giving up");
      const [status] = host.servers;
      expect(status?.state).toBe("failed");
      expect(status?.reason).toBe(
        'Server "crash-mid-call" could not be restarted after 2 attempts: Server "crash-mid-call" exited with code 1 before it was ready',
      );
      expect(status?.stderrTail).toContain("boot 3 refuses to start");
      expect(host.catalog.snapshot().tools).toEqual([]);
      expect(host.catalog.generation).toBe(2);
      const late = await rejection(host.callTool("crash-mid-call", "echo", {}));
      expect(late.message).toContain("has failed");
    } finally {
      await host.close();
    }
    expect(childPids()).toEqual([]);
  });
});

describe("revival of a failed server", () => {
  it("tries a server that failed at start once per reviveAfterMs, and never when restarts are off", async () => {
    const revived = new ServerConnection(fixtureServer("exit-on-start"), {
      restart: { ...fastRestart, reviveAfterMs: 100 },
    });
    const off = new ServerConnection(fixtureServer("exit-on-start"), {
      restart: { ...fastRestart, maxAttempts: 0, reviveAfterMs: 100 },
    });
    const states: ConnectionState[] = [];
    revived.on("state", (state) => states.push(state));
    let offAttempts = 0;
    off.on("state", (state) => {
      if (state === "restarting") offAttempts += 1;
    });
    try {
      await rejection(revived.start());
      await rejection(off.start());
      // Two revival rounds: failed → restarting → failed, twice, one attempt each (exit-on-start never comes up).
      await waitFor(
        () => states.filter((state) => state === "restarting").length >= 2,
        10_000,
        "two revivals",
      );
      expect(states.slice(0, 4)).toEqual(["failed", "restarting", "failed", "restarting"]);
      expect(revived.state === "failed" || revived.state === "restarting").toBe(true);
      expect(offAttempts).toBe(0);
    } finally {
      await revived.close();
      await off.close();
    }
    // Closed: no revival timer fires any more.
    const closedAt = states.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(states.slice(closedAt)).toEqual([]);
  });
});
