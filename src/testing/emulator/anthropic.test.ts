import Anthropic from "@anthropic-ai/sdk";
import type { MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callThenAnswer } from "./policies.js";
import { startEmulator } from "./server.js";
import type { Emulator } from "./types.js";

const MODEL = "claude-opus-4-8"; // cache minimum 1024 tokens

const weather: Tool = {
  name: "get_weather",
  description: "Current weather for a city.",
  input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};

/** A tool whose definition alone is well above 1024 tokens, so a breakpoint on it gets cached. */
function bigTool(name: string, words = 1500): Tool {
  const description = Array.from({ length: words }, (_, index) => `word${index}`).join(" ");
  return { name, description, input_schema: { type: "object", properties: { q: { type: "string" } } } };
}

let emulator: Emulator;
let client: Anthropic;

beforeAll(async () => {
  emulator = await startEmulator({ script: callThenAnswer("get_weather", { city: "Paris" }) });
  client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
});
afterAll(() => emulator.close());

describe("Anthropic Messages through @anthropic-ai/sdk", () => {
  it("runs a two-turn tool conversation", async () => {
    const messages: MessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
    const first = await client.messages.create({ model: MODEL, max_tokens: 100, tools: [weather], messages });
    expect(first.stop_reason).toBe("tool_use");
    const call = first.content.find((block) => block.type === "tool_use");
    expect(call).toMatchObject({ name: "get_weather", input: { city: "Paris" } });
    expect(call?.type === "tool_use" && call.id).toMatch(/^toolu_01[0-9A-Za-z]{22}$/);
    expect(first.id).toMatch(/^msg_01/);

    messages.push({ role: "assistant", content: first.content });
    const id = call?.type === "tool_use" ? call.id : "";
    messages.push({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: id, content: "18°C, clear" }],
    });
    const second = await client.messages.create({
      model: MODEL,
      max_tokens: 100,
      tools: [weather],
      messages,
    });
    expect(second.stop_reason).toBe("end_turn");
    expect(second.content).toEqual([{ type: "text", text: "18°C, clear" }]);
    expect(second.usage.output_tokens).toBeGreaterThan(0);
  });

  it("rejects a transcript with an unanswered tool_use (regression #8) with the API's text", async () => {
    const messages: MessageParam[] = [
      { role: "user", content: "Weather?" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_01A", name: "get_weather", input: {} }] },
      { role: "user", content: "never mind" },
    ];
    const error = await client.messages
      .create({ model: MODEL, max_tokens: 100, tools: [weather], messages })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const apiError = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect(apiError.status).toBe(400);
    expect(apiError.error).toEqual({
      type: "error",
      error: {
        type: "invalid_request_error",
        message:
          "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
      },
    });
    expect(apiError.requestID).toMatch(/^req_/);
  });

  it("requires max_tokens", async () => {
    const error = await client.messages
      .create({ model: MODEL, messages: [{ role: "user", content: "hi" }] } as never)
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      error: { message: "max_tokens: Field required" },
    });
  });

  it("counts tokens with the same body, consistently with usage", async () => {
    const messages: MessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
    const counted = await client.messages.countTokens({ model: MODEL, tools: [weather], messages });
    const created = await client.messages.create({
      model: MODEL,
      max_tokens: 100,
      tools: [weather],
      messages,
    });
    expect(counted.input_tokens).toBeGreaterThan(290); // the dated hidden tool prompt for Opus 4.8 is 290
    const { input_tokens, cache_read_input_tokens, cache_creation_input_tokens } = created.usage;
    expect(input_tokens + (cache_read_input_tokens ?? 0) + (cache_creation_input_tokens ?? 0)).toBe(
      counted.input_tokens,
    );
    const without = await client.messages.countTokens({ model: MODEL, messages });
    expect(without.input_tokens).toBeLessThan(counted.input_tokens - 290);
  });

  it("with thinking on, accepts the turn replayed whole and rejects it without its thinking block", async () => {
    const thinking = { type: "enabled" as const, budget_tokens: 1024 };
    const messages: MessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
    const first = await client.messages.create({
      model: MODEL,
      max_tokens: 2000,
      thinking,
      tools: [weather],
      messages,
    });
    expect(first.content.map((block) => block.type)).toEqual(["thinking", "tool_use"]);
    const call = first.content[1];
    const id = call?.type === "tool_use" ? call.id : "";
    const result: MessageParam = {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: id, content: "ok" }],
    };

    const whole = [...messages, { role: "assistant" as const, content: first.content }, result];
    const second = await client.messages.create({
      model: MODEL,
      max_tokens: 2000,
      thinking,
      tools: [weather],
      messages: whole,
    });
    expect(second.stop_reason).toBe("end_turn");

    const withoutThinking = [
      ...messages,
      { role: "assistant" as const, content: first.content.slice(1) },
      result,
    ];
    const error = await client.messages
      .create({ model: MODEL, max_tokens: 2000, thinking, tools: [weather], messages: withoutThinking })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      error: {
        message: expect.stringMatching(
          /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`\./,
        ),
      },
    });
  });

  it("streams a message that the SDK's stream helper assembles", async () => {
    const stream = client.messages.stream({
      model: MODEL,
      max_tokens: 100,
      tools: [weather],
      messages: [{ role: "user", content: "Weather in Paris?" }],
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content[0]).toMatchObject({
      type: "tool_use",
      name: "get_weather",
      input: { city: "Paris" },
    });
  });
});

describe("Anthropic prompt cache", () => {
  let cacheEmulator: Emulator;
  let cacheClient: Anthropic;
  beforeAll(async () => {
    cacheEmulator = await startEmulator({ script: () => ({ text: "ok" }) });
    cacheClient = new Anthropic({ apiKey: "test", baseURL: cacheEmulator.baseUrls.anthropic, maxRetries: 0 });
  });
  afterAll(() => cacheEmulator.close());

  const ask = (tools: Tool[], model = MODEL) =>
    cacheClient.messages.create({
      model,
      max_tokens: 50,
      tools,
      messages: [{ role: "user", content: "hi" }],
    });
  const cached = (tool: Tool): Tool => ({ ...tool, cache_control: { type: "ephemeral" } });

  it("writes the tools on the first request and reads them on an identical second one", async () => {
    const tools = [weather, cached(bigTool("lookup"))];
    const first = await ask(tools);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    const second = await ask(tools);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
    expect(second.usage.input_tokens).toBe(first.usage.input_tokens);
  });

  it("writes again when one tool changes", async () => {
    const tools = [weather, cached(bigTool("search"))];
    await ask(tools);
    const changed = [{ ...weather, description: "Weather now." }, tools[1]!];
    const again = await ask(changed);
    expect(again.usage.cache_read_input_tokens).toBe(0);
    expect(again.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
  });

  it("caches nothing below the model's minimum", async () => {
    const small = await ask([cached(weather)]);
    expect(small.usage.cache_creation_input_tokens).toBe(0);
    expect(small.usage.cache_read_input_tokens).toBe(0);
    const repeat = await ask([cached(weather)]);
    expect(repeat.usage.cache_read_input_tokens).toBe(0);
  });

  it("applies the per-model minimum (Haiku 4.5 needs 4096)", async () => {
    const tools = [cached(bigTool("find"))]; // ~1.5-3k tokens: enough for Opus 4.8, not for Haiku 4.5
    const haiku = await ask(tools, "claude-haiku-4-5");
    expect(haiku.usage.cache_creation_input_tokens).toBe(0);
    const opus = await ask(tools, "claude-opus-4-8");
    expect(opus.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
  });

  it("counts breakpoints over the whole request and rejects a fifth with the API's text", async () => {
    const tools = ["a", "b", "c", "d"].map((name) => cached({ ...weather, name }));
    const marked = {
      type: "text" as const,
      text: "Be brief.",
      cache_control: { type: "ephemeral" as const },
    };
    const four = await cacheClient.messages.create({
      model: MODEL,
      max_tokens: 10,
      tools,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(four.stop_reason).toBe("end_turn");
    const error = await cacheClient.messages
      .create({
        model: MODEL,
        max_tokens: 10,
        tools,
        system: [marked],
        messages: [{ role: "user", content: "hi" }],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      error: { message: "A maximum of 4 blocks with cache_control may be provided. Found 5." },
    });
    // Five tool breakpoints plus one in system: the count covers the whole request, not the tools alone.
    const six = await cacheClient.messages
      .create({
        model: MODEL,
        max_tokens: 10,
        tools: [...tools, cached({ ...weather, name: "e" })],
        system: [marked],
        messages: [{ role: "user", content: "hi" }],
      })
      .catch((caught: unknown) => caught);
    expect((six as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      error: { message: "A maximum of 4 blocks with cache_control may be provided. Found 6." },
    });
  });
});
