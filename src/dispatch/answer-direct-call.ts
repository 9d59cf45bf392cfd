/**
 * One call the plain way: resolve its name in the toolset's table, decide approval (asking through the
 * response's one queue), run it on its server and map what came back. Every failure on the way is an answer.
 */
import { runLocalTool } from "../local-tools/run-local-tool.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import { askApproval, decideApproval } from "./approval.js";
import type { ApprovalQueue } from "./approval-queue.js";
import { aborted, describeCallFailure } from "./describe-call-failure.js";
import { failedResult } from "./error-result.js";
import { mapMcpResult } from "./map-mcp-result.js";
import type { RemovalLog } from "./removal-log.js";
import { type Resolution, resolveCall } from "./resolve-call.js";
import { truncateContent } from "./truncate-result.js";
import type { DispatchContext } from "./types.js";

/** Longest result (token estimate) before truncation when the context does not say. */
export const DEFAULT_MAX_RESULT_TOKENS = 25_000;

/** What every call of one response shares: where removal times come from, and the one approval queue. */
export interface ResponseScope {
  removals: RemovalLog;
  ask: ApprovalQueue;
}

/** Answers `call` against `context.toolset`'s table; rejects only on a bug (the caller answers that too). */
export async function answerDirectCall(
  call: ToolCall,
  context: DispatchContext,
  scope: ResponseScope,
): Promise<ToolResult> {
  const started = performance.now();
  const { signal } = context;
  if (signal?.aborted) return failedResult(call, aborted(call.name, false), started);
  const resolution = resolveCall(call, {
    toolset: context.toolset,
    catalog: context.host.catalog,
    removals: scope.removals,
  });
  if (!resolution.ok) return failedResult(call, resolution, started);
  const { server, tool } = resolution;

  if (context.approval !== undefined) {
    const annotations = resolution.entry.tool.annotations;
    const target = { server, tool, name: call.name, ...(annotations === undefined ? {} : { annotations }) };
    const decision = decideApproval(context.approval, target);
    if (decision.rule === "deny") return denied(call, resolution, decision.because, started);
    if (decision.rule === "ask") {
      const policy = context.approval;
      const request = { ...target, arguments: resolution.arguments };
      // Checked when its turn in the queue comes: nobody is asked about a call an abort already answered.
      const answer = await raceAbort(
        scope.ask(() =>
          signal?.aborted ? Promise.resolve(undefined) : askApproval(policy, request, decision, signal),
        ),
        signal,
      );
      if (answer === ABORTED || answer === undefined)
        return failedResult(call, { ...aborted(call.name, false), server, tool }, started);
      if (!answer.allowed) return denied(call, resolution, answer.reason, started);
    }
  }
  if (signal?.aborted) return failedResult(call, { ...aborted(call.name, false), server, tool }, started);

  const options = {
    ...(signal === undefined ? {} : { signal }),
    ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
  };
  let raw: unknown;
  try {
    const local = resolution.local;
    if (local === undefined) {
      raw = await raceAbort(context.host.callTool(server, tool, resolution.arguments, options), signal);
    } else {
      // A local tool runs here, under the same abort race, limits and result mapping as a server's call.
      const run = await raceAbort(
        runLocalTool(local, resolution.arguments, { ...options, name: call.name, callId: call.id }),
        signal,
      );
      if (run !== ABORTED && !run.ok) return failedResult(call, { ...run, server, tool }, started);
      raw = run === ABORTED ? run : run.result;
    }
  } catch (error) {
    const failure = describeCallFailure(error, {
      name: call.name,
      server,
      tool,
      ...(context.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
    });
    return failedResult(call, { ...failure, server, tool }, started);
  }
  if (raw === ABORTED) return failedResult(call, { ...aborted(call.name), server, tool }, started);

  const mapped = mapMcpResult(raw);
  if (mapped.malformed !== undefined) {
    const message = `Server "${server}" answered the call to "${call.name}" with an unusable result: ${mapped.malformed}.`;
    return failedResult(call, { outcome: "server-error", message, server, tool }, started);
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
  return failedResult(
    call,
    { outcome: "denied", message, server: target.server, tool: target.tool },
    started,
  );
}
