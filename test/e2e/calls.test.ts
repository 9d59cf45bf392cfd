/**
 * Tool calls against real processes: the call timeout (with notifications/cancelled reaching the server), caller
 * aborts, the per-server FIFO concurrency limit, and the minimal child environment.
 */

import { getEventListeners } from "node:events";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolCallError } from "../../src/connect/call-errors.js";
import { inheritedEnvKeys } from "../../src/connect/child-env.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
import type { CallProgress } from "../../src/connect/types.js";
import { fixtureServer, npmStdioServer } from "../fixtures/fixture-command.js";
import { waitFor } from "./helpers.js";

function textOf(result: { content: unknown }): string {
  const [first] = result.content as Array<{ type: string; text?: string }>;
  return first?.text ?? "";
}

interface SlowStats {
  startOrder: string[];
  cancelled: number;
  completed: number;
  maxRunning: number;
}

describe("calls on a slow server", () => {
  let slow: ServerConnection;
  const stats = async () => JSON.parse(textOf(await slow.callTool("stats", {}))) as SlowStats;
  /** The server handles a cancellation asynchronously; poll its stats until they show it. */
  const statsWhen = async (ready: (value: SlowStats) => boolean): Promise<SlowStats> => {
    const deadline = performance.now() + 2_000;
    for (;;) {
      const value = await stats();
      if (ready(value) || performance.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    slow = new ServerConnection(fixtureServer("slow", { maxConcurrentCalls: 2, timeoutMs: 5_000 }));
    await slow.start();
  });
  afterAll(async () => {
    await slow?.close();
  });

  it("times out with an error naming the limit, and the server sees notifications/cancelled", async () => {
    const started = performance.now();
    const error = await slow
      .callTool("sleep", { ms: 10_000, id: "too-slow" }, { timeoutMs: 300 })
      .catch((e) => e);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({
      code: "TOOL_CALL_FAILED",
      reason: "timeout",
      server: "slow",
      tool: "sleep",
    });
    expect(error.message).toContain("timed out after 300 ms");
    const after = await statsWhen((value) => value.cancelled >= 1);
    expect(after.cancelled).toBe(1);
    expect(after.completed).toBe(0);
  });

  it("an aborted call rejects as aborted and is cancelled on the server", async () => {
    const controller = new AbortController();
    const call = slow.callTool("sleep", { ms: 10_000, id: "aborted" }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user pressed stop")), 100);
    const error = await call.catch((e) => e);
    expect(error).toMatchObject({ code: "TOOL_CALL_FAILED", reason: "aborted" });
    expect((await statsWhen((value) => value.cancelled >= 2)).cancelled).toBe(2);
  });

  it("a caller's signal: already aborted fails at once; a long-lived one keeps no listener after its calls", async () => {
    const aborted = AbortSignal.abort(new Error("stopped before starting"));
    const error = await slow.callTool("sleep", { ms: 10, id: "never" }, { signal: aborted }).catch((e) => e);
    expect(error).toMatchObject({ code: "TOOL_CALL_FAILED", reason: "aborted" });
    const session = new AbortController();
    const results = await Promise.all(
      [1, 2, 3].map((n) => slow.callTool("sleep", { ms: 5, id: `s${n}` }, { signal: session.signal })),
    );
    expect(results.map(textOf)).toEqual(["slept 5", "slept 5", "slept 5"]);
    expect(getEventListeners(session.signal, "abort")).toHaveLength(0);
    expect((await stats()).startOrder).not.toContain("never");
  });

  it("runs at most maxConcurrentCalls at once and starts queued calls in FIFO order", async () => {
    const ids = ["q1", "q2", "q3", "q4", "q5"];
    const calls = ids.map((id) => slow.callTool("sleep", { ms: 150, id }));
    await waitFor(() => slow.load.waiting === 3, 2_000, "three queued calls");
    expect(slow.load.active).toBe(2);
    const results = await Promise.all(calls);
    expect(results.map(textOf)).toEqual(ids.map(() => "slept 150"));
    const after = await stats();
    expect(after.startOrder.slice(-5)).toEqual(ids);
    expect(after.maxRunning).toBe(2);
  });

  it("the timeout covers time spent waiting in the queue", async () => {
    // Blockers hold both slots for 1.2 s: a timeout that ignored the queue could not fire before they finish, so
    // well under 1.2 s proves the wait counted (with a margin a busy machine cannot eat).
    const blockers = [1, 2].map((n) => slow.callTool("sleep", { ms: 1_200, id: `block${n}` }));
    const started = performance.now();
    const error = await slow.callTool("sleep", { ms: 10, id: "starved" }, { timeoutMs: 200 }).catch((e) => e);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ reason: "timeout" });
    await Promise.all(blockers);
    expect((await stats()).startOrder).not.toContain("starved");
  });

  it("an unknown tool is a protocol failure, not a crash", async () => {
    const error = await slow.callTool("no_such_tool", {}).catch((e) => e);
    expect(error).toMatchObject({ code: "TOOL_CALL_FAILED", reason: "protocol" });
    expect(error.message).toContain("Unknown tool: no_such_tool");
    expect(slow.state).toBe("ready");
  });
});

describe("progress without client features (the SDK's own timer is the deadline)", () => {
  it("each progress notification restarts the timeout and is emitted; silence still times out", async () => {
    const everything = new ServerConnection(npmStdioServer("everything", ["stdio"], { timeoutMs: 800 }));
    await everything.start();
    try {
      const progress: CallProgress[] = [];
      everything.on("progress", (event) => progress.push(event));
      const heard: number[] = [];
      // 4 steps of 0.3 s against a 0.8 s limit: only progress keeps the call alive.
      const started = performance.now();
      const result = await everything.callTool(
        "trigger-long-running-operation",
        { duration: 1.2, steps: 4 },
        { onprogress: (event) => heard.push(event.progress) },
      );
      expect(performance.now() - started).toBeGreaterThan(800);
      expect(JSON.stringify(result.content)).toContain("Long running operation completed");
      expect(heard).toEqual(expect.arrayContaining([1, 2, 3]));
      expect(progress.map((event) => event.progress)).toEqual(heard);
      // One step of 1.2 s: no progress before the limit.
      const error = await everything
        .callTool("trigger-long-running-operation", { duration: 1.2, steps: 1 })
        .catch((e) => e);
      expect(error).toMatchObject({ code: "TOOL_CALL_FAILED", reason: "timeout" });
      expect(error.message).toContain("timed out after 800 ms");
    } finally {
      await everything.close();
    }
  });
});

describe("the child environment", () => {
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), "switchboard-cwd-")));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it("gets only the safe inherited set plus the configured env, and the configured cwd", async () => {
    const connection = new ServerConnection(
      fixtureServer("env-report", { env: { SWITCHBOARD_FIXTURE_VALUE: "configured-value-42" }, cwd }),
      {
        parentEnv: {
          ...process.env,
          OPENAI_API_KEY: "sk-must-not-leak",
          SECRET_IN_PARENT: "nope",
        },
      },
    );
    try {
      await connection.start();
      const report = JSON.parse(textOf(await connection.callTool("env", {}))) as {
        keys: string[];
        configured: string | null;
      };
      expect(report.configured).toBe("configured-value-42");
      const allowed = new Set([...inheritedEnvKeys, "SWITCHBOARD_FIXTURE_VALUE"]);
      const unexpected = report.keys.filter((key) => !allowed.has(key));
      expect(unexpected).toEqual([]);
      expect(report.keys).not.toContain("OPENAI_API_KEY");
      expect(report.keys).not.toContain("SECRET_IN_PARENT");
      expect(report.keys).toContain("PATH");
      expect(textOf(await connection.callTool("cwd", {}))).toBe(cwd);
    } finally {
      await connection.close();
    }
  });

  it("redacts configured env values from stderr lines and the stderr tail", async () => {
    const connection = new ServerConnection(
      fixtureServer("env-report", { env: { SWITCHBOARD_FIXTURE_VALUE: "hunter2-secret" } }),
    );
    const lines: string[] = [];
    connection.on("stderr", (line) => lines.push(line));
    try {
      await connection.start();
      await connection.callTool("leak_secret", {});
      await waitFor(() => lines.some((line) => line.includes("token is")), 2_000, "the stderr line");
      expect(lines.join("\n")).not.toContain("hunter2-secret");
      expect(lines.join("\n")).toContain("token is [redacted]");
      expect(connection.stderrTail()).toContain("token is [redacted]");
      expect(connection.stderrTail()).not.toContain("hunter2-secret");
    } finally {
      await connection.close();
    }
  });
});
