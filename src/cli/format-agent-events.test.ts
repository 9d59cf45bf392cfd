import { describe, expect, it } from "vitest";
import type { AgentResult } from "../agent/run-agent.js";
import { describeStop, formatAgentEvent, formatDuration } from "./format-agent-events.js";

describe("formatAgentEvent", () => {
  it("shows a finished call with where it ran, how long it took and how it ended", () => {
    const base = {
      type: "tool-call-end",
      turn: 1,
      callId: "c1",
      name: "main__echo",
      isError: false,
    } as const;
    expect(
      formatAgentEvent({ ...base, server: "main", tool: "echo", outcome: "ok", durationMs: 120.4 }),
    ).toBe("→ main/echo … 120 ms ok");
    expect(
      formatAgentEvent({
        ...base,
        server: "main",
        tool: "fail",
        outcome: "tool-error",
        isError: true,
        durationMs: 3,
      }),
    ).toBe("→ main/fail … 3 ms error tool-error");
    expect(
      formatAgentEvent({ ...base, name: "nope", outcome: "unknown-tool", isError: true, durationMs: 0 }),
    ).toBe("→ nope … 0 ms error unknown-tool");
  });

  it("shows warnings and hides the other events", () => {
    expect(
      formatAgentEvent({
        type: "warning",
        turn: 1,
        source: "model",
        warning: { code: "x", path: "", message: "m" },
      }),
    ).toBe("warning: m");
    expect(formatAgentEvent({ type: "stop", turn: 1, reason: "done" })).toBeUndefined();
  });

  it("switches to seconds for long calls", () => {
    expect(formatDuration(9_999)).toBe("9999 ms");
    expect(formatDuration(12_345)).toBe("12.3 s");
  });
});

describe("describeStop", () => {
  const result = (stopReason: AgentResult["stopReason"], detail?: string): AgentResult => ({
    transcript: [],
    text: "",
    turns: 3,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    stopReason,
    ...(detail === undefined ? {} : { detail }),
    toolCalls: [],
  });

  it("says nothing for a finished run and one line otherwise", () => {
    expect(describeStop(result("done"), "anthropic")).toBeUndefined();
    expect(describeStop(result("max-turns"), "anthropic")).toBe(
      "stopped after 3 turns (--max-turns); the model still wanted to call tools",
    );
    expect(describeStop(result("error", "HTTP 401: invalid x-api-key"), "anthropic")).toBe(
      "anthropic request failed: HTTP 401: invalid x-api-key",
    );
    expect(describeStop(result("budget", "total tokens 9 exceed maxTotalTokens 1"), "gemini")).toContain("9");
    expect(describeStop(result("aborted"), "gemini")).toMatch(/^interrupted/);
  });
});
