import { describe, expect, it } from "vitest";
import { convertGeminiUsage } from "./convert-gemini-usage.js";

describe("convertGeminiUsage", () => {
  it("counts thoughts as output and tool-use prompts as input; cached content is part of the prompt", () => {
    expect(
      convertGeminiUsage({
        promptTokenCount: 4000,
        candidatesTokenCount: 50,
        thoughtsTokenCount: 300,
        cachedContentTokenCount: 2048,
        toolUsePromptTokenCount: 10,
      }),
    ).toEqual({ inputTokens: 4010, outputTokens: 350, cacheReadTokens: 2048, cacheWriteTokens: 0 });
  });

  it("reads a missing usageMetadata as zeros", () => {
    expect(convertGeminiUsage(undefined).inputTokens).toBe(0);
  });
});
