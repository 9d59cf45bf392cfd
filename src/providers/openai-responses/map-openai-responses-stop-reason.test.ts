import { describe, expect, it } from "vitest";
import { mapOpenAIResponsesStopReason } from "./map-openai-responses-stop-reason.js";

describe("mapOpenAIResponsesStopReason", () => {
  it("reads completed responses by whether they call functions", () => {
    expect(mapOpenAIResponsesStopReason({ status: "completed" }, true)).toBe("tool-calls");
    expect(mapOpenAIResponsesStopReason({ status: "completed" }, false)).toBe("stop");
  });

  it.each([
    ["max_output_tokens", "length"],
    ["content_filter", "content-filter"],
    [null, "other"],
  ] as const)("incomplete for %s → %s", (reason, expected) => {
    expect(
      mapOpenAIResponsesStopReason({ status: "incomplete", incomplete_details: { reason } }, false),
    ).toBe(expected);
  });

  it("reads failed as an error and anything else by the calls", () => {
    expect(mapOpenAIResponsesStopReason({ status: "failed" }, false)).toBe("error");
    expect(mapOpenAIResponsesStopReason({ status: "in_progress" }, false)).toBe("other");
    expect(mapOpenAIResponsesStopReason({}, true)).toBe("tool-calls");
  });
});
