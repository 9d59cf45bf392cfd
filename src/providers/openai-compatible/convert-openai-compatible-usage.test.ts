import { describe, expect, it } from "vitest";
import { convertOpenAICompatibleUsage } from "./convert-openai-compatible-usage.js";

describe("convertOpenAICompatibleUsage", () => {
  it("reads OpenAI's cache detail, or a DeepSeek-style cache hit count", () => {
    expect(
      convertOpenAICompatibleUsage({
        prompt_tokens: 100,
        completion_tokens: 5,
        prompt_tokens_details: { cached_tokens: 64 },
      }).cacheReadTokens,
    ).toBe(64);
    expect(
      convertOpenAICompatibleUsage({ prompt_tokens: 100, completion_tokens: 5, prompt_cache_hit_tokens: 32 }),
    ).toEqual({ inputTokens: 100, outputTokens: 5, cacheReadTokens: 32, cacheWriteTokens: 0 });
  });

  it("reads a server that sends no usage as zeros", () => {
    expect(convertOpenAICompatibleUsage(undefined)).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });
});
