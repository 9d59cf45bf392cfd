import { describe, expect, it } from "vitest";
import { mapGeminiStopReason } from "./map-gemini-stop-reason.js";

describe("mapGeminiStopReason", () => {
  it("reads STOP by whether the answer calls functions", () => {
    expect(mapGeminiStopReason("STOP", { hasToolCalls: true })).toBe("tool-calls");
    expect(mapGeminiStopReason("STOP", { hasToolCalls: false })).toBe("stop");
    expect(mapGeminiStopReason(undefined, { hasToolCalls: true })).toBe("tool-calls");
  });

  it.each([
    ["MAX_TOKENS", "length"],
    ["SAFETY", "content-filter"],
    ["RECITATION", "content-filter"],
    ["PROHIBITED_CONTENT", "content-filter"],
    ["MALFORMED_FUNCTION_CALL", "error"],
    ["TOO_MANY_TOOL_CALLS", "error"],
    ["LANGUAGE", "other"],
    ["FINISH_REASON_UNSPECIFIED", "other"],
  ] as const)("%s → %s", (reason, expected) => {
    expect(mapGeminiStopReason(reason, { hasToolCalls: false })).toBe(expected);
  });

  it("reads a prompt blocked before any candidate as a content filter", () => {
    expect(mapGeminiStopReason(undefined, { hasToolCalls: false, promptBlocked: true })).toBe(
      "content-filter",
    );
  });
});
