import { describe, expect, it } from "vitest";
import { convertOpenAIChatUsage } from "./convert-openai-chat-usage.js";

describe("convertOpenAIChatUsage", () => {
  it("keeps prompt_tokens whole (it already includes cached tokens) and reads the cache details", () => {
    expect(
      convertOpenAIChatUsage({
        prompt_tokens: 2048,
        completion_tokens: 77,
        prompt_tokens_details: { cached_tokens: 1920, cache_write_tokens: 64 },
      }),
    ).toEqual({ inputTokens: 2048, outputTokens: 77, cacheReadTokens: 1920, cacheWriteTokens: 64 });
  });

  it("reads a usage without details, or none at all, as zeros", () => {
    expect(convertOpenAIChatUsage({ prompt_tokens: 3, completion_tokens: 4 })).toEqual({
      inputTokens: 3,
      outputTokens: 4,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(convertOpenAIChatUsage(null).outputTokens).toBe(0);
  });
});
