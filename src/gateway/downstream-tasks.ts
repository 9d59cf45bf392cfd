/**
 * The gateway as a task receiver (MCP 2025-11-25, experimental Tasks): a downstream client's task-augmented
 * `tools/call` becomes a task of the gateway's own, run as an ordinary gateway call (which runs an upstream task
 * where the upstream tool is one), and served through `tasks/get`, `tasks/result` and `tasks/cancel`.
 *
 * One store per gateway, across its downstream connections (a stateless HTTP gateway has a new one per request):
 * the unguessable task id is what entitles a client to a task, so `tasks/list` is not offered. Bounded: at most
 * `maxTasks` kept at once, each kept for its ttl (clamped) from its creation, then forgotten (and stopped).
 */
import { randomUUID } from "node:crypto";
import type { CallToolResult, Task } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

/** How many tasks, for how long, and the poll interval suggested to clients. */
export interface DownstreamTaskLimits {
  maxTasks: number;
  minTtlMs: number;
  maxTtlMs: number;
  /** When the client asks for none. */
  defaultTtlMs: number;
  pollIntervalMs: number;
}

/** 256 tasks; ttl 1 s .. 1 h, 10 min when none is asked for; poll every 500 ms. */
export const defaultDownstreamTaskLimits: DownstreamTaskLimits = {
  maxTasks: 256,
  minTtlMs: 1_000,
  maxTtlMs: 3_600_000,
  defaultTtlMs: 600_000,
  pollIntervalMs: 500,
};

/** The work of one task: `signal` aborts on `tasks/cancel` or expiry; `onStatus` sets its status message. */
export type TaskWork = (signal: AbortSignal, onStatus: (message: string) => void) => Promise<CallToolResult>;

interface Entry {
  task: Task;
  controller: AbortController;
  settled: Promise<void>;
  result?: CallToolResult;
  error?: unknown;
  expiry: NodeJS.Timeout;
}

/** Longest status message kept (the upstream's, already escaped and cut by the host). */
const maxStatusChars = 600;

/** The gateway's tasks for its downstream clients. */
export class DownstreamTasks {
  readonly #limits: DownstreamTaskLimits;
  readonly #entries = new Map<string, Entry>();

  constructor(limits: Partial<DownstreamTaskLimits> = {}) {
    this.#limits = { ...defaultDownstreamTaskLimits, ...limits };
  }

  /** Starts `work` as a new task and returns it (status `working`). */
  create(work: TaskWork, ttlMs: number | null | undefined): Task {
    if (this.#entries.size >= this.#limits.maxTasks) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `The gateway is already keeping ${this.#limits.maxTasks} tasks; try again when some have expired`,
      );
    }
    const limits = this.#limits;
    const ttl =
      typeof ttlMs === "number" && Number.isFinite(ttlMs)
        ? Math.min(limits.maxTtlMs, Math.max(limits.minTtlMs, ttlMs))
        : limits.defaultTtlMs;
    const now = new Date().toISOString();
    const task: Task = {
      taskId: randomUUID(),
      status: "working",
      ttl,
      createdAt: now,
      lastUpdatedAt: now,
      pollInterval: limits.pollIntervalMs,
    };
    const controller = new AbortController();
    const expiry = setTimeout(() => this.#forget(task.taskId), ttl);
    expiry.unref();
    const entry: Entry = { task, controller, settled: Promise.resolve(), expiry };
    entry.settled = work(controller.signal, (message) => {
      if (isTerminal(task.status)) return;
      task.statusMessage = message.slice(0, maxStatusChars);
      task.lastUpdatedAt = new Date().toISOString();
    }).then(
      (result) => {
        entry.result = result;
        // A tool result with isError is a failed task; its result is still what tasks/result returns.
        this.#settle(entry, result.isError === true ? "failed" : "completed");
      },
      (error: unknown) => {
        entry.error = error;
        this.#settle(entry, "failed", error instanceof Error ? error.message : String(error));
      },
    );
    this.#entries.set(task.taskId, entry);
    return { ...task };
  }

  /** `tasks/get`. */
  get(taskId: string): Task {
    return { ...this.#known(taskId).task };
  }

  /** `tasks/result`: waits for the task to end, then what its call returned (or the error it failed with). */
  async result(taskId: string): Promise<CallToolResult> {
    const entry = this.#known(taskId);
    if (entry.task.status !== "cancelled") await entry.settled;
    if (entry.task.status === "cancelled") {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} was cancelled`);
    }
    if (entry.result !== undefined) return entry.result;
    throw entry.error instanceof ProtocolError
      ? entry.error
      : new ProtocolError(ProtocolErrorCode.InternalError, entry.task.statusMessage ?? "the task failed");
  }

  /** `tasks/cancel`: stops the call (the upstream task is sent `tasks/cancel`); a finished task is an error. */
  cancel(taskId: string): Task {
    const entry = this.#known(taskId);
    if (isTerminal(entry.task.status)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Task ${taskId} is already ${entry.task.status}; it cannot be cancelled`,
      );
    }
    this.#settle(entry, "cancelled", "Cancelled at the client's request");
    entry.controller.abort(new Error("tasks/cancel"));
    return { ...entry.task };
  }

  /** Stops and forgets every task (the gateway is closing). */
  close(): void {
    for (const taskId of [...this.#entries.keys()]) this.#forget(taskId);
  }

  #settle(entry: Entry, status: Task["status"], message?: string): void {
    if (isTerminal(entry.task.status)) return;
    entry.task.status = status;
    if (message !== undefined) entry.task.statusMessage = message.slice(0, maxStatusChars);
    entry.task.lastUpdatedAt = new Date().toISOString();
  }

  #forget(taskId: string): void {
    const entry = this.#entries.get(taskId);
    if (entry === undefined) return;
    clearTimeout(entry.expiry);
    this.#entries.delete(taskId);
    if (!isTerminal(entry.task.status)) entry.controller.abort(new Error("the task expired"));
  }

  #known(taskId: string): Entry {
    const entry = this.#entries.get(taskId);
    if (entry === undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `No task ${taskId.slice(0, 100)} (unknown or expired)`,
      );
    }
    return entry;
  }
}

function isTerminal(status: Task["status"]): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}
