import { describe, expect, it } from "vitest";
import { convertOpenAIResponsesUsage } from "./convert-openai-responses-usage.js";

describe("convertOpenAIResponsesUsage", () => {
  it("keeps input_tokens whole and reads cached and cache-write details", () => {
    expect(
      convertOpenAIResponsesUsage({
        input_tokens: 5000,
        output_tokens: 900,
        input_tokens_details: { cached_tokens: 4096, cache_write_tokens: 0 },
      }),
    ).toEqual({ inputTokens: 5000, outputTokens: 900, cacheReadTokens: 4096, cacheWriteTokens: 0 });
  });

  it("reads a missing usage as zeros", () => {
    expect(convertOpenAIResponsesUsage(undefined)).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });
});
