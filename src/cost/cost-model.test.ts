import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { costOf, dollars, pricingOf } from "./cost-model.js";
import { formatMoney } from "./format-money.js";
import { PRICES } from "./price-table.js";

const SONNET = { input: 3, cache: { write: 3.75, read: 0.3 } };

describe("costOf", () => {
  it("prices tokens per request, per month and per conversation without rounding", () => {
    const cost = costOf(780, { input: 3 }, { requestsPerMonth: 200_000, turns: 4 });
    expect(cost.perRequest).toBe(0.00234);
    expect(cost.perMonth).toBe(468);
    expect(cost.conversationTokens).toBe(3120);
    expect(cost.perConversation).toBe(0.00234 * 4);
    expect(cost.cached).toBeUndefined(); // no cache prices, no caching figure
  });

  it("with caching, the first turn writes the prefix and later turns read it", () => {
    const cost = costOf(5200, SONNET, { requestsPerMonth: 200_000, turns: 4, cacheMinimumTokens: 1024 });
    expect(cost.cached?.applies).toBe(true);
    expect(cost.cached?.writeTokens).toBe(5200);
    expect(cost.cached?.readTokens).toBe(15_600);
    expect(cost.cached?.perConversation).toBeCloseTo((5200 * 3.75 + 15_600 * 0.3) / 1e6, 15);
    expect(cost.cached?.perRequest).toBe((cost.cached?.perConversation ?? 0) / 4);
    expect(cost.cached?.perMonth).toBe((cost.cached?.perRequest ?? 0) * 200_000);
  });

  it("below the model's minimum cacheable length nothing is cached", () => {
    const cost = costOf(780, SONNET, { requestsPerMonth: 10, turns: 4, cacheMinimumTokens: 1024 });
    expect(cost.cached).toMatchObject({ applies: false, writeTokens: 0, readTokens: 0 });
    expect(cost.cached?.perConversation).toBe(cost.perConversation);
    expect(cost.cached?.reason).toContain("1024");
  });

  it("applies the minimum to the whole prefix when pricing one server's share of it", () => {
    const share = costOf(300, SONNET, {
      requestsPerMonth: 1,
      turns: 2,
      cacheMinimumTokens: 1024,
      prefixTokens: 2000,
    });
    expect(share.cached?.applies).toBe(true);
    expect(share.cached?.writeTokens).toBe(300);
  });

  it("rejects a conversation of zero turns", () => {
    expect(() => costOf(1, SONNET, { requestsPerMonth: 1, turns: 0 })).toThrow(/turns/);
  });

  it("takes write and read prices from a price row at the chosen TTL", () => {
    const sonnet = PRICES["claude-sonnet-4-5"];
    if (sonnet === undefined) throw new Error("claude-sonnet-4-5 missing from prices.json");
    expect(pricingOf(sonnet)).toEqual({ input: 3, cache: { write: 3.75, read: 0.3 } });
    expect(pricingOf(sonnet, "1h").cache?.write).toBe(6);
    // OpenAI's older models charge nothing extra to write: a write costs plain input.
    const gpt4o = PRICES["gpt-4o"];
    expect(gpt4o && pricingOf(gpt4o).cache).toEqual({ write: 2.5, read: 1.25 });
    const flash = PRICES["gemini-2.5-flash"];
    expect(flash && pricingOf(flash).cache).toBeUndefined();
  });
});

const tokens = fc.integer({ min: 0, max: 2_000_000 });
const price = fc.double({ min: 0.01, max: 100, noNaN: true });
const requests = fc.integer({ min: 0, max: 10_000_000 });
const turns = fc.integer({ min: 1, max: 50 });

describe("cost arithmetic properties", () => {
  it("monthly and conversation figures are the unrounded per-request figure times N and k", () => {
    fc.assert(
      fc.property(tokens, price, requests, turns, (t, p, n, k) => {
        const cost = costOf(t, { input: p }, { requestsPerMonth: n, turns: k });
        expect(cost.perRequest).toBe(dollars(t, p));
        expect(cost.perMonth).toBe(cost.perRequest * n);
        expect(cost.perConversation).toBe(cost.perRequest * k);
        expect(cost.conversationTokens).toBe(t * k);
      }),
    );
  });

  it("rounding happens only at display: formatting the monthly figure equals formatting per-request × N", () => {
    fc.assert(
      fc.property(tokens, price, requests, (t, p, n) => {
        const cost = costOf(t, { input: p }, { requestsPerMonth: n, turns: 1 });
        expect(formatMoney(cost.perMonth)).toBe(formatMoney(dollars(t, p) * n));
      }),
    );
  });

  it("with Anthropic's multipliers, caching is cheaper from the second turn on and dearer for one turn", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), price, turns, (t, p, k) => {
        const cost = costOf(
          t,
          { input: p, cache: { write: p * 1.25, read: p * 0.1 } },
          { requestsPerMonth: 1, turns: k },
        );
        const cached = cost.cached?.perConversation ?? Number.NaN;
        if (k === 1) expect(cached).toBeGreaterThan(cost.perConversation);
        else expect(cached).toBeLessThan(cost.perConversation);
      }),
    );
  });

  it("below the minimum, the cached figures equal the uncached ones", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4095 }), price, requests, turns, (t, p, n, k) => {
        const cost = costOf(
          t,
          { input: p, cache: { write: p * 1.25, read: p * 0.1 } },
          {
            requestsPerMonth: n,
            turns: k,
            cacheMinimumTokens: 4096,
          },
        );
        expect(cost.cached?.perMonth).toBe(cost.perMonth);
        expect(cost.cached?.perConversation).toBe(cost.perConversation);
      }),
    );
  });
});
