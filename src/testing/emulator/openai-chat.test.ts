import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callThenAnswer } from "./policies.js";
import { startEmulator } from "./server.js";
import type { Emulator } from "./types.js";

const weather: ChatCompletionTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "Current weather for a city.",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
};

let emulator: Emulator;
let client: OpenAI;

beforeAll(async () => {
  emulator = await startEmulator({ script: callThenAnswer("get_weather", { city: "Oslo" }) });
  client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
});
afterAll(() => emulator.close());

describe("OpenAI Chat Completions through the openai SDK", () => {
  it("runs a two-turn tool conversation", async () => {
    const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Weather in Oslo?" }];
    const first = await client.chat.completions.create({ model: "gpt-4.1", tools: [weather], messages });
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    const call = choice.message.tool_calls?.[0];
    expect(call?.id).toMatch(/^call_[0-9A-Za-z]{24}$/);
    expect(call?.type === "function" && JSON.parse(call.function.arguments)).toEqual({ city: "Oslo" });
    expect(first.id).toMatch(/^chatcmpl-/);
    expect(first.usage?.prompt_tokens).toBeGreaterThan(0);

    messages.push(choice.message);
    messages.push({ role: "tool", tool_call_id: call?.id ?? "", content: "-3°C, snow" });
    const second = await client.chat.completions.create({ model: "gpt-4.1", tools: [weather], messages });
    expect(second.choices[0]?.finish_reason).toBe("stop");
    expect(second.choices[0]?.message.content).toBe("-3°C, snow");
  });

  it("rejects an unanswered tool call (regression #24) with the API's text", async () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: "user", content: "Weather?" },
      {
        role: "assistant",
        tool_calls: [
          { id: "call_jJAT", type: "function", function: { name: "get_weather", arguments: "{}" } },
        ],
      },
      { role: "user", content: "hello?" },
    ];
    const error = await client.chat.completions
      .create({ model: "gpt-4.1", tools: [weather], messages })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const apiError = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(apiError.status).toBe(400);
    expect(apiError.error).toEqual({
      message:
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_jJAT",
      type: "invalid_request_error",
      param: "messages.[1].role",
      code: null,
    });
    expect(apiError.requestID).toMatch(/^req_/);
  });

  it("rejects an orphan tool message (regression #25)", async () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: "user", content: "hi" },
      { role: "tool", tool_call_id: "call_x", content: "stale" },
    ];
    const error = await client.chat.completions
      .create({ model: "gpt-4.1", messages })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toBe(
      "400 Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    );
  });

  it("streams a tool call that the SDK's stream helper assembles", async () => {
    const stream = client.chat.completions.stream({
      model: "gpt-4.1",
      tools: [weather],
      messages: [{ role: "user", content: "Weather in Oslo?" }],
      stream_options: { include_usage: true },
    });
    const completion = await stream.finalChatCompletion();
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    expect(call?.type === "function" && call.function).toEqual({
      name: "get_weather",
      arguments: '{"city":"Oslo"}',
    });
    expect(completion.usage?.completion_tokens).toBeGreaterThan(0);
  });
});
