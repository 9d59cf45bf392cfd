import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "./build-toolset.js";
import { checkRequestLimits, contextWindowOf } from "./request-limits.js";

/** `count` tools whose descriptions are about `words` tokens each. */
function heavyTools(count: number, words: number): ServerTool[] {
  const description = "lookup ".repeat(words).trim();
  return Array.from({ length: count }, (_, index) => ({
    server: "big",
    tool: { name: `tool_${index}`, description, inputSchema: { type: "object" as const } },
  })) as ServerTool[];
}

describe("checkRequestLimits", () => {
  it("warns, without blocking, when the definitions take more than half of the context window", () => {
    const report = checkRequestLimits(buildToolset(heavyTools(70, 1000), "openai-chat"), { model: "gpt-4o" });
    expect(report.contextWindow).toBe(128_000);
    expect(report.tokens).toBeGreaterThan(64_000);
    expect(report.tokens).toBeLessThan(128_000);
    expect(Number.isInteger(report.tokens)).toBe(true);
    expect(report.warnings.map((warning) => [warning.code, warning.blocking])).toEqual([
      ["context-share", false],
    ]);
    expect(report.sendable).toBe(true);
  });

  it("blocks when the definitions exceed the context window", () => {
    const report = checkRequestLimits(buildToolset(heavyTools(220, 1000), "anthropic"), {
      model: "claude-sonnet-5",
    });
    expect(report.warnings.map((warning) => warning.code)).toEqual(["context-window-exceeded"]);
    expect(report.sendable).toBe(false);
  });

  it("says nothing for a small array under the tool cap", () => {
    const report = checkRequestLimits(buildToolset(heavyTools(128, 5), "openai-chat"), { model: "gpt-5" });
    expect(report.warnings).toEqual([]);
    expect(report.sendable).toBe(true);
    expect(report.maxTools).toBe(128);
  });

  it("blocks one tool over the cap", () => {
    const report = checkRequestLimits(buildToolset(heavyTools(129, 5), "openai-chat"), { model: "gpt-5" });
    expect(report.warnings.map((warning) => warning.code)).toEqual(["too-many-tools"]);
    expect(report.sendable).toBe(false);
  });
});

describe("contextWindowOf", () => {
  it("takes the longest listed prefix, else the family's window", () => {
    expect(contextWindowOf("gpt-4.1-mini", "openai")).toBe(1_047_576);
    expect(contextWindowOf("gpt-4o-mini", "openai")).toBe(128_000);
    expect(contextWindowOf("some-openai-model", "openai")).toBe(128_000);
    expect(contextWindowOf("anything", "mcp")).toBeUndefined();
  });
});
