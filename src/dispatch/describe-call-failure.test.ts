import { describe, expect, it } from "vitest";
import { ToolCallError } from "../connect/call-errors.js";
import { ConnectionError } from "../errors.js";
import { describeCallFailure } from "./describe-call-failure.js";

const call = { name: "srv__t", server: "srv", tool: "t" };

describe("describeCallFailure", () => {
  it("a timeout names the limit dispatch passed, else the connection's own words", () => {
    const error = new ToolCallError(
      "srv",
      "t",
      "timeout",
      'Tool call "t" on server "srv" timed out after 900 ms',
    );
    expect(describeCallFailure(error, { ...call, timeoutMs: 300 }).message).toContain(
      "timed out after 300 ms and was cancelled",
    );
    expect(describeCallFailure(error, call).message).toContain(
      '(Tool call "t" on server "srv" timed out after 900 ms)',
    );
  });

  it("tells invalid params apart from other protocol errors by the JSON-RPC code of the cause", () => {
    const rejected = (code: number) =>
      new ToolCallError("srv", "t", "protocol", "rejected", {
        cause: Object.assign(new Error("bad value for x"), { code }),
      });
    expect(describeCallFailure(rejected(-32602), call)).toEqual({
      outcome: "invalid-arguments",
      message:
        'Server "srv" rejected the arguments for "srv__t" (tool "t" on server "srv"): bad value for x. Check them against the tool\'s input schema and try again.',
    });
    expect(describeCallFailure(rejected(-32601), call).outcome).toBe("server-error");
  });

  it("a lost connection is server-crashed and names the server", () => {
    const lost = new ConnectionError("srv", "stdio", 'Server "srv" exited with signal SIGKILL unexpectedly', {
      code: "CONNECTION_CLOSED",
    });
    const failure = describeCallFailure(lost, call);
    expect(failure.outcome).toBe("server-crashed");
    expect(failure.message).toMatch(/^Server "srv" is unavailable/);
    expect(failure.message).toContain("SIGKILL");
  });

  it("an abort reported by the connection is aborted; anything else is a server error", () => {
    expect(describeCallFailure(new ToolCallError("srv", "t", "aborted", "aborted"), call).outcome).toBe(
      "aborted",
    );
    expect(describeCallFailure("weird", call)).toEqual({
      outcome: "server-error",
      message: 'The call to "srv__t" (tool "t" on server "srv") failed: weird',
    });
  });
});
