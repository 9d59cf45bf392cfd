import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { validateAnthropicTools } from "../providers/anthropic/validate-tools.js";
import {
  CALL_TOOL,
  FACADE_TOOLS,
  FACADE_TOOLS_TOKENS,
  facadeToolsAnthropicJson,
  SEARCH_TOOLS,
} from "./facade-tools.js";

describe("facade tool definitions", () => {
  it("cost well under 400 o200k_base tokens together, and the exported count is current", () => {
    const tokens = countTokens(facadeToolsAnthropicJson());
    expect(tokens).toBe(FACADE_TOOLS_TOKENS);
    expect(tokens).toBeLessThan(300);
  });

  it("are search_tools(query, limit?) and call_tool(name, arguments)", () => {
    expect(FACADE_TOOLS.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    expect(SEARCH_TOOLS.inputSchema.required).toEqual(["query"]);
    expect(Object.keys(SEARCH_TOOLS.inputSchema.properties as object)).toEqual(["query", "limit"]);
    expect(CALL_TOOL.inputSchema.required).toEqual(["name", "arguments"]);
  });

  it("are valid Anthropic tool definitions", () => {
    const tools = JSON.parse(facadeToolsAnthropicJson()) as unknown[];
    expect(validateAnthropicTools(tools)).toEqual([]);
  });
});
