import { describe, expect, it } from "vitest";
import { formatMoney, formatTokens } from "./format-money.js";
import { whatIf } from "./what-if.js";

// The arithmetic of issue 5 ("Cost you can see"), reproduced exactly.
describe("what-if arithmetic", () => {
  it("40 tools × 130 tokens = 5,200 tokens: $0.0156 a request, $3,120 a month at $3/M and 200,000 requests", () => {
    const report = whatIf({ tools: 40, tokensPerTool: 130, price: 3, requestsPerMonth: 200_000, turns: 4 });
    expect(report.tokens).toBe(5200);
    expect(formatTokens(report.tokens)).toBe("5,200");
    expect(report.cost.perRequest).toBe(0.0156);
    expect(formatMoney(report.cost.perRequest)).toBe("$0.0156");
    expect(report.cost.perMonth).toBe(3120);
    expect(formatMoney(report.cost.perMonth)).toBe("$3,120.00");
  });

  it("6 tools = 780 tokens: $0.00234 a request (shown $0.0023) and $468.00 a month, not $460", () => {
    const report = whatIf({ tools: 6, tokensPerTool: 130, price: 3, requestsPerMonth: 200_000, turns: 1 });
    expect(report.tokens).toBe(780);
    expect(report.cost.perRequest).toBe(0.00234);
    expect(formatMoney(report.cost.perRequest)).toBe("$0.0023");
    expect(report.cost.perMonth).toBe(468);
    expect(formatMoney(report.cost.perMonth)).toBe("$468.00");
    // What a rounded intermediate would have given:
    expect(formatMoney(0.0023 * 200_000)).toBe("$460.00");
  });

  it("8 tools ≈ 1,040 tokens and 15 tools ≈ 1,950", () => {
    expect(whatIf({ tools: 8, tokensPerTool: 130, price: 3, requestsPerMonth: 1, turns: 1 }).tokens).toBe(
      1040,
    );
    expect(whatIf({ tools: 15, tokensPerTool: 130, price: 3, requestsPerMonth: 1, turns: 1 }).tokens).toBe(
      1950,
    );
  });

  it("a four-turn conversation pays the definitions four times", () => {
    const report = whatIf({ tools: 40, tokensPerTool: 130, price: 3, requestsPerMonth: 200_000, turns: 4 });
    expect(report.cost.conversationTokens).toBe(4 * 5200);
    expect(report.cost.perConversation).toBe(4 * report.cost.perRequest);
  });

  it("560 extra tokens over 6 calls = 3,360 tokens, about $0.05 at $15/M", () => {
    const report = whatIf({ tokens: 560, price: 15, requestsPerMonth: 0, turns: 6 });
    expect(report.cost.conversationTokens).toBe(3360);
    expect(report.cost.perConversation).toBeCloseTo(0.0504, 15);
    expect(formatMoney(report.cost.perConversation)).toBe("$0.0504");
    expect(Math.abs(report.cost.perConversation - 0.05)).toBeLessThan(0.001);
  });

  it("prices caching with Anthropic's 5-minute multipliers unless told otherwise", () => {
    const report = whatIf({ tools: 40, tokensPerTool: 130, price: 3, requestsPerMonth: 200_000, turns: 4 });
    expect(report.cache.write).toBe(3.75);
    expect(report.cache.read).toBeCloseTo(0.3, 15);
    expect(report.cost.cached?.perConversation).toBeCloseTo(0.02418, 15);
    expect(report.cost.cached?.perMonth).toBeCloseTo(1209, 9);
    const below = whatIf({ tokens: 780, price: 1, requestsPerMonth: 1, turns: 4, cacheMinimumTokens: 4096 });
    expect(below.cost.cached?.applies).toBe(false);
  });

  it("needs tools × tokens-per-tool, or tokens, but not both", () => {
    expect(() => whatIf({ tools: 4, price: 3, requestsPerMonth: 1, turns: 1 })).toThrow(
      expect.objectContaining({ code: "COST_INPUT", problem: "tokens-missing" }),
    );
    expect(() =>
      whatIf({ tools: 4, tokensPerTool: 1, tokens: 9, price: 3, requestsPerMonth: 1, turns: 1 }),
    ).toThrow(expect.objectContaining({ code: "COST_INPUT", problem: "tokens-and-per-tool" }));
  });
});
