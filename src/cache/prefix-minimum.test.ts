import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { cachePrefixEstimate, cachePrefixWarning } from "./prefix-minimum.js";

const tools = (count: number): ServerTool[] =>
  Array.from({ length: count }, (_, index) => ({
    server: "s",
    tool: {
      name: `tool_${index}`,
      description: `Does thing number ${index} to the records of the project, carefully and with a log entry.`,
      inputSchema: { type: "object", properties: { id: { type: "string" }, note: { type: "string" } } },
    },
  }));

describe("cachePrefixWarning", () => {
  it("warns when tools and system are below the model's minimum, naming both numbers", () => {
    const toolset = buildToolset(tools(2), "anthropic");
    const warning = cachePrefixWarning(toolset, { model: "claude-haiku-4-5", system: "Be brief." });
    expect(warning?.code).toBe("cache-prefix-too-short");
    expect(warning?.message).toMatch(
      /tools and system prompt \(≈\d+ tokens, estimated\) are below claude-haiku-4-5's minimum cacheable prefix of 4096 tokens/,
    );
  });

  it("is silent once the prefix reaches the minimum, and counts the system prompt towards it", () => {
    const toolset = buildToolset(tools(2), "anthropic");
    const bare = cachePrefixEstimate(toolset, { model: "claude-opus-4-8" });
    expect(bare?.minimum).toBe(1024);
    expect(bare!.tokens).toBeLessThan(1024);
    const longSystem = "Answer carefully. ".repeat(300);
    expect(cachePrefixWarning(toolset, { model: "claude-opus-4-8", system: longSystem })).toBeUndefined();
    expect(
      cachePrefixWarning(buildToolset(tools(40), "anthropic"), { model: "claude-opus-4-8" }),
    ).toBeUndefined();
  });

  it("says nothing for providers whose caches need no breakpoints", () => {
    expect(cachePrefixWarning(buildToolset(tools(1), "openai-chat"), { model: "gpt-5" })).toBeUndefined();
  });
});
