import OpenAI from "openai";
import type { FunctionTool, ResponseInputItem } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callThenAnswer } from "./policies.js";
import { startEmulator } from "./server.js";
import type { Emulator } from "./types.js";

const weather: FunctionTool = {
  type: "function",
  name: "get_weather",
  description: "Current weather for a city.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  },
  strict: true,
};

let emulator: Emulator;
let client: OpenAI;

beforeAll(async () => {
  emulator = await startEmulator({ script: callThenAnswer("get_weather", { city: "Lima" }) });
  client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
});
afterAll(() => emulator.close());

describe("OpenAI Responses through the openai SDK", () => {
  it("runs a two-turn tool conversation by replaying items", async () => {
    const input: ResponseInputItem[] = [{ role: "user", content: "Weather in Lima?" }];
    const first = await client.responses.create({ model: "gpt-4.1", tools: [weather], input });
    const call = first.output.find((item) => item.type === "function_call");
    expect(call).toMatchObject({ name: "get_weather", arguments: '{"city":"Lima"}' });
    expect(call?.type === "function_call" && call.id).toMatch(/^fc_/);
    expect(call?.type === "function_call" && call.call_id).toMatch(/^call_/);
    expect(first.id).toMatch(/^resp_/);

    input.push(...(first.output as ResponseInputItem[]));
    input.push({
      type: "function_call_output",
      call_id: call?.type === "function_call" ? call.call_id : "",
      output: "22°C",
    });
    const second = await client.responses.create({ model: "gpt-4.1", tools: [weather], input });
    expect(second.output_text).toBe("22°C");
    expect(second.usage?.input_tokens).toBeGreaterThan(first.usage?.input_tokens ?? 0);
  });

  it("continues from previous_response_id", async () => {
    const first = await client.responses.create({
      model: "gpt-4.1",
      tools: [weather],
      input: "Weather in Lima?",
    });
    const call = first.output.find((item) => item.type === "function_call");
    const second = await client.responses.create({
      model: "gpt-4.1",
      tools: [weather],
      previous_response_id: first.id,
      input: [
        {
          type: "function_call_output",
          call_id: call?.type === "function_call" ? call.call_id : "",
          output: "sunny",
        },
      ],
    });
    expect(second.output_text).toBe("sunny");
  });

  it("rejects an orphan function_call_output (regression #26) with the API's text", async () => {
    const error = await client.responses
      .create({
        model: "gpt-4.1",
        tools: [weather],
        input: [
          { role: "user", content: "hi" },
          { type: "function_call_output", call_id: "call_uelf", output: "late" },
        ],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toEqual({
      message: "No tool call found for function call output with call_id call_uelf.",
      type: "invalid_request_error",
      param: "input",
      code: null,
    });
  });

  it("requires the reasoning item when a reasoning model's call is replayed (regression #27)", async () => {
    const first = await client.responses.create({
      model: "gpt-5",
      tools: [weather],
      input: "Weather in Lima?",
    });
    const reasoning = first.output.find((item) => item.type === "reasoning");
    const call = first.output.find((item) => item.type === "function_call");
    expect(reasoning?.id).toMatch(/^rs_/);
    if (call?.type !== "function_call" || reasoning === undefined)
      throw new Error("expected a call and reasoning");
    const answer: ResponseInputItem = { type: "function_call_output", call_id: call.call_id, output: "ok" };
    const dropped = await client.responses
      .create({
        model: "gpt-5",
        tools: [weather],
        input: [{ role: "user", content: "Weather in Lima?" }, call, answer],
      })
      .catch((caught: unknown) => caught);
    expect((dropped as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      message: `Item '${call.id}' of type 'function_call' was provided without its required 'reasoning' item: '${reasoning.id}'.`,
    });
    const kept = await client.responses.create({
      model: "gpt-5",
      tools: [weather],
      input: [
        { role: "user", content: "Weather in Lima?" },
        ...(first.output as ResponseInputItem[]),
        answer,
      ],
    });
    expect(kept.output_text).toBe("ok");
  });

  it("counts input tokens", async () => {
    const small = await client.responses.inputTokens.count({ model: "gpt-4.1", input: "hi" });
    const large = await client.responses.inputTokens.count({
      model: "gpt-4.1",
      tools: [weather],
      input: "hi",
    });
    expect(small.object).toBe("response.input_tokens");
    expect(small.input_tokens).toBeGreaterThan(0);
    expect(large.input_tokens).toBeGreaterThan(small.input_tokens);
  });
});
