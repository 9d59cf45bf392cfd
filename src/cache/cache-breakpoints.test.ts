import { describe, expect, it } from "vitest";
import { toolsCacheOptions } from "./cache-breakpoints.js";

describe("toolsCacheOptions", () => {
  it("puts a breakpoint on the last tool for Anthropic targets only", () => {
    expect(toolsCacheOptions("anthropic")).toEqual({ cacheControl: { type: "ephemeral" } });
    expect(toolsCacheOptions("anthropic-strict", "1h")).toEqual({
      cacheControl: { type: "ephemeral", ttl: "1h" },
    });
    for (const target of ["openai-chat", "openai-responses", "gemini", "mcp"] as const) {
      expect(toolsCacheOptions(target)).toEqual({});
    }
  });
});
