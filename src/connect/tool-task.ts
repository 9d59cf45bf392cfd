/**
 * One `tools/call` run as an MCP task (protocol revision 2025-11-25, experimental): sent task-augmented, polled
 * with `tasks/get` at the server's `pollInterval` (clamped), and answered with what `tasks/result` returns, so
 * the caller sees an ordinary `CallToolResult`. The SDK (2.4.0) parses the task messages of that revision but
 * has no runtime for them; this is that runtime, for tool calls only. `signal` is the call's one clock (its
 * deadline and the caller's abort): when it fires the server is sent `tasks/cancel`, best effort.
 */
import type {
  CallToolResult,
  CreateTaskResult,
  Progress,
  StandardSchemaV1,
  Task,
  TaskStatus,
} from "@modelcontextprotocol/client";
import { RELATED_TASK_META_KEY, specTypeSchemas } from "@modelcontextprotocol/client";
import { escapeControls } from "./escape-controls.js";
import type { SessionClient } from "./session-client.js";

/**
 * The poll interval a server suggests, clamped: under 50 ms is a busy loop against the server, over 5 s leaves a
 * finished task waiting. A server that suggests none is polled every 500 ms.
 */
export const taskPolling = { minMs: 50, maxMs: 5_000, defaultMs: 500 } as const;

/** A server's status message is cut to this many characters (then escaped) before anyone sees it. */
export const maxTaskMessageChars = 500;

/** Longest task id echoed back to the server; a longer one is a malformed answer. */
const maxTaskIdChars = 1_000;

/** `tasks/cancel` is sent after the call is answered; it may take this long before it is given up. */
const cancelTimeoutMs = 2_000;

/** Sub-requests run under `signal` alone (the call's deadline), never the SDK's own per-request timer. */
const noSdkTimeout = 2_147_483_647;

/** One status the task reported (at creation, or a `tasks/get` that changed it). */
export interface TaskStatusUpdate {
  taskId: string;
  status: TaskStatus;
  /** The server's status message, cut to `maxTaskMessageChars` and control characters escaped. */
  message?: string;
  /** Counts the updates of this task, from 1 (a progress value that only grows). */
  update: number;
}

/** What one task-run call needs besides the client and the call. */
export interface ToolTaskOptions {
  /** Aborted by the call's deadline or the caller: the task is then cancelled on the server. */
  signal: AbortSignal;
  /** Asked of the server as the task's `ttl` (how long it keeps the task and its result). */
  ttlMs: number;
  /** Progress of the creating `tools/call` (the SDK's progress token). */
  onprogress?: (progress: Progress) => void;
  /** A new status or status message. */
  onStatus?: (update: TaskStatusUpdate) => void;
  /** Validates a `CallToolResult` the way an ordinary `tools/call` result is validated. */
  toolResult: StandardSchemaV1<unknown, CallToolResult>;
}

/** Calls `params` as a task and returns its final result (a server that answers at once is answered at once). */
export async function callToolAsTask(
  client: SessionClient,
  params: { name: string; arguments: Record<string, unknown> },
  options: ToolTaskOptions,
): Promise<CallToolResult> {
  const created = await client.request(
    { method: "tools/call", params: { ...params, task: { ttl: options.ttlMs } } },
    createdOrResult(options.toolResult),
    {
      signal: options.signal,
      timeout: noSdkTimeout,
      ...(options.onprogress === undefined ? {} : { onprogress: options.onprogress }),
    },
  );
  // A server may run a tool whose task support is optional as an ordinary call.
  if (!isCreated(created)) return created;
  const task = created.task;
  if (task.taskId.length === 0 || task.taskId.length > maxTaskIdChars) {
    throw new Error(
      `the server answered tools/call with a malformed task id (${task.taskId.length} characters)`,
    );
  }
  const seen = { status: task.status };
  try {
    return await follow(client, task, options, seen);
  } catch (error) {
    // Aborted, or the server answered a poll with nonsense: a task still running is of no use to anyone.
    if (!isTerminal(seen.status)) cancelTask(client, task.taskId);
    throw error;
  }
}

function isTerminal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

async function follow(
  client: SessionClient,
  first: Task,
  options: ToolTaskOptions,
  seen: { status: TaskStatus },
): Promise<CallToolResult> {
  const { signal } = options;
  const requestOptions = { signal, timeout: noSdkTimeout };
  const taskId = first.taskId;
  let task = first;
  let update = 0;
  let last: { status: TaskStatus; message: string | undefined } | undefined;
  const report = () => {
    const message = task.statusMessage === undefined ? undefined : boundedMessage(task.statusMessage);
    if (last !== undefined && last.status === task.status && last.message === message) return;
    last = { status: task.status, message };
    update += 1;
    options.onStatus?.({
      taskId,
      status: task.status,
      update,
      ...(message === undefined ? {} : { message }),
    });
  };
  report();
  for (;;) {
    switch (task.status) {
      case "completed":
      // The server has requests for the client (elicitation, sampling): `tasks/result` is where it sends them,
      // and it answers once the task is done.
      case "input_required":
        return await result(client, taskId, options.toolResult, requestOptions);
      case "failed":
        return await failedResult(client, task, options.toolResult, requestOptions);
      case "cancelled":
        return stoppedResult(`The server cancelled the task`, task);
      default: {
        await pause(pollDelay(task.pollInterval), signal);
        const polled = await client.request(
          { method: "tasks/get", params: { taskId } },
          specTypeSchemas.GetTaskResult,
          requestOptions,
        );
        task = { ...polled, taskId };
        seen.status = task.status;
        report();
      }
    }
  }
}

async function result(
  client: SessionClient,
  taskId: string,
  toolResult: StandardSchemaV1<unknown, CallToolResult>,
  requestOptions: { signal: AbortSignal; timeout: number },
): Promise<CallToolResult> {
  const answer = await client.request(
    { method: "tasks/result", params: { taskId } },
    toolResult,
    requestOptions,
  );
  return withoutTaskMeta(answer);
}

/**
 * The result as the call's own: without the `related-task` `_meta` entry naming a task of this connection, which
 * means nothing to whoever reads the result (a model, a gateway's client).
 */
function withoutTaskMeta(answer: CallToolResult): CallToolResult {
  const meta = answer._meta;
  if (meta === undefined || !(RELATED_TASK_META_KEY in meta)) return answer;
  const { [RELATED_TASK_META_KEY]: _related, ...rest } = meta;
  const { _meta: _dropped, ...body } = answer;
  return Object.keys(rest).length === 0 ? body : { ...body, _meta: rest };
}

/**
 * A failed tool task's `tasks/result` is what the tool returned (an `isError` result) or the JSON-RPC error the
 * call would have had; either way the model reads a tool error, with the server's status message when the
 * result itself cannot be had.
 */
async function failedResult(
  client: SessionClient,
  task: Task,
  toolResult: StandardSchemaV1<unknown, CallToolResult>,
  requestOptions: { signal: AbortSignal; timeout: number },
): Promise<CallToolResult> {
  try {
    const answer = await result(client, task.taskId, toolResult, requestOptions);
    return { ...answer, isError: true };
  } catch (error) {
    if (requestOptions.signal.aborted) throw error;
    const detail = error instanceof Error ? boundedMessage(error.message) : undefined;
    return stoppedResult(`The task failed`, task, detail);
  }
}

function stoppedResult(what: string, task: Task, detail?: string): CallToolResult {
  const message = task.statusMessage === undefined ? undefined : boundedMessage(task.statusMessage);
  const why = [message, detail].filter((part) => part !== undefined && part !== "").join("; ");
  return { isError: true, content: [{ type: "text", text: why === "" ? `${what}.` : `${what}: ${why}` }] };
}

/** Best effort, after the call is answered: a server that ignores it only keeps working until the task's ttl. */
function cancelTask(client: SessionClient, taskId: string): void {
  void client
    .request({ method: "tasks/cancel", params: { taskId } }, anyResult, { timeout: cancelTimeoutMs })
    .catch(() => {});
}

/** The server's suggestion, clamped to `taskPolling`. */
export function pollDelay(suggested: number | undefined): number {
  if (suggested === undefined || !Number.isFinite(suggested)) return taskPolling.defaultMs;
  return Math.min(taskPolling.maxMs, Math.max(taskPolling.minMs, suggested));
}

/** Cut to `maxTaskMessageChars` (whole code points), control characters escaped. */
export function boundedMessage(text: string): string {
  const points = Array.from(text.slice(0, maxTaskMessageChars * 2));
  const cut = points.length > maxTaskMessageChars || text.length > maxTaskMessageChars * 2;
  return `${escapeControls(points.slice(0, maxTaskMessageChars).join(""))}${cut ? "…" : ""}`;
}

/** Resolves after `ms`; rejects with the signal's reason as soon as it aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The creating `tools/call`'s answer: a `CreateTaskResult`, or (a server that ran it at once) the result itself. */
function createdOrResult(
  toolResult: StandardSchemaV1<unknown, CallToolResult>,
): StandardSchemaV1<unknown, CreateTaskResult | CallToolResult> {
  return {
    "~standard": {
      version: 1,
      vendor: "switchboard",
      validate: (value) =>
        typeof value === "object" && value !== null && "task" in value
          ? specTypeSchemas.CreateTaskResult["~standard"].validate(value)
          : toolResult["~standard"].validate(value),
    },
  };
}

function isCreated(answer: CreateTaskResult | CallToolResult): answer is CreateTaskResult {
  return "task" in answer && typeof answer.task === "object" && answer.task !== null;
}

/** `tasks/cancel`'s answer is not used. */
const anyResult: StandardSchemaV1<unknown, unknown> = {
  "~standard": { version: 1, vendor: "switchboard", validate: (value) => ({ value }) },
};
