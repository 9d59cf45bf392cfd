import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { describe, expect, it } from "vitest";
import { StreamInterruptedError } from "../../errors.js";
import type { ModelStreamEvent } from "../../spec/model-stream.js";
import { readToolCalls } from "./read-tool-calls.js";
import { anthropicStreamAssembler, readAnthropicStream } from "./stream-response.js";

const start = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-x",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 1 },
  },
} as unknown as RawMessageStreamEvent;

const ev = (event: Record<string, unknown>) => event as unknown as RawMessageStreamEvent;
const blockStart = (index: number, content_block: Record<string, unknown>) =>
  ev({ type: "content_block_start", index, content_block });
const delta = (index: number, value: Record<string, unknown>) =>
  ev({ type: "content_block_delta", index, delta: value });
const stop = (index: number) => ev({ type: "content_block_stop", index });

function feed(events: RawMessageStreamEvent[]) {
  const assembler = anthropicStreamAssembler();
  const out: ModelStreamEvent[] = events.flatMap((event) => assembler.push(event));
  return { assembler, out };
}

async function* iterate(events: RawMessageStreamEvent[], failure?: Error) {
  for (const event of events) yield event;
  if (failure !== undefined) throw failure;
}

describe("anthropicStreamAssembler", () => {
  it("ends a call with malformed input JSON exactly as readToolCalls reads the assembled message", () => {
    const { assembler, out } = feed([
      start,
      blockStart(0, { type: "tool_use", id: "toolu_a", name: "f", input: {} }),
      delta(0, { type: "input_json_delta", partial_json: '{"a":' }),
      stop(0),
      ev({
        type: "message_delta",
        delta: { stop_reason: "tool_use", stop_sequence: null },
        usage: { output_tokens: 7 },
      }),
      ev({ type: "message_stop" }),
    ]);
    const end = out.find((event) => event.type === "tool-call-end");
    const [call] = readToolCalls(assembler.result());
    expect(end).toEqual({ type: "tool-call-end", index: 0, call });
    expect(call?.argumentsError).toMatch(/must be a JSON object, got a string/);
    expect(assembler.finished).toBe(true);
    expect(assembler.result().usage).toEqual({ input_tokens: 10, output_tokens: 7 });
  });

  it("keeps only replayable blocks when interrupted: text so far, closed calls, signed thinking", () => {
    const { assembler } = feed([
      start,
      blockStart(0, { type: "thinking", thinking: "", signature: "" }),
      delta(0, { type: "thinking_delta", thinking: "hmm" }),
      stop(0), // no signature arrived: not replayable
      blockStart(1, { type: "text", text: "" }),
      delta(1, { type: "text_delta", text: "Hel" }),
      blockStart(2, { type: "tool_use", id: "toolu_b", name: "g", input: {} }),
      delta(2, { type: "input_json_delta", partial_json: '{"x":1}' }),
      stop(2),
      blockStart(3, { type: "tool_use", id: "toolu_c", name: "h", input: {} }),
      delta(3, { type: "input_json_delta", partial_json: '{"y"' }),
    ]);
    const { partial, unfinished } = assembler.interrupted();
    expect(partial?.response.content).toEqual([
      { type: "text", text: "Hel" },
      { type: "tool_use", id: "toolu_b", name: "g", input: { x: 1 } },
    ]);
    expect(partial?.toolCalls).toEqual([{ id: "toolu_b", name: "g", arguments: { x: 1 } }]);
    expect(partial?.finishReason).toBe("other");
    expect(unfinished).toEqual([{ callId: "toolu_c", name: "h" }]);
  });

  it("keeps a thinking block once its signature arrived", () => {
    const { assembler } = feed([
      start,
      blockStart(0, { type: "thinking", thinking: "", signature: "" }),
      delta(0, { type: "thinking_delta", thinking: "hmm" }),
      delta(0, { type: "signature_delta", signature: "sig" }),
      stop(0),
    ]);
    expect(assembler.interrupted().partial?.response.content).toEqual([
      { type: "thinking", thinking: "hmm", signature: "sig" },
    ]);
  });

  it("has no partial when nothing replayable arrived", () => {
    const { assembler } = feed([start, blockStart(0, { type: "text", text: "" })]);
    expect(assembler.interrupted()).toEqual({ unfinished: [] });
  });
});

describe("readAnthropicStream", () => {
  it("rethrows an error raised before any event unchanged", async () => {
    const failure = new Error("401");
    await expect(readAnthropicStream(iterate([], failure), () => {})).rejects.toBe(failure);
  });

  it("wraps an error after the first event, with the cause", async () => {
    const failure = new Error("socket hang up");
    const error = await readAnthropicStream(
      iterate(
        [start, blockStart(0, { type: "text", text: "" }), delta(0, { type: "text_delta", text: "Hi" })],
        failure,
      ),
      () => {},
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as StreamInterruptedError).cause).toBe(failure);
    expect((error as StreamInterruptedError).interrupted.partial?.text).toBe("Hi");
  });

  it("treats a stream that ends without message_stop as interrupted, and ignores a throwing listener", async () => {
    const error = await readAnthropicStream(
      iterate([
        start,
        blockStart(0, { type: "text", text: "" }),
        delta(0, { type: "text_delta", text: "Hi" }),
      ]),
      () => {
        throw new Error("listener bug");
      },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamInterruptedError);
    expect((error as Error).message).toMatch(/before message_stop/);
  });
});
