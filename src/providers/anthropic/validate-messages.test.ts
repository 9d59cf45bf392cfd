import { describe, expect, it } from "vitest";
import { validateAnthropicMessages } from "./validate-messages.js";

const user = (content: unknown) => ({ role: "user", content });
const assistant = (content: unknown) => ({ role: "assistant", content });
const toolUse = (id: string, name = "search") => ({ type: "tool_use", id, name, input: {} });
const toolResult = (id: string) => ({ type: "tool_result", tool_use_id: id, content: "ok" });

/** `count` alternating messages starting with a user message, without any tool blocks. */
function filler(count: number): unknown[] {
  return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? user("hi") : assistant("hello")));
}

function messagesOf(messages: unknown[], extra: Record<string, unknown> = {}) {
  return validateAnthropicMessages({ model: "claude-opus-4-8", max_tokens: 10, messages, ...extra }).map(
    (error) => error.message,
  );
}

describe("validateAnthropicMessages", () => {
  it("accepts a complete two-call round trip", () => {
    const errors = messagesOf([
      user("weather?"),
      assistant([{ type: "text", text: "checking" }, toolUse("toolu_a"), toolUse("toolu_b")]),
      user([toolResult("toolu_b"), toolResult("toolu_a"), { type: "text", text: "thanks" }]),
      assistant("done"),
    ]);
    expect(errors).toEqual([]);
  });

  it("regression #8: parallel calls whose results are missing", () => {
    // Two user messages in a row (the API merges them) put the assistant turn at index 22.
    const ids = ["toolu_01HqfLWiAKQLsniF2fBGF2KD", "toolu_01SJzDkeAZER935cpGFptTNk"];
    const messages = [user("start"), ...filler(21), assistant(ids.map((id) => toolUse(id))), user("go on")];
    expect(messages).toHaveLength(24);
    expect(messagesOf(messages)).toEqual([
      "messages.22: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01HqfLWiAKQLsniF2fBGF2KD, toolu_01SJzDkeAZER935cpGFptTNk. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    ]);
  });

  it("regression #8 also fires when results are split over two user messages", () => {
    const errors = messagesOf([
      user("q"),
      assistant([toolUse("toolu_a"), toolUse("toolu_b")]),
      user([toolResult("toolu_a")]),
      user([toolResult("toolu_b")]),
    ]);
    expect(errors[0]).toBe(
      "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_b. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    );
  });

  it("regression #9: an orphan tool_result after truncation", () => {
    const messages = [
      ...filler(47),
      assistant([toolUse("toolu_01Valid")]),
      user([toolResult("toolu_01Valid"), toolResult("toolu_019EgDgmTJcjkHnBiV7b9Xq4")]),
    ];
    expect(messagesOf(messages)).toEqual([
      "messages.48.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_019EgDgmTJcjkHnBiV7b9Xq4. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
    ]);
  });

  it("regression #10: text before the tool_result", () => {
    const messages = [
      ...filler(223),
      assistant([toolUse("toolu_x")]),
      user([{ type: "text", text: "here you go" }, toolResult("toolu_x")]),
    ];
    expect(messagesOf(messages)).toEqual([
      "messages.224: Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.",
    ]);
  });

  it("rejects empty content except in the final assistant message", () => {
    expect(messagesOf([user("q"), assistant(""), user("again")])).toEqual([
      "messages.1: all messages must have non-empty content except for the optional final assistant message",
    ]);
    expect(messagesOf([user("q"), assistant([])])).toEqual([]);
    expect(messagesOf([])).toEqual(["messages: at least one message is required"]);
  });

  it("checks tool names replayed in history against the configured length", () => {
    const bad = assistant([toolUse("toolu_a", "server.search")]);
    expect(messagesOf([user("q"), bad, user([toolResult("toolu_a")])])).toEqual([
      "messages.1.content.0.tool_use.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    ]);
    const long = assistant([toolUse("toolu_a", "x".repeat(65))]);
    const errors = validateAnthropicMessages(
      { messages: [user("q"), long, user([toolResult("toolu_a")])] },
      { nameMaxLength: 64 },
    );
    expect(errors.map((error) => error.message)).toEqual([
      "messages.1.content.0.tool_use.name: String should have at most 64 characters",
    ]);
  });

  it("requires the thinking block on the final tool-use turn when thinking is on", () => {
    const loop = [user("q"), assistant([toolUse("toolu_a")]), user([toolResult("toolu_a")])];
    const thinking = { thinking: { type: "enabled", budget_tokens: 1024 } };
    expect(messagesOf(loop, thinking)).toEqual([
      "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking",
    ]);
    const replayed = [
      user("q"),
      assistant([{ type: "thinking", thinking: "hm", signature: "sig" }, toolUse("toolu_a")]),
      user([toolResult("toolu_a")]),
    ];
    expect(messagesOf(replayed, thinking)).toEqual([]);
    expect(messagesOf(loop)).toEqual([]);
  });

  it("reports every status as 400 from anthropic", () => {
    const [error] = validateAnthropicMessages({ messages: [user("q"), assistant([toolUse("t")])] });
    expect(error).toMatchObject({ provider: "anthropic", status: 400 });
  });
});
