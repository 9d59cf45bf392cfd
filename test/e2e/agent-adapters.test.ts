/**
 * Each model adapter through its official SDK against the strict emulator: a tool-call round trip, the request
 * body it sends, usage and stop-reason mapping from the real response, and the replay of what reasoning models
 * require back (Anthropic thinking signatures, Responses reasoning items, Gemini 3 thought signatures), with a
 * control that strips them and must be rejected: proof that the emulator would catch a lossy replay.
 */
import type { Content } from "@google/genai";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { afterEach, describe, expect, it } from "vitest";
import { answerResponse, type ResponseWire } from "../../src/dispatch/answer-response.js";
import type { DispatchHost } from "../../src/dispatch/types.js";
import { isSwitchboardError } from "../../src/errors.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { geminiAdapter } from "../../src/providers/gemini/gemini-adapter.js";
import { openaiChatAdapter } from "../../src/providers/openai-chat/openai-chat-adapter.js";
import { openaiCompatibleAdapter } from "../../src/providers/openai-compatible/openai-compatible-adapter.js";
import { openaiResponsesAdapter } from "../../src/providers/openai-responses/openai-responses-adapter.js";
import type { ModelAdapter } from "../../src/spec/model-adapter.js";
import type { ServerTool } from "../../src/spec/tool.js";
import type { ToolResult } from "../../src/spec/tool-call.js";
import { callThenAnswer, startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, EmulatorOptions } from "../../src/testing/emulator/types.js";
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

// biome-ignore lint/suspicious/noExplicitAny: the table holds adapters of every provider's message types.
type AnyAdapter = ModelAdapter<any, any>;

interface Case {
  label: string;
  make(emulator: Emulator): AnyAdapter;
  /** The request body field that carries the system prompt, read from the recorded body. */
  system(body: Record<string, unknown>): unknown;
  /** An adapter for a model that makes the emulator demand its reasoning back; with `strip`, a lossy replay. */
  reasoning?: {
    make(emulator: Emulator): AnyAdapter;
    strip(transcript: unknown[]): unknown[];
    rejection: RegExp;
  };
}

const cases: Case[] = [
  {
    label: "Anthropic Messages",
    make: (emulator) =>
      anthropicAdapter({
        model: "claude-sonnet-5",
        clientOptions: {
          env: { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic },
          maxRetries: 0,
        },
      }),
    system: (body) => body.system,
    reasoning: {
      make: (emulator) =>
        anthropicAdapter({
          model: "claude-opus-4-8",
          clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
          params: { thinking: { type: "enabled", budget_tokens: 1024 } },
        }),
      strip: (transcript) =>
        transcript.map((message) => {
          const { role, content } = message as { role: string; content: unknown };
          if (role !== "assistant" || !Array.isArray(content)) return message;
          return { role, content: content.filter((block: { type: string }) => block.type !== "thinking") };
        }),
      rejection: /must start with a thinking block/,
    },
  },
  {
    label: "OpenAI Chat Completions",
    make: (emulator) =>
      openaiChatAdapter({
        model: "gpt-4.1",
        clientOptions: {
          env: { OPENAI_API_KEY: "test", OPENAI_BASE_URL: emulator.baseUrls.openai },
          maxRetries: 0,
        },
      }),
    system: (body) => (body.messages as { role: string; content: unknown }[])[0],
  },
  {
    label: "OpenAI Responses",
    make: (emulator) =>
      openaiResponsesAdapter({
        model: "gpt-4.1",
        clientOptions: {
          env: { OPENAI_API_KEY: "test", OPENAI_BASE_URL: emulator.baseUrls.openai },
          maxRetries: 0,
        },
      }),
    system: (body) => body.instructions,
    reasoning: {
      make: (emulator) =>
        openaiResponsesAdapter({
          model: "gpt-5",
          clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 },
        }),
      strip: (transcript) =>
        (transcript as ResponseInputItem[]).filter(
          (item) => (item as { type?: string }).type !== "reasoning",
        ),
      rejection: /without its required 'reasoning' item/,
    },
  },
  {
    label: "Gemini generateContent",
    make: (emulator) =>
      geminiAdapter({
        model: "gemini-2.5-flash",
        clientOptions: { env: { GEMINI_API_KEY: "test", GEMINI_BASE_URL: emulator.baseUrls.gemini } },
      }),
    system: (body) => body.systemInstruction,
    reasoning: {
      make: (emulator) =>
        geminiAdapter({
          model: "gemini-3-flash-preview",
          clientOptions: { apiKey: "test", baseUrl: emulator.baseUrls.gemini },
        }),
      strip: (transcript) =>
        (transcript as Content[]).map((content) => ({
          ...content,
          parts: (content.parts ?? []).map(({ thoughtSignature: _dropped, ...part }) => part),
        })),
      rejection: /missing a thought_signature/,
    },
  },
  {
    label: "OpenAI-compatible",
    make: (emulator) =>
      openaiCompatibleAdapter({
        model: "llama3.1:8b",
        clientOptions: { baseURL: emulator.baseUrls.openai, apiKey: "test", maxRetries: 0 },
      }),
    system: (body) => (body.messages as { role: string; content: unknown }[])[0],
  },
];

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(options: Partial<EmulatorOptions> = {}): Promise<Emulator> {
  emulator = await startEmulator({ script: callThenAnswer("srv__echo", { text: "hi" }), ...options });
  return emulator;
}

function echoResult(callId: string, name: string, text: string): ToolResult {
  return {
    callId,
    name,
    server: "srv",
    tool: "echo",
    outcome: "ok",
    isError: false,
    content: [{ type: "text", text }],
    durationMs: 1,
  };
}

/** One call, answered by hand, then the follow-up: what every adapter must get right. */
async function roundTrip(adapter: AnyAdapter, emulatorUsed: Emulator) {
  const toolset = buildToolset(catalogue, adapter.target);
  let transcript: unknown[] = [adapter.userMessage("Say hi through the tool.")];
  const first = await adapter.generate({ messages: transcript, tools: toolset.tools, system: "Be brief." });
  transcript = adapter.appendAssistant(transcript, first.response);
  const results = first.toolCalls.map((call) => echoResult(call.id, call.name, "echo says hi"));
  const converted = adapter.convertToolResults(first.toolCalls, results);
  transcript = adapter.appendToolResults(transcript, converted.append);
  const second = await adapter.generate({ messages: transcript, tools: toolset.tools, system: "Be brief." });
  transcript = adapter.appendAssistant(transcript, second.response);
  return { toolset, first, second, transcript, statuses: emulatorUsed.requests.map((r) => r.status) };
}

describe.each(cases)("$label adapter", (testCase) => {
  it("makes a tool call, takes its result and answers with it; the emulator accepts both requests", async () => {
    const used = await start();
    const adapter = testCase.make(used);
    const { first, second, transcript, statuses } = await roundTrip(adapter, used);
    expect(statuses).toEqual([200, 200]);
    expect(first.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ["srv__echo", { text: "hi" }],
    ]);
    expect(first.toolCallCount).toBe(1);
    expect(first.finishReason).toBe("tool-calls");
    expect(second.toolCalls).toEqual([]);
    expect(second.finishReason).toBe("stop");
    expect(second.text).toBe("echo says hi");
    // user, assistant (calls), results, assistant (text): at least four entries, the last the final answer.
    expect(transcript.length).toBeGreaterThanOrEqual(4);
    const body = used.requests[0]?.body as Record<string, unknown>;
    expect(JSON.stringify(testCase.system(body))).toContain("Be brief.");
  });

  it("reports usage from the provider's own counts and the raw stop reason", async () => {
    const used = await start();
    const adapter = testCase.make(used);
    const { first, second } = await roundTrip(adapter, used);
    for (const [index, response] of [first, second].entries()) {
      const wire = used.requests[index]?.response as Record<string, unknown>;
      expect(response.usage.inputTokens).toBe(expectedInput(adapter.wire, wire));
      expect(response.usage.outputTokens).toBeGreaterThan(0);
      expect(response.rawFinishReason).toBeTypeOf("string");
    }
    // The follow-up carries more history, so it cannot be cheaper.
    expect(second.usage.inputTokens).toBeGreaterThan(first.usage.inputTokens);
  });

  it("converts tool results exactly as dispatch's answerResponse does", async () => {
    const used = await start();
    const adapter = testCase.make(used);
    const toolset = buildToolset(catalogue, adapter.target);
    const first = await adapter.generate({ messages: [adapter.userMessage("go")], tools: toolset.tools });
    const host: DispatchHost = {
      catalog: { generation: 0, snapshot: () => undefined },
      callTool: async () => ({ content: [{ type: "text", text: "unused" }] }),
    };
    // A stale snapshot makes dispatch answer without calling the host; the shapes must still agree.
    const answer = await answerResponse(adapter.wire as ResponseWire, first.response as never, {
      toolset,
      host,
    });
    expect(adapter.convertToolResults(answer.calls, answer.results).append).toEqual(answer.append);
    expect(answer.calls).toEqual(first.toolCalls);
  });

  it("rejects with the SDK's abort error when the signal is already aborted, sending nothing", async () => {
    const used = await start();
    const adapter = testCase.make(used);
    const controller = new AbortController();
    controller.abort();
    await expect(
      adapter.generate({ messages: [adapter.userMessage("go")], tools: [], signal: controller.signal }),
    ).rejects.toThrow();
    expect(used.requests).toEqual([]);
  });

  if (testCase.reasoning !== undefined) {
    const reasoning = testCase.reasoning;
    it("replays thinking, reasoning items and signatures verbatim; a stripped replay is rejected", async () => {
      const used = await start();
      const adapter = reasoning.make(used);
      const { statuses, transcript } = await roundTrip(adapter, used);
      expect(statuses).toEqual([200, 200]);

      // Control: the same conversation without what the provider needs back must fail.
      const toolset = buildToolset(catalogue, adapter.target);
      const open = transcript.slice(0, -1); // up to and including the tool results
      const replayed = await adapter.generate({ messages: open, tools: toolset.tools });
      expect(replayed.text).toBe("echo says hi");
      await expect(
        adapter.generate({ messages: reasoning.strip(open), tools: toolset.tools }),
      ).rejects.toThrow(reasoning.rejection);
    });
  }
});

function expectedInput(wire: string, response: Record<string, unknown>): number {
  const usage = (response.usage ?? response.usageMetadata) as Record<string, number>;
  switch (wire) {
    case "anthropic":
      return (
        usage.input_tokens! + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0)
      );
    case "openai-chat":
      return usage.prompt_tokens!;
    case "openai-responses":
      return usage.input_tokens!;
    default:
      return usage.promptTokenCount!;
  }
}

describe("Anthropic prompt cache in usage", () => {
  it("reports the cache write of the first request and the read of the second", async () => {
    const used = await start({ anthropicCacheMinimums: { "claude-sonnet-5": 1 } });
    const adapter = anthropicAdapter({
      model: "claude-sonnet-5",
      clientOptions: { apiKey: "test", baseURL: used.baseUrls.anthropic, maxRetries: 0 },
    });
    const toolset = buildToolset(catalogue, "anthropic", { cacheControl: { type: "ephemeral" } });
    let transcript = [adapter.userMessage("go")];
    const first = await adapter.generate({ messages: transcript, tools: toolset.tools });
    expect(first.usage.cacheWriteTokens).toBeGreaterThan(0);
    expect(first.usage.cacheReadTokens).toBe(0);
    transcript = adapter.appendAssistant(transcript, first.response);
    const results = first.toolCalls.map((call) => echoResult(call.id, call.name, "cached"));
    transcript = adapter.appendToolResults(
      transcript,
      adapter.convertToolResults(first.toolCalls, results).append,
    );
    const second = await adapter.generate({ messages: transcript, tools: toolset.tools });
    expect(second.usage.cacheReadTokens).toBe(first.usage.cacheWriteTokens);
    expect(second.usage.inputTokens).toBeGreaterThan(second.usage.cacheReadTokens);
  });
});

describe("clients from the environment", () => {
  const attempts: [string, () => unknown, string][] = [
    ["anthropic", () => anthropicAdapter({ model: "m", clientOptions: { env: {} } }), "ANTHROPIC_API_KEY"],
    ["openai-chat", () => openaiChatAdapter({ model: "m", clientOptions: { env: {} } }), "OPENAI_API_KEY"],
    [
      "openai-responses",
      () => openaiResponsesAdapter({ model: "m", clientOptions: { env: { OPENAI_API_KEY: " " } } }),
      "OPENAI_API_KEY",
    ],
    ["gemini", () => geminiAdapter({ model: "m", clientOptions: { env: {} } }), "GEMINI_API_KEY"],
    [
      "openai-compatible",
      () => openaiCompatibleAdapter({ model: "m", clientOptions: { env: { OPENAI_API_KEY: "sk-x" } } }),
      "OPENAI_COMPATIBLE_BASE_URL",
    ],
  ];
  it.each(attempts)("%s without its variable throws a USAGE error naming it", (_name, make, variable) => {
    let thrown: unknown;
    try {
      make();
    } catch (error) {
      thrown = error;
    }
    expect(isSwitchboardError(thrown) && thrown.code).toBe("USAGE");
    expect((thrown as Error).message).toContain(variable);
  });

  it("takes GOOGLE_API_KEY when GEMINI_API_KEY is absent", async () => {
    const used = await start();
    const adapter = geminiAdapter({
      model: "gemini-2.5-flash",
      clientOptions: { env: { GOOGLE_API_KEY: "test", GEMINI_BASE_URL: used.baseUrls.gemini } },
    });
    const tools = buildToolset(catalogue, adapter.target).tools;
    const response = await adapter.generate({ messages: [adapter.userMessage("go")], tools });
    expect(response.finishReason).toBe("tool-calls");
    expect(used.requests.map((request) => request.status)).toEqual([200]);
  });

  it("openai-compatible sends no Authorization header without a key, and max_tokens", async () => {
    const seen: { headers: Headers; body: Record<string, unknown> }[] = [];
    const capture: typeof fetch = async (_input, init) => {
      seen.push({ headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      return new Response(
        JSON.stringify({
          id: "x",
          object: "chat.completion",
          created: 0,
          model: "local",
          choices: [{ index: 0, message: { role: "assistant", content: "hello" }, finish_reason: "eos" }],
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    };
    const adapter = openaiCompatibleAdapter({
      model: "local",
      maxTokens: 64,
      clientOptions: { baseURL: "http://127.0.0.1:9/v1", env: {}, fetch: capture, maxRetries: 0 },
    });
    const response = await adapter.generate({ messages: [adapter.userMessage("hi")], tools: [] });
    expect(response.text).toBe("hello");
    expect(response.finishReason).toBe("stop"); // a server's `eos`
    expect(response.usage).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(seen[0]?.headers.has("authorization")).toBe(false);
    expect(seen[0]?.body.max_tokens).toBe(64);
    expect(seen[0]?.body).not.toHaveProperty("max_completion_tokens");
  });
});
