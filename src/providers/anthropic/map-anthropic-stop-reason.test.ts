import { describe, expect, it } from "vitest";
import { mapAnthropicStopReason } from "./map-anthropic-stop-reason.js";

describe("mapAnthropicStopReason", () => {
  it.each([
    ["end_turn", "stop"],
    ["stop_sequence", "stop"],
    ["tool_use", "tool-calls"],
    ["max_tokens", "length"],
    ["model_context_window_exceeded", "length"],
    ["refusal", "content-filter"],
    ["pause_turn", "other"],
    ["something_new", "other"],
    [null, "other"],
  ] as const)("%s → %s", (reason, expected) => {
    expect(mapAnthropicStopReason(reason)).toBe(expected);
  });
});
