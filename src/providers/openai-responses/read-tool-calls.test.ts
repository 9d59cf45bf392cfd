import { describe, expect, it } from "vitest";
import { readToolCalls } from "./read-tool-calls.js";

const fc = (callId: string, name: string, args: string) => ({
  type: "function_call",
  id: `fc_${callId}`,
  call_id: callId,
  name,
  arguments: args,
  status: "completed",
});

describe("openai-responses readToolCalls", () => {
  it("reads function_call items in order by call_id, from a response or its output items", () => {
    const output = [
      { type: "reasoning", id: "rs_1", summary: [] },
      fc("call_a", "s__x", '{"n":1}'),
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "hi" }] },
      fc("call_b", "s__y", "{}"),
    ];
    const expected = [
      { id: "call_a", name: "s__x", arguments: { n: 1 } },
      { id: "call_b", name: "s__y", arguments: {} },
    ];
    expect(readToolCalls({ output })).toEqual(expected);
    expect(readToolCalls(output)).toEqual(expected);
  });

  it("keeps malformed or non-object arguments with argumentsError", () => {
    const [bad, scalar] = readToolCalls({ output: [fc("c1", "s__x", "{oops}"), fc("c2", "s__x", "42")] });
    expect(bad).toMatchObject({
      arguments: "{oops}",
      argumentsError: expect.stringMatching(/^arguments are not valid JSON/),
    });
    expect(scalar?.argumentsError).toBe("arguments must be a JSON object, got a number: 42");
  });

  it("marks duplicate call ids, ignores custom and built-in tool calls, finds nothing in empty output", () => {
    const calls = readToolCalls({
      output: [
        fc("dup", "s__x", "{}"),
        { type: "custom_tool_call", call_id: "cust", name: "grammar", input: "x" },
        { type: "web_search_call", id: "ws_1", status: "completed" },
        fc("dup", "s__y", "{}"),
      ],
    });
    expect(calls.map((call) => [call.id, call.name, call.duplicateId])).toEqual([
      ["dup", "s__x", undefined],
      ["dup", "s__y", true],
    ]);
    expect(readToolCalls({ output: [] })).toEqual([]);
  });
});
