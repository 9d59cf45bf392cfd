import { describe, expect, it } from "vitest";
import { validateOpenAIResponsesMessages } from "./validate-messages.js";

const fnCall = (callId: string, id?: string, name = "search") => ({
  type: "function_call",
  ...(id === undefined ? {} : { id }),
  call_id: callId,
  name,
  arguments: "{}",
});
const output = (callId: string) => ({ type: "function_call_output", call_id: callId, output: "ok" });
const messages = (body: unknown, rules = {}) =>
  validateOpenAIResponsesMessages(body, rules).map((error) => error.message);

describe("validateOpenAIResponsesMessages", () => {
  it("accepts a round trip and a plain string input", () => {
    const input = [
      { role: "user", content: "q" },
      fnCall("call_a"),
      fnCall("call_b"),
      output("call_b"),
      output("call_a"),
    ];
    expect(messages({ model: "gpt-4.1", input })).toEqual([]);
    expect(messages({ model: "gpt-4.1", input: "hello" })).toEqual([]);
  });

  it("regression #26: a function_call_output without its function_call", () => {
    const input = [{ role: "user", content: "q" }, output("call_uelfQ4QhCvIXr9Tr6mDn1Oq2")];
    expect(validateOpenAIResponsesMessages({ input })).toEqual([
      {
        provider: "openai",
        status: 400,
        message: "No tool call found for function call output with call_id call_uelfQ4QhCvIXr9Tr6mDn1Oq2.",
        param: "input",
      },
    ]);
  });

  it("rejects a function_call that is never answered", () => {
    expect(messages({ input: [{ role: "user", content: "q" }, fnCall("call_x")] })).toEqual([
      "No tool output found for function call call_x.",
    ]);
  });

  it("regression #27: a function_call replayed without its reasoning item", () => {
    const fc = "fc_0a4d6e2b8c1f47a9b3e5d7f9a1c3e5b7d9f1a3c5e7b9d1f3";
    const rs = "rs_0a4d6e2b8c1f47a9b3e5d7f9a1c3e5b7d9f1a3c5e7b9d1f2";
    const requiredReasoning = new Map([[fc, rs]]);
    const dropped = [{ role: "user", content: "q" }, fnCall("call_1", fc), output("call_1")];
    expect(messages({ input: dropped }, { requiredReasoning })).toEqual([
      `Item '${fc}' of type 'function_call' was provided without its required 'reasoning' item: '${rs}'.`,
    ]);
    const kept = [
      { role: "user", content: "q" },
      { type: "reasoning", id: rs, summary: [] },
      fnCall("call_1", fc),
      output("call_1"),
    ];
    expect(messages({ input: kept }, { requiredReasoning })).toEqual([]);
  });

  it("counts calls from the previous response", () => {
    const priorItems = [{ role: "user", content: "q" }, fnCall("call_1")];
    expect(messages({ input: [output("call_1")] }, { priorItems })).toEqual([]);
    expect(messages({ input: [{ role: "user", content: "next" }] }, { priorItems })).toEqual([
      "No tool output found for function call call_1.",
    ]);
  });

  it("checks function names replayed in input", () => {
    const [error] = validateOpenAIResponsesMessages({
      input: [fnCall("call_1", undefined, "a.b"), output("call_1")],
    });
    expect(error).toMatchObject({ param: "input[0].name", code: "invalid_value" });
  });
});
