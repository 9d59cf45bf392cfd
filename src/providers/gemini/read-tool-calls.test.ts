import { describe, expect, it } from "vitest";
import { readToolCalls } from "./read-tool-calls.js";

describe("gemini readToolCalls", () => {
  it("reads functionCall parts in order from a response, a content or its parts", () => {
    const parts = [
      { text: "thinking out loud" },
      { functionCall: { id: "fc-1", name: "s__a", args: { x: 1 } }, thoughtSignature: "c2ln" },
      { functionCall: { id: "fc-2", name: "s__b", args: {} } },
    ];
    const expected = [
      { id: "fc-1", name: "s__a", arguments: { x: 1 } },
      { id: "fc-2", name: "s__b", arguments: {} },
    ];
    expect(readToolCalls({ candidates: [{ content: { role: "model", parts } }] })).toEqual(expected);
    expect(readToolCalls({ role: "model", parts })).toEqual(expected);
    expect(readToolCalls(parts)).toEqual(expected);
  });

  it("gives calls without ids a positional id that is never sent back, even for the same function twice", () => {
    const calls = readToolCalls([
      { functionCall: { name: "s__a", args: { n: 1 } } },
      { functionCall: { name: "s__a" } },
    ]);
    expect(calls).toEqual([
      { id: "function_call_0", name: "s__a", arguments: { n: 1 }, syntheticId: true },
      { id: "function_call_1", name: "s__a", arguments: {}, syntheticId: true },
    ]);
  });

  it("keeps non-object args with argumentsError and marks duplicate ids", () => {
    const calls = readToolCalls([
      { functionCall: { id: "d", name: "s__a", args: ["x"] } },
      { functionCall: { id: "d", name: "s__b", args: {} } },
    ]);
    expect(calls[0]).toMatchObject({
      argumentsError: "functionCall.args must be a JSON object, got an array",
    });
    expect(calls[1]?.duplicateId).toBe(true);
  });

  it("finds nothing in a response without candidates or calls", () => {
    expect(readToolCalls({ candidates: [] })).toEqual([]);
    expect(readToolCalls({ candidates: [{ content: { parts: [{ text: "hi" }] } }] })).toEqual([]);
    expect(readToolCalls({})).toEqual([]);
  });
});
