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
  /** What the server or the wire said (a `protocol` failure), secrets redacted, without the "Server … rejected" prefix. */
  readonly detail: string | undefined;

  constructor(
    server: string,
    tool: string,
    reason: ToolCallFailure,
    message: string,
    options?: { cause?: unknown; detail?: string },
  ) {
    super("TOOL_CALL_FAILED", message, options);
    this.server = server;
    this.tool = tool;
    this.reason = reason;
    this.detail = options?.detail;
  }
}
