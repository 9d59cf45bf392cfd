import { isSwitchboardError } from "../errors.js";
import type { ToolErrorKind } from "../spec/tool-call.js";

/** JSON-RPC "Invalid params": what an MCP server answers when it rejects a call's arguments. */
const INVALID_PARAMS = -32602;

export interface CallFailure {
  outcome: ToolErrorKind;
  message: string;
}

export interface FailedCall {
  /** The name the model called. */
  name: string;
  server: string;
  tool: string;
  /** The limit dispatch passed, when it passed one. */
  timeoutMs?: number;
}

/**
 * Why `host.callTool` rejected, as an outcome and a sentence addressed to the model: what happened, to which
 * server, and whether the call may have had effects. Reads the connection layer's errors by their `code` and
 * `reason` (not `instanceof`, so a second copy of the package still works).
 */
export function describeCallFailure(error: unknown, call: FailedCall): CallFailure {
  const where = `"${call.name}" (tool "${call.tool}" on server "${call.server}")`;
  if (isSwitchboardError(error)) {
    const reason = (error as { reason?: unknown }).reason;
    if (error.code === "TOOL_CALL_FAILED" && reason === "timeout") {
      // Without the limit in hand, the connection's own message names it.
      const limit = call.timeoutMs === undefined ? `(${error.message})` : `after ${call.timeoutMs} ms`;
      return {
        outcome: "timeout",
        message: `The call to ${where} timed out ${limit} and was cancelled. It may have partly run; retry only if that is safe, or ask for less work.`,
      };
    }
    if (error.code === "TOOL_CALL_FAILED" && reason === "aborted") return aborted(call.name);
    if (error.code === "TOOL_CALL_FAILED") {
      const detail = causeMessage(error);
      if (rpcCode(error) === INVALID_PARAMS) {
        return {
          outcome: "invalid-arguments",
          message: `Server "${call.server}" rejected the arguments for ${where}: ${detail}. Check them against the tool's input schema and try again.`,
        };
      }
      return {
        outcome: "server-error",
        message: `Server "${call.server}" returned an error for ${where}: ${detail}`,
      };
    }
    if (error.code === "CONNECTION_CLOSED" || error.code === "CONNECTION_FAILED") {
      return {
        outcome: "server-crashed",
        message: `Server "${call.server}" is unavailable (it crashed, disconnected or is restarting), so the call to ${where} did not complete; whether it took effect is unknown. ${error.message}`,
      };
    }
    if (error.code === "SERVER_NOT_FOUND") {
      return {
        outcome: "server-crashed",
        message: `Server "${call.server}" is not connected, so ${where} could not be called.`,
      };
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  return { outcome: "server-error", message: `The call to ${where} failed: ${text}` };
}

export function aborted(name: string, started = true): CallFailure {
  return {
    outcome: "aborted",
    message: started
      ? `The call to "${name}" was aborted before it finished (the turn was stopped); it may or may not have taken effect.`
      : `The call to "${name}" was not run: the turn was stopped before it started.`,
  };
}

/** The JSON-RPC error code the SDK's ProtocolError carries as `cause` (the SDK is not imported here). */
function rpcCode(error: Error): number | undefined {
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === "number" ? cause.code : undefined;
}

function causeMessage(error: Error): string {
  // The connection layer's `detail` is what the server said, secrets redacted, an HTTP status named.
  const detail = (error as { detail?: unknown }).detail;
  const cause = error.cause;
  const message =
    typeof detail === "string" && detail !== ""
      ? detail
      : cause instanceof Error && cause.message !== ""
        ? cause.message
        : error.message;
  return message.length <= 2_000 ? message : `${message.slice(0, 2_000)}...`;
}
