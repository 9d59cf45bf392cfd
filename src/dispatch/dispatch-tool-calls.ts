/**
 * Answers every tool call of one model response (architecture invariant 1): same length and order as the
 * calls, whatever happens to each — an unknown or stale name, bad arguments, a denial, a timeout, a crashed
 * server, an abort. Calls run concurrently; each server's own queue enforces its concurrency limit. Never
 * rejects.
 */
import type { ToolCall, ToolErrorKind, ToolResult } from "../spec/tool-call.js";
import { askApproval, decideApproval } from "./approval.js";
import { aborted, describeCallFailure } from "./describe-call-failure.js";
import { mapMcpResult } from "./map-mcp-result.js";
import { removalLogFor } from "./removal-log.js";
import { type Resolution, resolveCall } from "./resolve-call.js";
import { truncateContent } from "./truncate-result.js";
import type { DispatchContext } from "./types.js";

export const DEFAULT_MAX_RESULT_TOKENS = 25_000;

export async function dispatchToolCalls(
  calls: readonly ToolCall[],
  context: DispatchContext,
): Promise<ToolResult[]> {
  const removals = context.removals ?? removalLogFor(context.host.catalog);
  // Asking is serial (a person answers one question at a time); everything else runs at once.
  let askQueue: Promise<unknown> = Promise.resolve();
  const serialAsk = <T>(work: () => Promise<T>): Promise<T> => {
    const next = askQueue.then(work, work);
    askQueue = next.catch(() => {});
    return next;
  };
  return Promise.all(
    calls.map(async (call) => {
      const started = performance.now();
      try {
        return await answerCall(call, context, removals, serialAsk, started);
      } catch (error) {
        // A bug here must still leave the call answered.
        const text = error instanceof Error ? error.message : String(error);
        return errorResult(
          call,
          "server-error",
          `The call to "${call.name}" failed inside switchboard: ${text}`,
          started,
        );
      }
    }),
  );
}

async function answerCall(
  call: ToolCall,
  context: DispatchContext,
  removals: NonNullable<DispatchContext["removals"]>,
  serialAsk: <T>(work: () => Promise<T>) => Promise<T>,
  started: number,
): Promise<ToolResult> {
  const { signal } = context;
  if (signal?.aborted) return failed(call, aborted(call.name, false), started);
  const resolution = resolveCall(call, { toolset: context.toolset, catalog: context.host.catalog, removals });
  if (!resolution.ok) return failed(call, resolution, started);
  const { server, tool } = resolution;

  if (context.approval !== undefined) {
    const annotations = resolution.entry.tool.annotations;
    const target = { server, tool, name: call.name, ...(annotations === undefined ? {} : { annotations }) };
    const decision = decideApproval(context.approval, target);
    if (decision.rule === "deny") return denied(call, resolution, decision.because, started);
    if (decision.rule === "ask") {
      const policy = context.approval;
      const request = { ...target, arguments: resolution.arguments };
      const answer = await raceAbort(
        serialAsk(() =>
          signal?.aborted ? Promise.resolve(undefined) : askApproval(policy, request, decision, signal),
        ),
        signal,
      );
      if (answer === ABORTED || answer === undefined)
        return failed(call, { ...aborted(call.name, false), server, tool }, started);
      if (!answer.allowed) return denied(call, resolution, answer.reason, started);
    }
  }
  if (signal?.aborted) return failed(call, { ...aborted(call.name, false), server, tool }, started);

  const options = {
    ...(signal === undefined ? {} : { signal }),
    ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
  };
  let raw: unknown;
  try {
    raw = await raceAbort(context.host.callTool(server, tool, resolution.arguments, options), signal);
  } catch (error) {
    const failure = describeCallFailure(error, {
      name: call.name,
      server,
      tool,
      ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
    });
    return failed(call, { ...failure, server, tool }, started);
  }
  if (raw === ABORTED) return failed(call, { ...aborted(call.name), server, tool }, started);

  const mapped = mapMcpResult(raw);
  if (mapped.malformed !== undefined) {
    const message = `Server "${server}" answered the call to "${call.name}" with an unusable result: ${mapped.malformed}.`;
    return failed(call, { outcome: "server-error", message, server, tool }, started);
  }
  const { content, truncated } = truncateContent(
    mapped.content,
    context.maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS,
  );
  const result: ToolResult = {
    callId: call.id,
    name: call.name,
    server,
    tool,
    outcome: mapped.isError ? "tool-error" : "ok",
    isError: mapped.isError,
    content,
    durationMs: performance.now() - started,
  };
  if (mapped.structuredContent !== undefined) result.structuredContent = mapped.structuredContent;
  if (truncated !== undefined) result.truncated = truncated;
  return result;
}

const ABORTED: unique symbol = Symbol("aborted");

/**
 * Settles with `ABORTED` the moment `signal` fires, whether or not `work` honours it, so an abort answers every
 * pending call at once. `work`'s own late rejection is swallowed.
 */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.resolve(ABORTED);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      resolve(ABORTED);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        // An abort that the host reported as its own error is still an abort.
        if (signal.aborted) resolve(ABORTED);
        else reject(error);
      },
    );
  });
}

function denied(
  call: ToolCall,
  target: Extract<Resolution, { ok: true }>,
  reason: string,
  started: number,
): ToolResult {
  const message = `The call to "${call.name}" was denied and not run: ${reason}. Do not retry it unless the user asks you to.`;
  return failed(call, { outcome: "denied", message, server: target.server, tool: target.tool }, started);
}

function failed(
  call: ToolCall,
  failure: { outcome: ToolErrorKind; message: string; server?: string; tool?: string },
  started: number,
): ToolResult {
  const result = errorResult(call, failure.outcome, failure.message, started);
  if (failure.server !== undefined) result.server = failure.server;
  if (failure.tool !== undefined) result.tool = failure.tool;
  return result;
}

function errorResult(call: ToolCall, outcome: ToolErrorKind, message: string, started: number): ToolResult {
  return {
    callId: call.id,
    name: call.name,
    outcome,
    isError: true,
    content: [{ type: "text", text: message }],
    durationMs: performance.now() - started,
  };
}
