/**
 * Answers the calls of one response through dispatch, one `dispatchToolCalls` per call so the loop can report
 * each call the moment it finishes (a batch would only report when the slowest call ends). Everything dispatch
 * guarantees still holds: results in call order, one per call, never a rejection. Approval questions stay
 * serial, as a single batch would ask them.
 */
import type { ApprovalPolicy } from "../dispatch/approval.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import type { DispatchContext } from "../dispatch/types.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";

export interface CallHooks {
  onStart(call: ToolCall): void;
  onEnd(call: ToolCall, result: ToolResult): void;
}

export function answerCalls(
  calls: readonly ToolCall[],
  context: DispatchContext,
  hooks: CallHooks,
): Promise<ToolResult[]> {
  const shared: DispatchContext =
    context.approval === undefined ? context : { ...context, approval: serialAsk(context.approval) };
  // A toolset may answer its own calls (tool search: search_tools locally, call_tool unwrapped into dispatch).
  const own = (context.toolset as { dispatch?: typeof dispatchToolCalls }).dispatch;
  const dispatch = typeof own === "function" ? own : dispatchToolCalls;
  return Promise.all(
    calls.map(async (call) => {
      hooks.onStart(call);
      const [result] = await dispatch([call], shared);
      // dispatchToolCalls answers every call it is given.
      hooks.onEnd(call, result!);
      return result!;
    }),
  );
}

/** The policy with its `ask` hook queued: a person answers one question at a time, in call order. */
function serialAsk(policy: ApprovalPolicy): ApprovalPolicy {
  const ask = policy.ask;
  if (ask === undefined) return policy;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...policy,
    ask: (request, options) => {
      const next = queue.then(() => ask(request, options));
      queue = next.catch(() => {});
      return next;
    },
  };
}
