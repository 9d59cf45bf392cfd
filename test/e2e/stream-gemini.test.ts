/**
 * The Gemini adapter streaming through `@google/genai` (`streamGenerateContent?alt=sse`) against the strict
 * emulator: events in arrival order, the same answer, call ids and body as the non-streamed request, Gemini 3
 * thought signatures kept for replay, an abort mid-stream leaving a partial turn the emulator accepts back, and
 * errors before the stream left as the SDK raised them.
 */
import { ApiError, type Content, type GenerateContentResponse } from "@google/genai";
import { afterEach, describe, expect, it } from "vitest";
import { StreamInterruptedError } from "../../src/errors.js";
import { geminiAdapter } from "../../src/providers/gemini/gemini-adapter.js";
import type { ModelStreamEvent } from "../../src/spec/model-stream.js";
import type { ServerTool } from "../../src/spec/tool.js";
import type { ToolCall, ToolResult } from "../../src/spec/tool-call.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, Policy } from "../../src/testing/emulator/types.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";

const MODEL = "gemini-3-flash-preview"; // the emulator demands the first call's thoughtSignature back

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
const tools = buildToolset(catalogue, "gemini").tools;

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

function adapterFor(emulator: Emulator, apiKey = "test") {
  return geminiAdapter({ model: MODEL, clientOptions: { apiKey, baseUrl: emulator.baseUrls.gemini } });
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

const question: Content[] = [{ role: "user", parts: [{ text: "Echo two phrases." }] }];

describe("Gemini adapter streaming", () => {
  it("reports text and both calls in order and resolves with the non-streamed answer and call ids", async () => {
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

    expect(emulator.requests[0]?.path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
    expect(emulator.requests[0]?.body).toEqual(plainEmulator.requests[0]?.body);
    // Parts merged back as the API answers them unstreamed: one text part, then each call with its signature.
    const recorded = emulator.requests[0]?.response as GenerateContentResponse;
    expect(streamed.response.candidates).toEqual(recorded.candidates);
    expect(streamed.response.usageMetadata).toEqual(recorded.usageMetadata);
    expect(streamed.response.responseId).toBe(recorded.responseId);
    expect(streamed.response.candidates?.[0]?.content?.parts?.[1]?.thoughtSignature).toMatch(/.+/);

    const kinds = events.map((event) => event.type).filter((type, index, all) => type !== all[index - 1]);
    expect(kinds).toEqual([
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

    // Ids as readToolCalls assigns them on the whole response: the same as without streaming.
    expect(streamed.toolCalls).toEqual(plain.toolCalls);
    const starts = events.filter((event) => event.type === "tool-call-start");
    expect(starts.map((event) => [event.index, event.callId, event.name])).toEqual(
      plain.toolCalls.map((call, index) => [index, call.id, call.name]),
    );
    for (const [index, call] of streamed.toolCalls.entries()) {
      const deltas = events.flatMap((event) =>
        event.type === "tool-call-delta" && event.index === index ? [event.argumentsDelta] : [],
      );
      expect(JSON.parse(deltas.join(""))).toEqual(call.arguments);
      expect(events.find((event) => event.type === "tool-call-end" && event.index === index)).toEqual({
        type: "tool-call-end",
        index,
        call,
      });
    }
    expect(streamed.finishReason).toBe(plain.finishReason);
    // Output tokens are estimated from the content, whose random signatures differ between the two runs.
    expect(streamed.usage.inputTokens).toBe(plain.usage.inputTokens);
    expect(streamed.usage.outputTokens).toBeGreaterThan(1);
  });

  it("replays the streamed turn with its thought signature: the emulator accepts the next request", async () => {
    const emulator = await start();
    const adapter = adapterFor(emulator);
    const onStream = () => {};
    const first = await adapter.generate({ messages: question, tools, onStream });
    let transcript = adapter.appendAssistant(question, first.response);
    transcript = adapter.appendToolResults(
      transcript,
      adapter.convertToolResults(first.toolCalls, results(first.toolCalls)).append,
    );
    const second = await adapter.generate({ messages: transcript, tools, onStream });
    expect(emulator.requests.map((request) => request.status)).toEqual([200, 200]);
    expect(second.text).toBe("echo: the first phrase, long enough to split / echo: a second phrase");
  });

  it("reports text before the answer is finished", async () => {
    const emulator = await start(10);
    let firstTextAt: number | undefined;
    await adapterFor(emulator).generate({
      messages: question,
      tools,
      onStream: (event) => {
        if (event.type === "text-delta") firstTextAt ??= performance.now();
      },
    });
    const doneAt = performance.now();
    expect(firstTextAt).toBeDefined();
    // The later text pieces and the two call chunks (10 ms apart) were still to come after the first text.
    expect(doneAt - (firstTextAt ?? doneAt)).toBeGreaterThan(30);
  });

  it("aborted after the first call: the partial holds the text and that signed call and is valid to replay", async () => {
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
    const { partial, unfinished } = (error as StreamInterruptedError<GenerateContentResponse>).interrupted;
    expect(unfinished).toEqual([]);
    expect(partial).toBeDefined();
    if (partial === undefined) return;
    expect(partial.finishReason).toBe("other");
    expect(partial.text).toBe("Let me ask the echo tool twice, once per phrase.");
    expect(partial.toolCalls.map((call) => call.arguments)).toEqual([
      { text: "the first phrase, long enough to split" },
    ]);
    expect(partial.response.candidates?.[0]?.content?.parts?.[1]?.thoughtSignature).toMatch(/.+/);

    let transcript = adapter.appendAssistant(question, partial.response);
    transcript = adapter.appendToolResults(
      transcript,
      adapter.convertToolResults(partial.toolCalls, results(partial.toolCalls)).append,
    );
    const next = await adapter.generate({ messages: transcript, tools });
    expect(emulator.requests.at(-1)?.status).toBe(200);
    expect(next.text).toBe("echo: the first phrase, long enough to split");
  });

  it("aborted mid-text: the partial holds the text so far, no calls", async () => {
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
    const { partial } = (error as StreamInterruptedError<GenerateContentResponse>).interrupted;
    expect(partial?.toolCalls).toEqual([]);
    expect(partial?.text.length).toBeGreaterThan(0);
    expect("Let me ask the echo tool twice, once per phrase.".startsWith(partial?.text ?? "-")).toBe(true);
    if (partial === undefined) return;
    const transcript = [
      ...adapter.appendAssistant(question, partial.response),
      adapter.userMessage("Go on."),
    ];
    await adapter.generate({ messages: transcript, tools });
    expect(emulator.requests.at(-1)?.status).toBe(200);
  });

  it("an error before the stream (no key: 403) rejects with the SDK's own error, not an interruption", async () => {
    const emulator = await start();
    const error = await adapterFor(emulator, " ")
      .generate({ messages: question, tools, onStream: () => {} })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(StreamInterruptedError);
    expect((error as ApiError).status).toBe(403);
  });
});
