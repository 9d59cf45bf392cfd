import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countBreakpoints,
  type PromptBlock,
  PromptCache,
  promptBlocks,
  promptTokens,
} from "./anthropic-cache.js";

const block = (key: string, tokens: number, breakpoint?: "5m" | "1h"): PromptBlock => ({
  key,
  tokens,
  ...(breakpoint ? { breakpoint } : {}),
});

describe("promptBlocks", () => {
  it("orders tools, system, messages and moves the automatic breakpoint to the last block", () => {
    const blocks = promptBlocks({
      model: "m",
      tools: [
        { name: "a", input_schema: { type: "object" }, cache_control: { type: "ephemeral", ttl: "1h" } },
      ],
      system: [{ type: "text", text: "sys" }],
      messages: [{ role: "user", content: "hi" }],
      cache_control: { type: "ephemeral" },
    });
    expect(blocks.map((entry) => entry.breakpoint)).toEqual(["1h", undefined, "5m"]);
    expect(JSON.parse(blocks[0]!.key)).toEqual(["tool", { name: "a", input_schema: { type: "object" } }]);
  });

  it("counts breakpoints on tools, system, message blocks and the top-level marker", () => {
    const marked = { type: "text", text: "x", cache_control: { type: "ephemeral" } };
    const body = {
      tools: [{ name: "a", cache_control: { type: "ephemeral" } }],
      system: [marked],
      messages: [{ role: "user", content: [marked, marked] }],
      cache_control: { type: "ephemeral" },
    };
    expect(countBreakpoints(body)).toBe(5);
  });
});

describe("PromptCache", () => {
  it("reads a prefix written by a previous request, within the lookback window", () => {
    const cache = new PromptCache(() => 0);
    const first = [block("a", 600), block("b", 600, "5m")];
    expect(cache.apply("m", first, 1024, 0)).toMatchObject({
      cache_creation_input_tokens: 1200,
      input_tokens: 0,
    });
    const longer = [
      ...first.map((entry) => block(entry.key, entry.tokens)),
      block("c", 50),
      block("d", 50, "5m"),
    ];
    expect(cache.apply("m", longer, 1024, 0)).toMatchObject({
      cache_read_input_tokens: 1200,
      cache_creation_input_tokens: 100,
      input_tokens: 0,
    });
  });

  it("misses across models and after the TTL, and a hit refreshes the TTL", () => {
    let now = 0;
    const cache = new PromptCache(() => now);
    const blocks = [block("a", 2000, "5m")];
    cache.apply("m", blocks, 1024, 0);
    expect(cache.apply("other", blocks, 1024, 0).cache_read_input_tokens).toBe(0);
    now = 4 * 60_000;
    expect(cache.apply("m", blocks, 1024, 0).cache_read_input_tokens).toBe(2000);
    now = 8 * 60_000; // 4 minutes after the refreshing hit
    expect(cache.apply("m", blocks, 1024, 0).cache_read_input_tokens).toBe(2000);
    now = 14 * 60_000;
    expect(cache.apply("m", blocks, 1024, 0)).toMatchObject({
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 2000,
    });
  });

  it("splits writes by TTL and skips breakpoints below the minimum", () => {
    const cache = new PromptCache(() => 0);
    const usage = cache.apply(
      "m",
      [block("a", 500, "1h"), block("b", 800, "1h"), block("c", 300, "5m")],
      1024,
      0,
    );
    expect(usage.cache_creation).toEqual({ ephemeral_1h_input_tokens: 1300, ephemeral_5m_input_tokens: 300 });
  });

  it("always accounts for every prompt token exactly once", () => {
    const blockArb = fc.record({
      key: fc.constantFrom("a", "b", "c", "d"),
      tokens: fc.integer({ min: 0, max: 900 }),
      breakpoint: fc.constantFrom(undefined, "5m", "1h"),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(blockArb, { maxLength: 30 }), { minLength: 1, maxLength: 4 }),
        (requests) => {
          const cache = new PromptCache(() => 0);
          for (const raw of requests) {
            const blocks = raw.map((entry) => block(entry.key, entry.tokens, entry.breakpoint));
            const usage = cache.apply("m", blocks, 1024, 7);
            const { input_tokens, cache_read_input_tokens, cache_creation_input_tokens, cache_creation } =
              usage;
            expect(input_tokens).toBeGreaterThanOrEqual(0);
            expect(input_tokens + cache_read_input_tokens + cache_creation_input_tokens).toBe(
              promptTokens(blocks, 7),
            );
            expect(cache_creation.ephemeral_5m_input_tokens + cache_creation.ephemeral_1h_input_tokens).toBe(
              cache_creation_input_tokens,
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
