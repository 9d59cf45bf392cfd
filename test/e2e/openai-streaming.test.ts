/**
 * Streaming through the OpenAI adapters (Chat Completions, Responses, OpenAI-compatible), each with the official
 * `openai` SDK client against the strict emulator: events arrive in order and before the turn resolves, the
 * streamed turn resolves to what a non-streamed one gives, and a stream aborted mid-way leaves a part that the
 * emulator's strict validation accepts when replayed with its tool results.
 */
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { StreamInterruptedError } from "../../src/errors.js";
import { openaiChatAdapter } from "../../src/providers/openai-chat/openai-chat-adapter.js";
import { openaiCompatibleAdapter } from "../../src/providers/openai-compatible/openai-compatible-adapter.js";
import { openaiResponsesAdapter } from "../../src/providers/openai-responses/openai-responses-adapter.js";
import type { ModelAdapter } from "../../src/spec/model-adapter.js";
import type { ModelStreamEvent } from "../../src/spec/model-stream.js";
import type { ToolCall, ToolResult } from "../../src/spec/tool-call.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, EmulatorOptions } from "../../src/testing/emulator/types.js";

// biome-ignore lint/suspicious/noExplicitAny: the table holds adapters of different message types.
type AnyAdapter = ModelAdapter<any, any>;

const parameters = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const chatTools = ["get_weather", "get_time"].map((name) => ({
  type: "function",
  function: { name, parameters },
}));
const responsesTools = ["get_weather", "get_time"].map((name) => ({
  type: "function",
  name,
  parameters,
  strict: false,
}));

interface Case {
  label: string;
  tools: unknown[];
  make(client: OpenAI): AnyAdapter;
}

const cases: Case[] = [
  {
    label: "OpenAI Chat Completions",
    tools: chatTools,
    make: (client) => openaiChatAdapter({ model: "gpt-4.1", client }),
  },
  {
    label: "OpenAI Responses",
    tools: responsesTools,
    // A reasoning model: the emulator issues reasoning items and demands them back with their calls.
    make: (client) => openaiResponsesAdapter({ model: "gpt-5", client }),
  },
  {
    label: "OpenAI-compatible",
    tools: chatTools,
    make: (client) => openaiCompatibleAdapter({ model: "qwen3:8b", client }),
  },
];

const TEXT = "The weather in Oslo is cold, with snow expected all afternoon.";
const TWO_CALLS = {
  text: "Checking both.",
  toolCalls: [
    { name: "get_weather", arguments: { city: "Oslo" } },
    { name: "get_time", arguments: { city: "Bergen, Norway" } },
  ],
};

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(options: EmulatorOptions): Promise<{ emulator: Emulator; client: OpenAI }> {
  emulator = await startEmulator(options);
  return {
    emulator,
    client: new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 }),
  };
}

function result(call: ToolCall, text: string): ToolResult {
  return {
    callId: call.id,
    name: call.name,
    outcome: "ok",
    isError: false,
    content: [{ type: "text", text }],
    durationMs: 1,
  };
}

/** Without the (random) call ids, to compare two requests' calls. */
function shape(calls: readonly ToolCall[]): unknown[] {
  return calls.map(({ name, arguments: args }) => ({ name, arguments: args }));
}

describe.each(cases)("$label streaming", (testCase) => {
  it("reports text deltas in order, before the turn resolves, adding up to the final text", async () => {
    const { client } = await start({ script: [{ text: TEXT }], streamEventDelayMs: 3 });
    const adapter = testCase.make(client);
    const events: ModelStreamEvent[] = [];
    let resolved = false;
    let deltaBeforeResolve = false;
    const pending = adapter
      .generate({
        messages: [adapter.userMessage("Weather?")],
        tools: [],
        onStream: (event) => {
          if (!resolved && event.type === "text-delta") deltaBeforeResolve = true;
          events.push(event);
        },
      })
      .then((response) => {
        resolved = true;
        return response;
      });
    const response = await pending;
    expect(deltaBeforeResolve).toBe(true);
    const deltas = events.filter((event) => event.type === "text-delta");
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((event) => event.text).join("")).toBe(TEXT);
    expect(response.text).toBe(TEXT);
    expect(response.finishReason).toBe("stop");
    expect(response.usage.outputTokens).toBeGreaterThan(0);
  });

  it("streams parallel calls with start, deltas and end per index, as the non-streamed request gives them", async () => {
    const { emulator: used, client } = await start({ script: () => TWO_CALLS });
    const adapter = testCase.make(client);
    const request = { messages: [adapter.userMessage("Weather and time?")], tools: testCase.tools };
    const plain = await adapter.generate(request);
    const events: ModelStreamEvent[] = [];
    const streamed = await adapter.generate({ ...request, onStream: (event) => events.push(event) });

    expect(shape(streamed.toolCalls)).toEqual(shape(plain.toolCalls));
    expect(streamed.text).toBe(plain.text);
    expect(streamed.finishReason).toBe(plain.finishReason);
    expect(streamed.toolCalls).toHaveLength(2);
    for (const [index, call] of streamed.toolCalls.entries()) {
      const own = events.filter((event) => "index" in event && event.index === index);
      expect(own[0]).toEqual({ type: "tool-call-start", index, callId: call.id, name: call.name });
      expect(own.at(-1)).toEqual({ type: "tool-call-end", index, call });
      const middle = own.slice(1, -1);
      expect(middle.length).toBeGreaterThan(1);
      expect(middle.every((event) => event.type === "tool-call-delta" && event.callId === call.id)).toBe(
        true,
      );
      const args = middle
        .map((event) => (event.type === "tool-call-delta" ? event.argumentsDelta : ""))
        .join("");
      expect(JSON.parse(args)).toEqual(call.arguments);
    }
    // Call 0 ends before call 1 starts; the text comes first.
    const order = events.map((event) => `${event.type}${"index" in event ? event.index : ""}`);
    expect(order.indexOf("tool-call-end0")).toBeLessThan(order.indexOf("tool-call-start1"));
    expect(order.indexOf("text-delta")).toBeLessThan(order.indexOf("tool-call-start0"));

    // The streamed body is the non-streamed one plus the streaming fields, nothing else.
    const [first, second] = used.requests.map((recorded) => recorded.body as Record<string, unknown>);
    const extra =
      testCase.label === "OpenAI Responses"
        ? { stream: true }
        : { stream: true, stream_options: { include_usage: true } };
    expect(second).toEqual({ ...first, ...extra });
  });

  it("an abort on the first tool-call-end rejects with a replayable part the emulator accepts", async () => {
    const { emulator: used, client } = await start({
      script: [TWO_CALLS, { text: "done" }],
      streamEventDelayMs: 20,
    });
    const adapter = testCase.make(client);
    const controller = new AbortController();
    const messages = [adapter.userMessage("Weather and time?")];
    const events: ModelStreamEvent[] = [];
    const error = await adapter
      .generate({
        messages,
        tools: testCase.tools,
        signal: controller.signal,
        onStream: (event) => {
          events.push(event);
          if (event.type === "tool-call-end") controller.abort();
        },
      })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeInstanceOf(StreamInterruptedError);
    const { interrupted } = error as StreamInterruptedError;
    const partial = interrupted.partial;
    expect(partial).toBeDefined();
    if (partial === undefined) return;
    const ended = events.filter((event) => event.type === "tool-call-end");
    expect(ended).toHaveLength(1);
    expect(partial.toolCalls).toEqual(ended.map((event) => event.call));
    expect(partial.finishReason).toBe("other");
    expect(partial.text).toBe("Checking both.");
    // The second call had started (Chat: its first fragment ended the first) or not yet (Responses).
    expect(interrupted.unfinished.every((call) => call.name === "get_time")).toBe(true);

    const transcript = adapter.appendAssistant(messages, partial.response);
    const answers = adapter.convertToolResults(
      partial.toolCalls,
      partial.toolCalls.map((call) => result(call, "-3°C")),
    );
    const next = await adapter.generate({
      messages: adapter.appendToolResults(transcript, answers.append),
      tools: testCase.tools,
    });
    expect(next.text).toBe("done");
    expect(used.requests.at(-1)?.status).toBe(200);
  });

  it("an error before the stream (401) rejects with the SDK's own error, as without streaming", async () => {
    const { emulator: used } = await start({ script: [{ text: TEXT }] });
    const noKey = new OpenAI({
      apiKey: "test",
      baseURL: used.baseUrls.openai,
      maxRetries: 0,
      defaultHeaders: { Authorization: null },
    });
    const adapter = testCase.make(noKey);
    const events: ModelStreamEvent[] = [];
    const request = { messages: [adapter.userMessage("hi")], tools: [] };
    const streamed = await adapter
      .generate({ ...request, onStream: (event) => events.push(event) })
      .catch((e: unknown) => e);
    const plain = await adapter.generate(request).catch((e: unknown) => e);
    expect(streamed).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(streamed).not.toBeInstanceOf(StreamInterruptedError);
    expect((streamed as Error).message).toBe((plain as Error).message);
    expect(events).toEqual([]);
  });
});
