import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertAnthropicUsage } from "./convert-anthropic-usage.js";

describe("convertAnthropicUsage", () => {
  it("adds cache reads and writes back into the input count", () => {
    expect(
      convertAnthropicUsage({
        input_tokens: 12,
        output_tokens: 30,
        cache_read_input_tokens: 1000,
        cache_creation_input_tokens: 200,
      }),
    ).toEqual({ inputTokens: 1212, outputTokens: 30, cacheReadTokens: 1000, cacheWriteTokens: 200 });
  });

  it("treats null and missing counts as zero", () => {
    expect(
      convertAnthropicUsage({ input_tokens: 5, output_tokens: 1, cache_read_input_tokens: null }),
    ).toEqual({
      inputTokens: 5,
      outputTokens: 1,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(convertAnthropicUsage(undefined).inputTokens).toBe(0);
  });

  it("never reports more cached tokens than input tokens", () => {
    const count = fc.option(fc.nat(), { nil: null });
    fc.assert(
      fc.property(count, count, count, count, (input, output, read, write) => {
        const usage = convertAnthropicUsage({
          input_tokens: input,
          output_tokens: output,
          cache_read_input_tokens: read,
          cache_creation_input_tokens: write,
        });
        expect(usage.cacheReadTokens + usage.cacheWriteTokens).toBeLessThanOrEqual(usage.inputTokens);
        expect(usage.outputTokens).toBe(output ?? 0);
      }),
    );
  });
});
