import { describe, expect, it } from "vitest";
import { mapOpenAICompatibleStopReason } from "./map-openai-compatible-stop-reason.js";

describe("mapOpenAICompatibleStopReason", () => {
  it.each([
    ["stop", "stop"],
    ["eos", "stop"],
    ["eos_token", "stop"],
    ["tool_calls", "tool-calls"],
    ["length", "length"],
    ["model_length", "length"],
    ["content_filter", "content-filter"],
    ["abort", "error"],
    [undefined, "other"],
  ] as const)("%s → %s", (reason, expected) => {
    expect(mapOpenAICompatibleStopReason(reason)).toBe(expected);
  });
});
