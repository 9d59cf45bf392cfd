import { describe, expect, it } from "vitest";
import {
  conversationBreakpoint,
  countCacheBreakpoints,
  systemWithBreakpoint,
} from "./cache-system-prompt.js";

const marked = (ttl?: "5m" | "1h") => ({
  name: "t",
  input_schema: { type: "object" },
  cache_control: ttl === undefined ? { type: "ephemeral" } : { type: "ephemeral", ttl },
});
const plain = { name: "u", input_schema: { type: "object" } };
const block = { type: "text", text: "x", cache_control: { type: "ephemeral" } };

describe("systemWithBreakpoint", () => {
  it("follows the tools by default: a breakpoint only when the last tool carries one, with its TTL", () => {
    expect(systemWithBreakpoint("Be brief.", "auto", { tools: [plain] })).toBe("Be brief.");
    expect(systemWithBreakpoint("Be brief.", "auto", { tools: [plain, marked("1h")] })).toEqual([
      { type: "text", text: "Be brief.", cache_control: { type: "ephemeral", ttl: "1h" } },
    ]);
    expect(systemWithBreakpoint("Be brief.", "auto", { tools: [marked()] })).toEqual([
      { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
    ]);
  });

  it("true adds one without cached tools, false never does, and an empty prompt stays absent", () => {
    expect(systemWithBreakpoint("s", true, {})).toEqual([
      { type: "text", text: "s", cache_control: { type: "ephemeral" } },
    ]);
    expect(systemWithBreakpoint("s", false, { tools: [marked()] })).toBe("s");
    expect(systemWithBreakpoint("", true, {})).toBeUndefined();
    expect(systemWithBreakpoint(undefined, true, {})).toBeUndefined();
  });

  it("stays within the 4-breakpoint limit", () => {
    const messages = [{ role: "user", content: [block, block] }];
    expect(systemWithBreakpoint("s", "auto", { tools: [marked()], messages })).not.toBe("s"); // 3 + 1 = 4
    const full = [{ role: "user", content: [block, block, block] }];
    expect(systemWithBreakpoint("s", "auto", { tools: [marked()], messages: full })).toBe("s");
    expect(
      systemWithBreakpoint("s", true, {
        messages: messages,
        cache_control: { type: "ephemeral" },
        tools: [marked()],
      }),
    ).toBe("s");
  });
});

describe("conversationBreakpoint", () => {
  it("follows the tools by default, with the last tool's TTL; true and false override", () => {
    expect(conversationBreakpoint("auto", { tools: [plain] })).toBeUndefined();
    expect(conversationBreakpoint("auto", { tools: [marked("1h")] })).toEqual({
      type: "ephemeral",
      ttl: "1h",
    });
    expect(conversationBreakpoint(true, {})).toEqual({ type: "ephemeral" });
    expect(conversationBreakpoint(false, { tools: [marked()] })).toBeUndefined();
  });

  it("leaves the caller's own top-level marker alone and never takes a fifth slot", () => {
    expect(conversationBreakpoint(true, { cache_control: { type: "ephemeral", ttl: "1h" } })).toBeUndefined();
    const three = [{ role: "user", content: [block, block] }];
    expect(conversationBreakpoint("auto", { tools: [marked()], messages: three })).toEqual({
      type: "ephemeral",
    });
    const four = [{ role: "user", content: [block, block, block] }];
    expect(conversationBreakpoint("auto", { tools: [marked()], messages: four })).toBeUndefined();
  });
});

describe("countCacheBreakpoints", () => {
  it("counts tools, system blocks, message blocks and the top-level marker", () => {
    expect(
      countCacheBreakpoints({
        tools: [marked(), plain],
        system: [block],
        messages: [
          { role: "user", content: "text" },
          { role: "user", content: [block, { type: "text" }] },
        ],
        cache_control: { type: "ephemeral" },
      }),
    ).toBe(4);
    expect(countCacheBreakpoints({ system: "plain", messages: [] })).toBe(0);
  });
});
