import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import {
  CACHE_MINIMUM_TOKENS,
  DEFAULT_CACHE_MINIMUM_TOKENS,
  TOOL_PROMPT_TOKENS,
} from "../testing/emulator/anthropic-data.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { cacheMinimumFor } from "./cache-rules.js";
import { countTextTokens, estimateToolsetTokens } from "./estimate-tokens.js";
import { ANTHROPIC_TOOL_PROMPT, OPENAI_FUNCTION_FRAMING } from "./overheads.js";

const TOOLS: ServerTool[] = [
  {
    server: "tickets",
    tool: {
      name: "search",
      description: "Search tickets by text.",
      inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
    },
  },
  {
    server: "tickets",
    tool: {
      name: "get",
      description: "Get one ticket.",
      inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    },
  },
  { server: "docs", tool: { name: "list", description: "List documents.", inputSchema: { type: "object" } } },
];

describe("estimateToolsetTokens", () => {
  it("counts each tool's own wire JSON with o200k_base and adds Anthropic's hidden tool prompt once", () => {
    const toolset = buildToolset(TOOLS, "anthropic");
    const estimate = estimateToolsetTokens(toolset, { model: "claude-sonnet-4-5" });
    expect(estimate.estimate).toBe(true);
    expect(estimate.tools.map((tool) => tool.tokens)).toEqual(
      toolset.entries.map((entry) => countTextTokens(entry.json ?? "")),
    );
    expect(estimate.overheadTokens).toBe(496);
    expect(estimate.total).toBe(estimate.toolTokens + 496);
    expect(estimate.servers.map((row) => [row.server, row.tools])).toEqual([
      ["docs", 1],
      ["tickets", 2],
    ]);
    expect(estimate.servers.reduce((sum, row) => sum + row.tokens, 0)).toBe(estimate.toolTokens);
  });

  it("uses the model's row and tool_choice column, and scales text for the newer Claude tokenizer", () => {
    const toolset = buildToolset(TOOLS, "anthropic");
    const forced = estimateToolsetTokens(toolset, { model: "claude-opus-4-8", toolChoice: "any" });
    expect(forced.overheadTokens).toBe(410);
    const older = estimateToolsetTokens(toolset, { model: "claude-sonnet-4-5" });
    expect(forced.toolTokens).toBeCloseTo(older.toolTokens * 1.3, 9);
    const unknown = estimateToolsetTokens(toolset, { model: "claude-future-9" });
    expect(unknown.overheadTokens).toBe(496);
    expect(unknown.overheads.notes.join(" ")).toContain("not in the tool-prompt table");
  });

  it("adds OpenAI's per-function and per-request framing", () => {
    const toolset = buildToolset(TOOLS, "openai-chat");
    const estimate = estimateToolsetTokens(toolset, { model: "gpt-5" });
    const raw = toolset.entries.map((entry) => countTextTokens(entry.json ?? ""));
    expect(estimate.tools.map((tool) => tool.tokens)).toEqual(
      raw.map((n) => n + OPENAI_FUNCTION_FRAMING.perFunction),
    );
    expect(estimate.overheadTokens).toBe(OPENAI_FUNCTION_FRAMING.perRequest);
  });

  it("adds nothing for Gemini (no documented overhead) and says so", () => {
    const estimate = estimateToolsetTokens(buildToolset(TOOLS, "gemini"), { model: "gemini-2.5-flash" });
    expect(estimate.overheadTokens).toBe(0);
    expect(estimate.tools).toHaveLength(3);
    expect(estimate.overheads.notes.join(" ")).toContain("no fixed tool overhead is documented");
  });

  it("charges no overhead for an empty array and skips quarantined tools", () => {
    const empty = estimateToolsetTokens(buildToolset([], "anthropic"), { model: "claude-sonnet-4-5" });
    expect(empty.total).toBe(0);
    const quarantined = estimateToolsetTokens(
      {
        target: { id: "anthropic", wire: "anthropic" },
        entries: [{ server: "a", tool: "broken", status: "quarantined" }],
      },
      { model: "claude-sonnet-4-5" },
    );
    expect(quarantined.tools).toEqual([]);
    expect(quarantined.total).toBe(0);
  });
});

// The emulator keeps its own copy of these dated tables (it must not import cost/); they must not drift apart.
describe("dated tables agree with the emulator's", () => {
  it("hidden tool-prompt tokens", () => {
    expect(ANTHROPIC_TOOL_PROMPT.tokens).toEqual(TOOL_PROMPT_TOKENS);
  });

  it("minimum cacheable lengths", () => {
    for (const [model, tokens] of Object.entries(CACHE_MINIMUM_TOKENS)) {
      expect(cacheMinimumFor("anthropic", model)?.tokens, model).toBe(tokens);
    }
    expect(cacheMinimumFor("anthropic", "claude-unknown")).toMatchObject({
      tokens: DEFAULT_CACHE_MINIMUM_TOKENS,
      assumed: true,
    });
  });
});
