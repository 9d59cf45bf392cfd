/**
 * The Anthropic adapter streaming through `@anthropic-ai/sdk` against the strict emulator: events in arrival
 * order, the same answer and body as the non-streamed request, signed thinking replayed, an abort mid-stream
 * leaving a partial turn the emulator accepts back, and errors before the stream left as the SDK raised them.
 */
import { APIError } from "@anthropic-ai/sdk";
import type { Message, MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { afterEach, describe, expect, it } from "vitest";
import { StreamInterruptedError } from "../../src/errors.js";
import {
  type AnthropicAdapterOptions,
  anthropicAdapter,
} from "../../src/providers/anthropic/anthropic-adapter.js";
import type { ModelStreamEvent } from "../../src/spec/model-stream.js";
import type { ServerTool } from "../../src/spec/tool.js";
import type { ToolCall, ToolResult } from "../../src/spec/tool-call.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, Policy } from "../../src/testing/emulator/types.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";

const catalogue: ServerTool[] = [
  {
    server: "srv",
    tool: {
      name: "echo",
      description: "Echoes text",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
  },
];
const tools = buildToolset(catalogue, "anthropic").tools;

/** Text and two calls first; once the results are back, their texts. */
const policy: Policy = (view) =>
  view.toolResults.length === 0
    ? {
        text: "Let me ask the echo tool twice, once per phrase.",
        toolCalls: [
          { name: "srv__echo", arguments: { text: "the first phrase, long enough to split" } },
          { name: "srv__echo", arguments: { text: "a second phrase" } },
        ],
      }
    : { text: view.toolResults.map((result) => result.text).join(" / ") };

const emulators: Emulator[] = [];
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

async function start(streamEventDelayMs = 0): Promise<Emulator> {
  const emulator = await startEmulator({ script: policy, streamEventDelayMs });
  emulators.push(emulator);
  return emulator;
}

function adapterFor(emulator: Emulator, options: Partial<AnthropicAdapterOptions> = {}) {
  return anthropicAdapter({
    model: "claude-opus-4-8",
    clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
    // Thinking on: the emulator then rejects a replayed tool turn whose thinking block lost its signature.
    params: { thinking: { type: "enabled", budget_tokens: 1024 } },
    ...options,
  });
}

function results(calls: readonly ToolCall[]): ToolResult[] {
  return calls.map((call) => ({
    callId: call.id,
    name: call.name,
    server: "srv",
    tool: "echo",
    outcome: "ok",
    isError: false,
    content: [{ type: "text", text: `echo: ${(call.arguments as { text: string }).text}` }],
    durationMs: 1,
  }));
}

const question: MessageParam[] = [{ role: "user", content: "Echo two phrases." }];

describe("Anthropic adapter streaming", () => {
  it("reports thinking, text and both calls in order and resolves with the non-streamed answer", async () => {
    const plainEmulator = await start();
    const plain = await adapterFor(plainEmulator).generate({
      messages: question,
      tools,
      system: "Be brief.",
    });

    const emulator = await start();
    const events: ModelStreamEvent[] = [];
    const streamed = await adapterFor(emulator).generate({
      messages: question,
      tools,
      system: "Be brief.",
      onStream: (event) => events.push(event),
    });

    // The body is the non-streamed body plus `stream: true`, nothing else.
    expect(emulator.requests[0]?.body).toEqual({
      ...(plainEmulator.requests[0]?.body as object),
      stream: true,
    });
    // The assembled message is exactly what the API would have answered without streaming.
    expect(streamed.response).toEqual(emulator.requests[0]?.response);

    const kinds = events.map((event) => event.type).filter((type, index, all) => type !== all[index - 1]);
    expect(kinds).toEqual([
      "reasoning-delta",
      "text-delta",
      "tool-call-start",
      "tool-call-delta",
      "tool-call-end",
      "tool-call-start",
      "tool-call-delta",
      "tool-call-end",
    ]);
    const texts = events.flatMap((event) => (event.type === "text-delta" ? [event.text] : []));
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join("")).toBe(streamed.text);
    expect(streamed.text).toBe(plain.text);
    const thinking = events.flatMap((event) => (event.type === "reasoning-delta" ? [event.text] : []));
    expect(thinking.length).toBeGreaterThan(1);
    expect(thinking.join("")).toBe("(emulated reasoning)");

    // Calls: indexes from 0, the block ids, argument deltas that form the JSON, ends equal to toolCalls.
    const starts = events.filter((event) => event.type === "tool-call-start");
    expect(starts.map((event) => [event.index, event.callId, event.name])).toEqual(
      streamed.toolCalls.map((call, index) => [index, call.id, call.name]),
    );
    for (const [index, call] of streamed.toolCalls.entries()) {
      const deltas = events.flatMap((event) =>
        event.type === "tool-call-delta" && event.index === index ? [event.argumentsDelta] : [],
      );
      expect(deltas.length).toBeGreaterThan(1);
      expect(JSON.parse(deltas.join(""))).toEqual(call.arguments);
      expect(events.find((event) => event.type === "tool-call-end" && event.index === index)).toEqual({
        type: "tool-call-end",
        index,
        call,
      });
    }
    expect(streamed.toolCalls.map((call) => [call.name, call.arguments])).toEqual(
      plain.toolCalls.map((call) => [call.name, call.arguments]),
    );
    expect(streamed.toolCalls.every((call) => /^toolu_01/.test(call.id))).toBe(true);
    expect(streamed.finishReason).toBe(plain.finishReason);
    // Output tokens are estimated from the content, whose random ids and signatures differ between the two runs.
    expect(streamed.usage.inputTokens).toBe(plain.usage.inputTokens);
    expect(streamed.usage.outputTokens).toBeGreaterThan(1);
  });

  it("replays the streamed turn with its signed thinking: the emulator accepts the next request", async () => {
    const emulator = await start();
    const adapter = adapterFor(emulator);
    const onStream = () => {};
    const first = await adapter.generate({ messages: question, tools, onStream });
    let transcript = adapter.appendAssistant(question, first.response);
    const thinking = first.response.content.find((block) => block.type === "thinking");
    expect(thinking?.type === "thinking" && thinking.signature).toMatch(/.+/);
    transcript = adapter.appendToolResults(
      transcript,
      adapter.convertToolResults(first.toolCalls, results(first.toolCalls)).append,
    );
    const second = await adapter.generate({ messages: transcript, tools, onStream });
    expect(emulator.requests.map((request) => request.status)).toEqual([200, 200]);
    expect(second.text).toBe("echo: the first phrase, long enough to split / echo: a second phrase");
  });

  it("reports text before the answer is finished", async () => {
    const emulator = await start(5);
    let firstTextAt: number | undefined;
    const generating = adapterFor(emulator).generate({
      messages: question,
      tools,
      onStream: (event) => {
        if (event.type === "text-delta") firstTextAt ??= performance.now();
      },
    });
    await generating;
    const doneAt = performance.now();
    expect(firstTextAt).toBeDefined();
    // At least the two calls' events (over a dozen, 5 ms apart) were still to come after the first text.
    expect(doneAt - (firstTextAt ?? doneAt)).toBeGreaterThan(30);
  });

  it("aborted after the first complete call: the partial holds text and that call and is valid to replay", async () => {
    const emulator = await start(20);
    const adapter = adapterFor(emulator);
    const controller = new AbortController();
    const error = await adapter
      .generate({
        messages: question,
        tools,
        signal: controller.signal,
        onStream: (event) => {
          if (event.type === "tool-call-end") controller.abort();
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamInterruptedError);
    const { partial, unfinished } = (error as StreamInterruptedError<Message>).interrupted;
    // Events are 20 ms apart, so the second call has normally not started; on a loaded machine its start may
    // already be buffered, and then it is listed as unfinished (never as a call).
    expect(unfinished.length).toBeLessThanOrEqual(1);
    expect(unfinished.every((call) => call.name === "srv__echo")).toBe(true);
    expect(partial).toBeDefined();
    if (partial === undefined) return;
    expect(partial.finishReason).toBe("other");
    expect(partial.text).toBe("Let me ask the echo tool twice, once per phrase.");
    expect(partial.toolCalls.map((call) => call.arguments)).toEqual([
      { text: "the first phrase, long enough to split" },
    ]);
    expect(partial.response.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use"]);

    let transcript = adapter.appendAssistant(question, partial.response);
    transcript = adapter.appendToolResults(
      transcript,
      adapter.convertToolResults(partial.toolCalls, results(partial.toolCalls)).append,
    );
    const next = await adapter.generate({ messages: transcript, tools });
    expect(emulator.requests.at(-1)?.status).toBe(200);
    expect(next.text).toBe("echo: the first phrase, long enough to split");
  });

  it("aborted mid-text: the partial holds the signed thinking and the text so far; unfinished is empty", async () => {
    const emulator = await start(20);
    const adapter = adapterFor(emulator);
    const controller = new AbortController();
    const error = await adapter
      .generate({
        messages: question,
        tools,
        signal: controller.signal,
        onStream: (event) => {
          if (event.type === "text-delta") controller.abort();
        },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamInterruptedError);
    const { partial } = (error as StreamInterruptedError<Message>).interrupted;
    expect(partial?.toolCalls).toEqual([]);
    expect(partial?.text.length).toBeGreaterThan(0);
    expect("Let me ask the echo tool twice, once per phrase.".startsWith(partial?.text ?? "-")).toBe(true);
    if (partial === undefined) return;
    let transcript = adapter.appendAssistant(question, partial.response);
    transcript = [...transcript, adapter.userMessage("Go on.")];
    await adapter.generate({ messages: transcript, tools });
    expect(emulator.requests.at(-1)?.status).toBe(200);
  });

  it("an error before the stream (401) rejects with the SDK's own error, not an interruption", async () => {
    const emulator = await start();
    const adapter = anthropicAdapter({
      model: "claude-opus-4-8",
      clientOptions: { apiKey: " ", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
    });
    const error = await adapter
      .generate({ messages: question, tools, onStream: () => {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIError);
    expect(error).not.toBeInstanceOf(StreamInterruptedError);
    expect((error as APIError).status).toBe(401);
  });
});
