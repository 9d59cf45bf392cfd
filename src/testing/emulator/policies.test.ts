import { describe, expect, it } from "vitest";
import { callThenAnswer, resolveTurn, ScriptError, scripted } from "./policies.js";
import type { RequestView } from "./types.js";

function view(partial: Partial<RequestView>): RequestView {
  return {
    api: "anthropic",
    model: "m",
    system: "",
    tools: ["lookup"],
    messages: [],
    toolResults: [],
    turnIndex: 0,
    body: {},
    ...partial,
  };
}

describe("scripted", () => {
  it("answers turn n of the conversation with element n, calling policies with the view", () => {
    const policy = scripted([{ text: "zero" }, (seen) => ({ text: `one after ${seen.turnIndex}` })]);
    expect(policy(view({ turnIndex: 0 }))).toEqual({ text: "zero" });
    expect(policy(view({ turnIndex: 1 }))).toEqual({ text: "one after 1" });
    expect(() => policy(view({ turnIndex: 2 }))).toThrow(ScriptError);
  });
});

describe("callThenAnswer", () => {
  it("calls the tool, then answers with the text of the results", () => {
    const policy = callThenAnswer("lookup", { q: "x" });
    expect(policy(view({}))).toEqual({ toolCalls: [{ name: "lookup", arguments: { q: "x" } }] });
    const toolResults = [
      { id: "1", name: "lookup", isError: false, text: "found" },
      { id: "2", name: "lookup", isError: true, text: "boom" },
    ];
    expect(policy(view({ toolResults, turnIndex: 1 }))).toEqual({ text: "found\nerror: boom" });
  });
});

describe("resolveTurn", () => {
  it("refuses calls to tools the request does not offer, and empty turns", () => {
    expect(() => resolveTurn([{ toolCalls: [{ name: "other", arguments: {} }] }], view({}))).toThrow(
      "script called tool 'other', which the request does not offer (offered: lookup)",
    );
    expect(() => resolveTurn(() => ({}), view({}))).toThrow("neither text nor tool calls");
    expect(resolveTurn([{ text: "ok" }], view({}))).toEqual({ text: "ok" });
  });

  it("lets a script call a tool the request lacks when it says so (a stale name from an earlier turn)", () => {
    const stale = { toolCalls: [{ name: "gone", arguments: {}, unoffered: true }] };
    expect(resolveTurn([stale], view({}))).toEqual(stale);
  });
});
