import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import type { ModelStreamEvent } from "../../spec/model-stream.js";
import { readToolCalls } from "./read-tool-calls.js";
import { ChatStreamAssembly } from "./stream-response.js";

function chunk(delta: Record<string, unknown>, finish: string | null = null): ChatCompletionChunk {
  return {
    id: "c1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: finish } as ChatCompletionChunk.Choice],
  };
}

describe("ChatStreamAssembly", () => {
  it("reports reasoning_content, and gives a call without an id the id readToolCalls gives it", () => {
    const events: ModelStreamEvent[] = [];
    const assembly = new ChatStreamAssembly((event) => events.push(event));
    assembly.push(chunk({ role: "assistant", reasoning_content: "think" }));
    assembly.push(chunk({ tool_calls: [{ index: 0, function: { name: "f", arguments: '{"a"' } }] }));
    assembly.push(chunk({ tool_calls: [{ index: 0, function: { arguments: ":1}" } }] }, "tool_calls"));
    const completion = assembly.completion();
    expect(events[0]).toEqual({ type: "reasoning-delta", text: "think" });
    expect(events.at(-1)).toEqual({ type: "tool-call-end", index: 0, call: readToolCalls(completion)[0] });
    expect(readToolCalls(completion)[0]).toMatchObject({
      id: "call_0",
      syntheticId: true,
      arguments: { a: 1 },
    });
    expect(completion.choices[0]?.message).toMatchObject({ reasoning_content: "think" });
  });

  it("leaves no partial when neither text nor a complete call arrived", () => {
    const assembly = new ChatStreamAssembly(() => {});
    assembly.push(chunk({ tool_calls: [{ index: 0, id: "x", function: { name: "f", arguments: "{" } }] }));
    expect(assembly.finished).toBe(false);
    expect(assembly.interrupted()).toEqual({ unfinished: [{ callId: "x", name: "f" }] });
  });
});
