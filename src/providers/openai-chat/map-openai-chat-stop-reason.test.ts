import { describe, expect, it } from "vitest";
import { mapOpenAIChatStopReason } from "./map-openai-chat-stop-reason.js";

describe("mapOpenAIChatStopReason", () => {
  it.each([
    ["stop", "stop"],
    ["tool_calls", "tool-calls"],
    ["function_call", "tool-calls"],
    ["length", "length"],
    ["content_filter", "content-filter"],
    ["eos", "other"],
    [null, "other"],
  ] as const)("%s → %s", (reason, expected) => {
    expect(mapOpenAIChatStopReason(reason)).toBe(expected);
  });
});
