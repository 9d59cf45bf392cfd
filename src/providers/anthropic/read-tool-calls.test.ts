import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import { describe, expect, it } from "vitest";
import { readToolCalls } from "./read-tool-calls.js";

describe("anthropic readToolCalls", () => {
  it("reads parallel tool_use blocks in order, skipping text and server tool blocks", () => {
    const content = [
      { type: "text", text: "Let me check.", citations: null },
      {
        type: "tool_use",
        id: "toolu_1",
        name: "weather__forecast",
        input: { city: "Oslo" },
        caller: { type: "direct" },
      },
      { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "x" } },
      { type: "tool_use", id: "toolu_2", name: "weather__alerts", input: {} },
    ] as unknown as Message["content"];
    expect(readToolCalls({ content })).toEqual([
      { id: "toolu_1", name: "weather__forecast", arguments: { city: "Oslo" } },
      { id: "toolu_2", name: "weather__alerts", arguments: {} },
    ]);
  });

  it("keeps a non-object input with argumentsError instead of throwing", () => {
    const [call] = readToolCalls({ content: [{ type: "tool_use", id: "t", name: "n", input: '{"a":' }] });
    expect(call).toEqual({
      id: "t",
      name: "n",
      arguments: '{"a":',
      argumentsError: 'tool_use.input must be a JSON object, got a string ("{\\"a\\":")',
    });
    expect(
      readToolCalls({ content: [{ type: "tool_use", id: "t", name: "n", input: [1] }] })[0]?.argumentsError,
    ).toContain("an array");
  });

  it("marks a repeated id and makes an id for a block without one", () => {
    const calls = readToolCalls({
      content: [
        { type: "tool_use", id: "dup", name: "a", input: {} },
        { type: "tool_use", id: "dup", name: "b", input: {} },
        { type: "tool_use", name: "c", input: {} },
      ],
    });
    expect(calls.map((call) => [call.id, call.duplicateId, call.syntheticId])).toEqual([
      ["dup", undefined, undefined],
      ["dup", true, undefined],
      ["tool_use_2", undefined, true],
    ]);
  });

  it("finds nothing in empty or string content", () => {
    expect(readToolCalls({ content: [] })).toEqual([]);
    expect(readToolCalls({ content: "just text" })).toEqual([]);
  });
});
