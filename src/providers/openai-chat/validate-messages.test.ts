import { describe, expect, it } from "vitest";
import { validateOpenAIChatMessages } from "./validate-messages.js";

const call = (id: string, name = "search") => ({
  id,
  type: "function",
  function: { name, arguments: "{}" },
});
const calling = (...calls: unknown[]) => ({ role: "assistant", content: null, tool_calls: calls });
const tool = (id: string) => ({ role: "tool", tool_call_id: id, content: "ok" });

describe("validateOpenAIChatMessages", () => {
  it("accepts a complete parallel round trip", () => {
    const messages = [
      { role: "system", content: "be brief" },
      { role: "user", content: "q" },
      calling(call("call_a"), call("call_b")),
      tool("call_b"),
      tool("call_a"),
      { role: "assistant", content: "done" },
    ];
    expect(validateOpenAIChatMessages({ model: "gpt-4o", messages })).toEqual([]);
  });

  it("regression #24: an assistant tool_calls message without its tool messages", () => {
    const messages = [{ role: "user", content: "q" }, calling(call("call_jJATwLq3bDkU0rYxgM3Fx8Zc"))];
    expect(validateOpenAIChatMessages({ messages })).toEqual([
      {
        provider: "openai",
        status: 400,
        message:
          "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_jJATwLq3bDkU0rYxgM3Fx8Zc",
        param: "messages.[1].role",
      },
    ]);
  });

  it("regression #24: a user message between the call and its result", () => {
    const messages = [
      { role: "user", content: "q" },
      calling(call("call_a")),
      { role: "user", content: "hurry" },
      tool("call_a"),
    ];
    const [first] = validateOpenAIChatMessages({ messages });
    expect(first?.message).toMatch(/did not have response messages: call_a$/);
  });

  it("regression #25: an orphan tool message", () => {
    const messages = [
      { role: "system", content: "s" },
      { role: "user", content: "q" },
      { role: "assistant", content: "let me look" },
      { role: "user", content: "ok" },
      tool("call_gone"),
    ];
    expect(validateOpenAIChatMessages({ messages })).toEqual([
      {
        provider: "openai",
        status: 400,
        message:
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        param: "messages.[4].role",
      },
    ]);
  });

  it("rejects a tool message answering an id the assistant did not issue", () => {
    const messages = [
      { role: "user", content: "q" },
      calling(call("call_a")),
      tool("call_a"),
      tool("call_z"),
    ];
    expect(validateOpenAIChatMessages({ messages }).map((error) => error.message)).toEqual([
      "Invalid parameter: 'tool_call_id' of 'call_z' not found in 'tool_calls' of previous message.",
    ]);
  });

  it("checks tool names replayed in history", () => {
    const messages = [{ role: "user", content: "q" }, calling(call("call_a", "fs/read")), tool("call_a")];
    expect(validateOpenAIChatMessages({ messages })).toEqual([
      {
        provider: "openai",
        status: 400,
        message:
          "Invalid 'messages[1].tool_calls[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
        param: "messages[1].tool_calls[0].function.name",
        code: "invalid_value",
      },
    ]);
    const long = [{ role: "user", content: "q" }, calling(call("call_a", "a".repeat(65))), tool("call_a")];
    expect(validateOpenAIChatMessages({ messages: long })[0]?.message).toBe(
      "Invalid 'messages[1].tool_calls[0].function.name': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
    );
  });

  it("rejects an unknown role", () => {
    const [error] = validateOpenAIChatMessages({ messages: [{ role: "bot", content: "x" }] });
    expect(error).toMatchObject({ param: "messages[0].role", code: "invalid_value" });
  });
});
