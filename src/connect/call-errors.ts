import { SwitchboardError } from "../errors.js";

export type ToolCallFailure = "timeout" | "aborted" | "protocol";

/**
 * A `tools/call` that did not produce a result: the limit expired, the caller aborted, or the server answered
 * with a protocol error (unknown tool, invalid params). A lost connection is a `ConnectionError` instead.
 */
export class ToolCallError extends SwitchboardError {
  override name = "ToolCallError";
  readonly server: string;
  readonly tool: string;
  readonly reason: ToolCallFailure;

  constructor(
    server: string,
    tool: string,
    reason: ToolCallFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super("TOOL_CALL_FAILED", message, options);
    this.server = server;
    this.tool = tool;
    this.reason = reason;
  }
}
