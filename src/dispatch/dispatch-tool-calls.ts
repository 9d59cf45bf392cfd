/**
 * The one entry point every tool call of a model response is answered through: `answerResponse`, the agent loop
 * and the gateway all call it. Each call goes the way its toolset's own resolution says (a plain toolset's calls
 * are direct; tool search answers its facade), every direct call through the same path and the same approval
 * queue. Architecture invariant 1: same length and order as the calls, whatever happens to each — an unknown or
 * stale name, bad arguments, a denial, a timeout, a crashed server, an abort. Calls run concurrently; each
 * server's own queue enforces its concurrency limit. Never rejects.
 */
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import { answerDirectCall, type ResponseScope } from "./answer-direct-call.js";
import { approvalQueue } from "./approval-queue.js";
import { failedResult } from "./error-result.js";
import { removalLogFor } from "./removal-log.js";
import type { CallHooks, DirectAnswer, DispatchContext, ToolsetResolution } from "./types.js";

export { DEFAULT_MAX_RESULT_TOKENS } from "./answer-direct-call.js";

/** A plain toolset's resolution: every call names a real tool of its table. */
export const DIRECT_RESOLUTION: ToolsetResolution = {
  answer: (call, _context, direct) => direct(call),
};

/**
 * Answers every call of one response, in order, each through `context.toolset`'s resolution. `hooks` hear each
 * call start and end (each the moment it ends, not when the slowest does).
 */
export function dispatchToolCalls(
  calls: readonly ToolCall[],
  context: DispatchContext,
  hooks: CallHooks = {},
): Promise<ToolResult[]> {
  const scope: ResponseScope = {
    removals: context.removals ?? removalLogFor(context.host.catalog),
    ask: approvalQueue(),
  };
  const direct: DirectAnswer = (call, toolset = context.toolset) => {
    const started = performance.now();
    const own = toolset === context.toolset ? context : { ...context, toolset };
    return answerDirectCall(call, own, scope).catch((error: unknown) => insideFailure(call, error, started));
  };
  const resolution = context.toolset.resolution ?? DIRECT_RESOLUTION;
  return Promise.all(
    calls.map(async (call) => {
      tell(() => hooks.onStart?.(call));
      const started = performance.now();
      let result: ToolResult;
      try {
        result = await resolution.answer(call, context, direct);
      } catch (error) {
        result = insideFailure(call, error, started);
      }
      tell(() => hooks.onEnd?.(call, result));
      return result;
    }),
  );
}

/** A bug here must still leave the call answered. */
function insideFailure(call: ToolCall, error: unknown, started: number): ToolResult {
  const text = error instanceof Error ? error.message : String(error);
  const message = `The call to "${call.name}" failed inside switchboard: ${text}`;
  return failedResult(call, { outcome: "server-error", message }, started);
}

function tell(hook: () => void): void {
  try {
    hook();
  } catch {
    // A listener's bug must not leave calls unanswered.
  }
}
