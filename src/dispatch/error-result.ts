/** The answer to a call that did not produce a server result: an error the model reads, timed from `started`. */
import type { ToolCall, ToolErrorKind, ToolResult } from "../spec/tool-call.js";

/** A call answered with `message`, attributed to (server, tool) when they are known. */
export function failedResult(
  call: ToolCall,
  failure: { outcome: ToolErrorKind; message: string; server?: string; tool?: string },
  started: number,
): ToolResult {
  const result: ToolResult = {
    callId: call.id,
    name: call.name,
    outcome: failure.outcome,
    isError: true,
    content: [{ type: "text", text: failure.message }],
    durationMs: performance.now() - started,
  };
  if (failure.server !== undefined) result.server = failure.server;
  if (failure.tool !== undefined) result.tool = failure.tool;
  return result;
}
