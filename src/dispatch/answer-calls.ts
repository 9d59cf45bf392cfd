/**
 * The one entry point every call of a response is answered through, by both halves (`answerResponse` and the
 * agent loop): a toolset that answers its own calls (tool search: `search_tools` locally, `call_tool` unwrapped)
 * uses its `dispatch`, any other goes to `dispatchToolCalls`. One dispatch per call, so a caller can report each
 * call the moment it finishes (a batch would only report when the slowest call ends). Everything dispatch
 * guarantees still holds: results in call order, one per call, never a rejection. Approval questions stay serial,
 * as a single batch would ask them.
 */
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import type { ApprovalPolicy } from "./approval.js";
import { dispatchToolCalls } from "./dispatch-tool-calls.js";
import type { DispatchContext } from "./types.js";

/** Told when each call starts and when its answer is ready (the agent loop's events). */
export interface CallHooks {
  onStart(call: ToolCall): void;
  onEnd(call: ToolCall, result: ToolResult): void;
}

const NO_HOOKS: CallHooks = { onStart: () => {}, onEnd: () => {} };

/** Answers every call of one response, in order, through the toolset's own dispatch or `dispatchToolCalls`. */
export function answerCalls(
  calls: readonly ToolCall[],
  context: DispatchContext,
  hooks: CallHooks = NO_HOOKS,
): Promise<ToolResult[]> {
  const shared: DispatchContext =
    context.approval === undefined ? context : { ...context, approval: serialAsk(context.approval) };
  const own = context.toolset.dispatch;
  const dispatch = typeof own === "function" ? own : dispatchToolCalls;
  return Promise.all(
    calls.map(async (call) => {
      hooks.onStart(call);
      const [result] = await dispatch([call], shared);
      // Every dispatch answers every call it is given.
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
