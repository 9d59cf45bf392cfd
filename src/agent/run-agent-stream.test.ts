/**
 * `runAgent({ stream: true })` with a real Anthropic adapter talking to the strict emulator, wrapped in a small
 * test double that honours the streaming contract (the provider adapters' own streaming is tested with them):
 * it asks the emulator for the whole answer, then reports it as stream events, resolves with it, or stops
 * part-way and rejects `StreamInterruptedError` with the replayable part. Whatever the loop then sends again
 * goes to the emulator, whose validation is the provider's.
 */
import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeHost } from "../dispatch/__fixtures__/fake-host.js";
import { StreamInterruptedError } from "../errors.js";
import { anthropicAdapter } from "../providers/anthropic/anthropic-adapter.js";
import type { ModelAdapter, ModelRequest, ModelResponse } from "../spec/model-adapter.js";
import type { ModelStreamEvent } from "../spec/model-stream.js";
import { startEmulator } from "../testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../testing/emulator/types.js";
import type { AgentEvent } from "./agent-events.js";
import { runAgent } from "./run-agent.js";

let emulator: Emulator;

/** Text and two calls first; once results come back, what they said. */
function model(view: RequestView): Turn {
  if (view.toolResults.length > 0) {
    return {
      text: `results: ${view.toolResults.map((r) => `${r.isError ? "error" : "ok"} ${r.text}`).join(" | ")}`,
    };
  }
  return {
    text: "Let me check both.",
    toolCalls: [
      { name: "s__echo", arguments: { text: "hi" } },
      { name: "s__add", arguments: { a: 1, b: 2 } },
    ],
  };
}

beforeAll(async () => {
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
});

type Stop =
  /** Stream the second call's start and half its arguments, then wait for the caller's abort. */
  | { kind: "abort-during-second-call" }
  /** The same, but the connection drops instead (no abort). */
  | { kind: "drop-during-second-call"; keepPartial: boolean };

/** The real adapter, streaming what the emulator answered; `stop` interrupts the first streamed request. */
function streamingDouble(stop?: Stop) {
  const inner = anthropicAdapter({
    model: "claude-sonnet-5",
    clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
  });
  const seen = { streamed: 0, plain: 0 };
  let pendingStop = stop;
  const generate = async (request: ModelRequest<unknown>): Promise<ModelResponse<Message>> => {
    const { onStream, ...plain } = request;
    const whole = await inner.generate(plain as Parameters<typeof inner.generate>[0]);
    if (onStream === undefined) {
      seen.plain += 1;
      return whole;
    }
    seen.streamed += 1;
    // Three-character pieces, so a listener sees several deltas per answer.
    for (let at = 0; at < whole.text.length; at += 3)
      onStream({ type: "text-delta", text: whole.text.slice(at, at + 3) });
    const current = pendingStop;
    pendingStop = undefined;
    for (const [index, call] of whole.toolCalls.entries()) {
      const args = JSON.stringify(call.arguments);
      const half = Math.floor(args.length / 2);
      const events: ModelStreamEvent[] = [
        { type: "tool-call-start", index, callId: call.id, name: call.name },
        { type: "tool-call-delta", index, callId: call.id, argumentsDelta: args.slice(0, half) },
      ];
      for (const event of events) onStream(event);
      if (current !== undefined && index === 1) {
        const unfinished = [{ callId: call.id, name: call.name }];
        const partial = partialOf(whole, 1);
        if (current.kind === "abort-during-second-call") {
          const signal = request.signal as AbortSignal;
          if (!signal.aborted)
            await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
          throw new StreamInterruptedError(
            "the stream was aborted",
            { partial, unfinished },
            { cause: signal.reason },
          );
        }
        throw new StreamInterruptedError(
          "the stream stopped",
          { ...(current.keepPartial ? { partial } : {}), unfinished },
          { cause: new Error("socket hang up") },
        );
      }
      onStream({ type: "tool-call-delta", index, callId: call.id, argumentsDelta: args.slice(half) });
      onStream({ type: "tool-call-end", index, call });
    }
    return whole;
  };
  const adapter: ModelAdapter<unknown, Message> = {
    provider: inner.provider,
    model: inner.model,
    wire: inner.wire,
    target: inner.target,
    generate,
    userMessage: (text) => inner.userMessage(text),
    appendAssistant: (transcript, response) => inner.appendAssistant(transcript as never, response),
    convertToolResults: (calls, results) => inner.convertToolResults(calls, results),
    appendToolResults: (transcript, append) => inner.appendToolResults(transcript as never, append as never),
  };
  return { adapter, seen };
}

/** What a stream leaves when it stops during call `cut`: the text and the calls before it, no stop reason yet. */
function partialOf(whole: ModelResponse<Message>, cut: number): ModelResponse<Message> {
  const keptIds = new Set(whole.toolCalls.slice(0, cut).map((call) => call.id));
  const content = whole.response.content.filter(
    (block) => block.type !== "tool_use" || keptIds.has(block.id),
  );
  const toolCalls = whole.toolCalls.slice(0, cut);
  return {
    ...whole,
    response: { ...whole.response, content, stop_reason: null },
    toolCalls,
    toolCallCount: toolCalls.length,
    finishReason: "other",
  };
}

function host() {
  return fakeHost({
    s: [
      { name: "echo", handler: (args) => ({ content: [{ type: "text", text: String(args.text) }] }) },
      {
        name: "add",
        handler: (args) => ({ content: [{ type: "text", text: String(Number(args.a) + Number(args.b)) }] }),
      },
    ],
  });
}

/** `[type, detail]` pairs, deltas folded, to compare orders. */
function shape(events: AgentEvent[]): string[] {
  const out: string[] = [];
  for (const event of events) {
    const label =
      event.type === "tool-input-start" ||
      event.type === "tool-input-delta" ||
      event.type === "tool-input-end"
        ? `${event.type} ${event.index}`
        : event.type === "tool-call-start" || event.type === "tool-call-end"
          ? `${event.type} ${event.name}`
          : event.type;
    if (out.at(-1) !== label || !label.includes("delta")) out.push(label);
  }
  return out;
}

describe("runAgent with stream: true", () => {
  it("reports the deltas between request and response, then runs the calls as before", async () => {
    const { adapter, seen } = streamingDouble();
    const tools = host();
    const events: AgentEvent[] = [];
    const result = await runAgent({
      adapter,
      host: tools,
      toolset: tools.toolset(),
      prompt: "go",
      stream: true,
      onEvent: (event) => events.push(event),
    });
    expect(result.stopReason).toBe("done");
    expect(result.text).toBe("results: ok hi | ok 3");
    expect(seen).toEqual({ streamed: 2, plain: 0 });
    expect(shape(events.filter((event) => event.turn === 1))).toEqual([
      "request",
      "text-delta",
      "tool-input-start 0",
      "tool-input-delta 0",
      "tool-input-end 0",
      "tool-input-start 1",
      "tool-input-delta 1",
      "tool-input-end 1",
      "response",
      "usage",
      "tool-call-start s__echo",
      "tool-call-start s__add",
      "tool-call-end s__echo",
      "tool-call-end s__add",
    ]);
    const turnOne = events.filter((event) => event.turn === 1);
    const text = turnOne.flatMap((event) => (event.type === "text-delta" ? [event.text] : [])).join("");
    expect(text).toBe("Let me check both.");
    const ends = turnOne.filter((event) => event.type === "tool-input-end");
    expect(ends).toEqual([
      expect.objectContaining({ name: "s__echo", arguments: { text: "hi" } }),
      expect.objectContaining({ name: "s__add", arguments: { a: 1, b: 2 } }),
    ]);
    const args = turnOne
      .filter((event) => event.type === "tool-input-delta" && event.index === 1)
      .map((event) => (event.type === "tool-input-delta" ? event.argumentsDelta : ""))
      .join("");
    expect(JSON.parse(args)).toEqual({ a: 1, b: 2 });
  });

  it("without stream: true asks without onStream and reports no deltas", async () => {
    const { adapter, seen } = streamingDouble();
    const tools = host();
    const events: AgentEvent[] = [];
    await runAgent({
      adapter,
      host: tools,
      toolset: tools.toolset(),
      prompt: "go",
      onEvent: (e) => events.push(e),
    });
    expect(seen).toEqual({ streamed: 0, plain: 2 });
    expect(events.some((event) => event.type === "text-delta" || event.type.startsWith("tool-input"))).toBe(
      false,
    );
  });

  it("a listener that throws on every text delta breaks nothing", async () => {
    const { adapter } = streamingDouble();
    const tools = host();
    const seen: string[] = [];
    const result = await runAgent({
      adapter,
      host: tools,
      toolset: tools.toolset(),
      prompt: "go",
      stream: true,
      onEvent: (event) => {
        seen.push(event.type);
        if (event.type === "text-delta") throw new Error("listener bug");
      },
    });
    expect(result.stopReason).toBe("done");
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(["ok", "ok"]);
    expect(seen.filter((type) => type === "text-delta").length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe("stop");
  });

  it("an abort mid-stream answers every started call without running it, and the transcript is accepted again", async () => {
    const { adapter } = streamingDouble({ kind: "abort-during-second-call" });
    const tools = host();
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const result = await runAgent({
      adapter,
      host: tools,
      toolset: tools.toolset(),
      prompt: "go",
      stream: true,
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === "tool-input-delta" && event.index === 1) controller.abort();
      },
    });
    expect(result.stopReason).toBe("aborted");
    expect(tools.calls).toEqual([]);
    // The complete call is answered "not run"; the half-written one is closed as cut off.
    const ends = events.filter((event) => event.type === "tool-call-end");
    expect(ends).toEqual([
      expect.objectContaining({
        name: "s__echo",
        server: "s",
        tool: "echo",
        outcome: "aborted",
        isError: true,
      }),
      expect.objectContaining({
        name: "s__add",
        server: "s",
        tool: "add",
        outcome: "aborted",
        isError: true,
      }),
    ]);
    const started = events.filter(
      (event) => event.type === "tool-input-start" || event.type === "tool-call-start",
    );
    for (const start of started) {
      const id = start.callId;
      expect(ends.some((end) => end.type === "tool-call-end" && end.callId === id)).toBe(true);
    }
    expect(events.some((event) => event.type === "response")).toBe(false);
    expect(result.toolCalls).toEqual([expect.objectContaining({ name: "s__echo", outcome: "aborted" })]);

    // user, assistant (text + the complete call), user (its result).
    const transcript = result.transcript as { role: string; content: unknown }[];
    expect(transcript.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    const assistant = transcript[1]?.content as { type: string; id?: string; text?: string }[];
    expect(assistant.map((block) => block.type)).toEqual(["text", "tool_use"]);
    expect(assistant[0]?.text).toBe("Let me check both.");
    const answers = transcript[2]?.content as { type: string; tool_use_id?: string; is_error?: boolean }[];
    expect(answers).toEqual([
      expect.objectContaining({ type: "tool_result", tool_use_id: assistant[1]?.id, is_error: true }),
    ]);

    // Sent again as it is, the emulator (with the provider's own validation) accepts it.
    const before = emulator.requests.length;
    const again = await runAgent({
      adapter,
      host: tools,
      toolset: tools.toolset(),
      messages: result.transcript,
    });
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200]);
    expect(again.stopReason).toBe("done");
    expect(again.text).toMatch(/^results: error /);
  });

  it("a stream that drops keeps its replayable part, closes the cut-off call, and stops with the cause", async () => {
    const { adapter } = streamingDouble({ kind: "drop-during-second-call", keepPartial: true });
    const tools = host();
    const events: AgentEvent[] = [];
    const result = await runAgent({
      adapter,
      host: tools,
      toolset: tools.toolset(),
      prompt: "go",
      stream: true,
      onEvent: (event) => events.push(event),
    });
    expect(result.stopReason).toBe("error");
    expect(result.detail).toBe("socket hang up");
    expect(result.error).toBeInstanceOf(StreamInterruptedError);
    expect(tools.calls).toEqual([]);
    expect(events.filter((event) => event.type === "tool-call-end")).toEqual([
      expect.objectContaining({ name: "s__echo", outcome: "aborted" }),
      expect.objectContaining({ name: "s__add", outcome: "malformed-call", durationMs: 0 }),
    ]);
    expect((result.transcript as { role: string }[]).map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
    expect(events.at(-1)).toEqual(
      expect.objectContaining({ type: "stop", reason: "error", detail: "socket hang up" }),
    );
  });

  it("a stream that drops before anything replayable leaves the transcript as before the request", async () => {
    const { adapter } = streamingDouble({ kind: "drop-during-second-call", keepPartial: false });
    const tools = host();
    const events: AgentEvent[] = [];
    const result = await runAgent({
      adapter,
      host: tools,
      toolset: tools.toolset(),
      prompt: "go",
      stream: true,
      onEvent: (event) => events.push(event),
    });
    expect(result.stopReason).toBe("error");
    expect((result.transcript as { role: string }[]).map((message) => message.role)).toEqual(["user"]);
    expect(events.filter((event) => event.type === "tool-call-start")).toEqual([]);
    expect(events.filter((event) => event.type === "tool-call-end")).toEqual([
      expect.objectContaining({ name: "s__add", outcome: "malformed-call" }),
    ]);
  });
});
