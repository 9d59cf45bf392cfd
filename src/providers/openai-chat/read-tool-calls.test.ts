import type { ChatCompletion } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { readToolCalls } from "./read-tool-calls.js";

function completion(toolCalls: unknown[] | undefined): ChatCompletion {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 0,
    model: "gpt-4.1",
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        logprobs: null,
        message: {
          role: "assistant",
          content: null,
          refusal: null,
          ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
        },
      },
    ],
  } as ChatCompletion;
}
const fn = (id: string, name: string, args: string) => ({
  id,
  type: "function",
  function: { name, arguments: args },
});

describe("openai-chat readToolCalls", () => {
  it("reads parallel function calls in order, from a completion or its message", () => {
    const response = completion([fn("call_1", "a__x", '{"q":"one"}'), fn("call_2", "a__y", "{}")]);
    const expected = [
      { id: "call_1", name: "a__x", arguments: { q: "one" } },
      { id: "call_2", name: "a__y", arguments: {} },
    ];
    expect(readToolCalls(response)).toEqual(expected);
    expect(readToolCalls(response.choices[0]!.message)).toEqual(expected);
  });

  it("keeps malformed JSON as the raw string with the parse problem", () => {
    const [broken, array, blank] = readToolCalls(
      completion([
        fn("c1", "a__x", '{"q": "unterminated'),
        fn("c2", "a__x", "[1,2]"),
        fn("c3", "a__x", "  "),
      ]),
    );
    expect(broken?.arguments).toBe('{"q": "unterminated');
    expect(broken?.argumentsError).toMatch(/^arguments are not valid JSON \(.+\): \{"q": "unterminated$/);
    expect(array).toMatchObject({
      arguments: "[1,2]",
      argumentsError: "arguments must be a JSON object, got an array: [1,2]",
    });
    expect(blank).toEqual({ id: "c3", name: "a__x", arguments: {} });
  });

  it("marks duplicate ids, skips custom tool calls, finds nothing without tool_calls", () => {
    const calls = readToolCalls(
      completion([
        fn("same", "a__x", "{}"),
        { id: "cust", type: "custom", custom: { name: "grammar", input: "x" } },
        fn("same", "a__y", "{}"),
      ]),
    );
    expect(calls.map((call) => [call.id, call.name, call.duplicateId])).toEqual([
      ["same", "a__x", undefined],
      ["same", "a__y", true],
    ]);
    expect(readToolCalls(completion(undefined))).toEqual([]);
    expect(readToolCalls({ choices: [] })).toEqual([]);
  });

  it("shortens a huge malformed argument string in the error", () => {
    const [call] = readToolCalls(completion([fn("c", "a__x", `{"x":"${"y".repeat(5_000)}`)]));
    expect(call?.argumentsError?.length).toBeLessThan(400);
    expect(call?.argumentsError).toContain("(5006 characters)");
  });
});
