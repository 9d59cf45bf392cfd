/**
 * MCP tasks (protocol revision 2025-11-25, experimental) through `connectHost` and `host.callTool`, against a real
 * stdio server that runs its tools as tasks (test/fixtures/task-server.ts, on the SDK's low-level `Server`): the
 * caller sees an ordinary tool result; a failed task is an `isError` result; an abort or the call's time limit
 * sends `tasks/cancel`; a required task tool on a server without tasks is answered at once.
 */
import {
  type Client,
  Client as McpClient,
  type Progress,
  StreamableHTTPClientTransport,
  specTypeSchemas,
} from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { ToolCallError } from "../../src/connect/call-errors.js";
import type { CallProgress } from "../../src/connect/types.js";
import { fixtureServer, httpServer, npmStdioServer } from "../fixtures/fixture-command.js";
import {
  configWith,
  httpClient,
  type RunningGateway,
  startHttpGateway,
  textOf as textGateway,
} from "./gateway-harness.js";
import { configOf } from "./helpers.js";

interface TaskStats {
  created: Array<{ tool: string; ttl: number | null }>;
  plain: string[];
  gets: Record<string, number[]>;
  results: number;
  cancelled: string[];
}

function textOf(result: { content: unknown }): string {
  const [first] = result.content as Array<{ type: string; text?: string }>;
  return first?.text ?? "";
}

describe("tools that run as tasks", () => {
  let host: Host;
  const stats = async (server = "tasks") =>
    JSON.parse(textOf(await host.callTool(server, "stats", {}))) as TaskStats;
  /** The server hears of a cancel after the call is answered; poll until it has. */
  const statsWhen = async (ready: (value: TaskStats) => boolean): Promise<TaskStats> => {
    const deadline = performance.now() + 3_000;
    for (;;) {
      const value = await stats();
      if (ready(value) || performance.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    host = await connectHost(
      configOf(
        fixtureServer("task-server", { name: "tasks", timeoutMs: 5_000 }),
        fixtureServer("task-server", { name: "plain", env: { TASKS_CAPABILITY: "off" } }),
      ),
    );
  });
  afterAll(async () => {
    await host?.close();
  });

  it("a required task tool is created, polled until done, and answered with its ordinary result", async () => {
    const progress: CallProgress[] = [];
    const off = host.pool.get("tasks")?.on("progress", (event) => progress.push(event));
    const result = await host.callTool("tasks", "report", { text: "quarterly", polls: 3 });
    off?.();
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toBe("report: quarterly");
    expect(result.structuredContent).toEqual({ text: "quarterly" });
    // No task vocabulary leaks into what the model reads.
    expect(result).not.toHaveProperty("task");
    const seen = await stats();
    expect(seen.created.at(-1)).toEqual({ tool: "report", ttl: 5_000 });
    const taskId = Object.keys(seen.gets).at(-1) ?? "";
    // Three working polls and the one that found it done.
    expect(seen.gets[taskId]).toHaveLength(4);
    // The server's status messages, as progress, in order and numbered upwards.
    expect(progress.map((event) => event.message)).toEqual([
      "task working: step 0 of 3",
      "task working: step 1 of 3",
      "task working: step 2 of 3",
      "task working: step 3 of 3",
      "task completed: done",
    ]);
    expect(progress.map((event) => event.progress)).toEqual([1, 2, 3, 4, 5]);
  });

  it("polls no faster than 50 ms, whatever interval the server suggests", async () => {
    await host.callTool("tasks", "report", { text: "fast", polls: 3, pollInterval: 0 });
    const seen = await stats();
    const times = seen.gets[Object.keys(seen.gets).at(-1) ?? ""] ?? [];
    expect(times).toHaveLength(4);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(45);
    }
  });

  it("an optional task tool runs as a task where the server offers tasks, and plainly where it does not", async () => {
    const before = (await stats()).created.length;
    expect(textOf(await host.callTool("tasks", "echo", { text: "hi" }))).toBe("echo: hi");
    expect((await stats()).created.slice(before)).toEqual([{ tool: "echo", ttl: 5_000 }]);
    expect(textOf(await host.callTool("plain", "echo", { text: "hi" }))).toBe("echo: hi");
    const plain = await stats("plain");
    expect(plain.created).toEqual([]);
    expect(plain.plain).toContain("echo");
  });

  it("a failed task is an isError result: the tool's own, or the server's status message escaped and cut", async () => {
    const own = await host.callTool("tasks", "fail", { via: "result" });
    expect(own.isError).toBe(true);
    expect(textOf(own)).toBe("fail: the tool broke");

    const crashed = await host.callTool("tasks", "fail", { via: "error" });
    expect(crashed.isError).toBe(true);
    const message = textOf(crashed);
    expect(message).toMatch(/^The task failed: disk full\\u0007\\u001b\[31m x+…; the tool crashed$/);
    expect([...message].some((c) => (c.codePointAt(0) ?? 0) < 0x20)).toBe(false);
    expect(message.length).toBeLessThan(700);
  });

  it("an output that breaks the tool's output schema fails the call as an ordinary call's would", async () => {
    const error = await host
      .callTool("tasks", "report", { text: "x", polls: 0, badOutput: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({ reason: "protocol" });
    expect((error as Error).message).toContain("Structured content does not match the tool's output schema");
  });

  it("an aborted task call rejects as aborted, and the server is sent tasks/cancel", async () => {
    const controller = new AbortController();
    const call = host.callTool("tasks", "hang", {}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user pressed stop")), 150);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({ reason: "aborted" });
    const seen = await statsWhen((value) => value.cancelled.length >= 1);
    expect(seen.cancelled).toHaveLength(1);
  });

  it("the call's time limit covers the whole task, polls included; tasks/cancel follows", async () => {
    const started = performance.now();
    const before = (await stats()).cancelled.length;
    const error = await host.callTool("tasks", "hang", {}, { timeoutMs: 400 }).catch((e: unknown) => e);
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({ reason: "timeout" });
    expect((error as Error).message).toContain("timed out after 400 ms");
    expect((error as Error).message).toContain("tasks/cancel");
    expect(took).toBeGreaterThanOrEqual(380);
    expect(took).toBeLessThan(2_000);
    const seen = await statsWhen((value) => value.cancelled.length > before);
    expect(seen.cancelled.length).toBe(before + 1);
  });

  it("a required task tool on a server without tasks is answered at once, and never sent", async () => {
    const started = performance.now();
    const result = await host.callTool("plain", "report", { text: "x" });
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('must run as a task (execution.taskSupport "required")');
    const plain = await stats("plain");
    expect(plain.plain).not.toContain("report");
    expect(plain.created).toEqual([]);
  });
});

describe("a task tool of a server built on another SDK (server-everything, on @modelcontextprotocol/sdk 1.x)", () => {
  let host: Host;
  beforeAll(async () => {
    host = await connectHost(configOf(npmStdioServer("everything", ["stdio"], { timeoutMs: 20_000 })));
  });
  afterAll(async () => {
    await host?.close();
  });

  it("simulate-research-query (taskSupport required) answers with its report, its stages surfaced as progress", async () => {
    const progress: CallProgress[] = [];
    const errors: Error[] = [];
    const connection = host.pool.get("everything");
    const offProgress = connection?.on("progress", (event) => progress.push(event));
    const offError = connection?.on("error", (error) => errors.push(error));
    const result = await host.callTool("everything", "simulate-research-query", { topic: "tides" });
    offProgress?.();
    offError?.();
    // Its notifications/tasks/status (unused: the host polls) raise nothing.
    expect(errors).toEqual([]);
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toContain("# Research Report: tides");
    // Its tasks/result names the task in _meta; the call's result does not.
    expect(JSON.stringify(result)).not.toContain("related-task");
    const messages = progress.map((event) => event.message);
    expect(messages).toContain("task working: Gathering sources...");
    expect(messages.at(-1)).toMatch(/^task completed/);
  }, 30_000);
});

describe("a task that needs input (server-everything's ambiguous research query)", () => {
  let host: Host;
  const asked: string[] = [];
  beforeAll(async () => {
    host = await connectHost(configOf(npmStdioServer("everything", ["stdio"], { timeoutMs: 20_000 })), {
      features: {
        elicitation: {
          handle: async (params) => {
            asked.push(params.message);
            return { action: "accept", content: { interpretation: "historical" } };
          },
        },
      },
    });
  });
  afterAll(async () => {
    await host?.close();
  });

  it("goes input_required, the server's elicitation reaches the handler through tasks/result, and it completes", async () => {
    const progress: CallProgress[] = [];
    const off = host.pool.get("everything")?.on("progress", (event) => progress.push(event));
    const result = await host.callTool("everything", "simulate-research-query", {
      topic: "tides",
      ambiguous: true,
    });
    off?.();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("tides");
    expect(textOf(result)).toContain("# Research Report: tides (historical)");
    expect(progress.some((event) => event.message?.startsWith("task input_required"))).toBe(true);
  }, 30_000);
});

describe("task tools through the gateway", () => {
  let running: RunningGateway;
  let client: Client;
  const upstreamStats = async (): Promise<TaskStats> =>
    JSON.parse(textGateway(await client.callTool({ name: "tasks__stats", arguments: {} }))) as TaskStats;
  beforeAll(async () => {
    running = await startHttpGateway(configWith([fixtureServer("task-server", { name: "tasks" })]));
    client = await httpClient(running.http.url);
  });
  afterAll(async () => {
    await client?.close();
    await running?.close();
  });

  it("lists them as optional task tools, and a client that uses no tasks gets the final result, status as progress", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("tasks__report")?.execution).toEqual({ taskSupport: "optional" });
    expect(byName.get("tasks__echo")?.execution).toEqual({ taskSupport: "optional" });
    expect(byName.get("tasks__stats")).not.toHaveProperty("execution");
    expect(client.getServerCapabilities()?.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: "tasks__report", arguments: { text: "via gateway", polls: 2 } },
      { onprogress: (event) => progress.push(event) },
    );
    expect(result.isError).not.toBe(true);
    expect(textGateway(result)).toBe("report: via gateway");
    // The upstream task's status messages reach the downstream client as its call's progress.
    expect(progress.map((event) => event.message)).toEqual([
      "task working: step 0 of 2",
      "task working: step 1 of 2",
      "task working: step 2 of 2",
      "task completed: done",
    ]);
    const failed = await client.callTool({ name: "tasks__fail", arguments: { via: "error" } });
    expect(failed.isError).toBe(true);
    expect(textGateway(failed)).toContain("The task failed: disk full");
  });

  it("a downstream client's abort of a plain call cancels the upstream task", async () => {
    const before = (await upstreamStats()).cancelled.length;
    const controller = new AbortController();
    const call = client.callTool({ name: "tasks__hang", arguments: {} }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("closed the chat")), 200);
    await expect(call).rejects.toThrow();
    await until(async () => (await upstreamStats()).cancelled.length > before);
  });

  it("serves a downstream client's own tasks: created, polled with tasks/get, answered by tasks/result", async () => {
    const created = await client.request(
      {
        method: "tools/call",
        params: {
          name: "tasks__report",
          arguments: { text: "task of tasks", polls: 1 },
          task: { ttl: 60_000 },
        },
      },
      specTypeSchemas.CreateTaskResult,
    );
    const { taskId } = created.task;
    expect(created.task).toMatchObject({ status: "working", ttl: 60_000, pollInterval: 500 });
    const statuses: string[] = [];
    for (let polls = 0; polls < 100; polls += 1) {
      const task = await client.request(
        { method: "tasks/get", params: { taskId } },
        specTypeSchemas.GetTaskResult,
      );
      statuses.push(task.status);
      if (task.status !== "working") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statuses.at(-1)).toBe("completed");
    const result = await client.request(
      { method: "tasks/result", params: { taskId } },
      specTypeSchemas.CallToolResult,
    );
    expect(textGateway(result)).toBe("report: task of tasks");
    expect(result.structuredContent).toEqual({ text: "task of tasks" });
    // A finished task cannot be cancelled; an unknown one is an error.
    await expect(
      client.request({ method: "tasks/cancel", params: { taskId } }, specTypeSchemas.CancelTaskResult),
    ).rejects.toThrow(/already completed/);
    await expect(
      client.request({ method: "tasks/get", params: { taskId: "nope" } }, specTypeSchemas.GetTaskResult),
    ).rejects.toThrow(/No task nope/);
  });

  it("tasks/cancel of a downstream task cancels the upstream task", async () => {
    const before = (await upstreamStats()).cancelled.length;
    const created = await client.request(
      { method: "tools/call", params: { name: "tasks__hang", arguments: {}, task: {} } },
      specTypeSchemas.CreateTaskResult,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    const cancelled = await client.request(
      { method: "tasks/cancel", params: { taskId: created.task.taskId } },
      specTypeSchemas.CancelTaskResult,
    );
    expect(cancelled.status).toBe("cancelled");
    await until(async () => (await upstreamStats()).cancelled.length > before);
  });

  it("refuses a task for a tool that does not run as one", async () => {
    await expect(
      client.request(
        { method: "tools/call", params: { name: "tasks__stats", arguments: {}, task: {} } },
        specTypeSchemas.CreateTaskResult,
      ),
    ).rejects.toThrow(/does not run as a task/);
  });

  it("offers no tasks to a 2026-07-28 client (that revision has none), which calls the tool plainly", async () => {
    const modern = new McpClient(
      { name: "modern", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await modern.connect(new StreamableHTTPClientTransport(new URL(running.http.url)));
    try {
      expect(modern.getProtocolEra()).toBe("modern");
      expect(modern.getServerCapabilities()).not.toHaveProperty("tasks");
      const report = (await modern.listTools()).tools.find((tool) => tool.name === "tasks__report");
      expect(report).toBeDefined();
      expect(report).not.toHaveProperty("execution");
      const result = await modern.callTool({
        name: "tasks__report",
        arguments: { text: "modern", polls: 1 },
      });
      expect(textGateway(result)).toBe("report: modern");
    } finally {
      await modern.close();
    }
  });

  it("a host connected to the gateway runs the tool as a gateway task, which runs it as an upstream task", async () => {
    const host = await connectHost(configOf(httpServer("gateway", running.http.url)));
    try {
      const before = (await upstreamStats()).created.length;
      const progress: CallProgress[] = [];
      const off = host.pool.get("gateway")?.on("progress", (event) => progress.push(event));
      const result = await host.callTool("gateway", "tasks__report", { text: "both ways", polls: 1 });
      off?.();
      expect(textOf(result)).toBe("report: both ways");
      expect((await upstreamStats()).created.slice(before)).toEqual([{ tool: "report", ttl: 10_000 }]);
      // The upstream's status message, relayed as the gateway task's own (the gateway suggests polls every 500 ms,
      // so the host sees the first status, the last, and perhaps some between).
      expect(progress.at(0)?.message).toBe("task working");
      expect(progress.at(-1)?.message).toBe("task completed: done");
    } finally {
      await host.close();
    }
  });
});

/** Polls an async condition every 20 ms for up to 3 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 3_000;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error("condition not met within 3 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
