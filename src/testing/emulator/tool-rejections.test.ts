import Anthropic from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "./server.js";
import type { Emulator } from "./types.js";

/** Tool-definition rejections (src/providers/validation) reach each SDK as the provider's error. */
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ script: () => ({ text: "unreachable" }) });
});
afterAll(() => emulator.close());

describe("tool definitions the real APIs reject", () => {
  it("Anthropic: a dotted name (regression #4 wording)", async () => {
    const client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
    const error = await client.messages
      .create({
        model: "claude-opus-4-8",
        max_tokens: 10,
        tools: [{ name: "server.search", input_schema: { type: "object" } }],
        messages: [{ role: "user", content: "hi" }],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      error: { message: "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'" },
    });
  });

  it("OpenAI Chat: a slash in the name (regression #22)", async () => {
    const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
    const error = await client.chat.completions
      .create({
        model: "gpt-4.1",
        tools: [{ type: "function", function: { name: "fs/read", parameters: { type: "object" } } }],
        messages: [{ role: "user", content: "hi" }],
      })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toEqual({
      message:
        "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
      type: "invalid_request_error",
      param: "tools[0].function.name",
      code: "invalid_value",
    });
  });

  it("Gemini: a `uri` string format in `parameters` (regression #28 wording)", async () => {
    const client = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: emulator.baseUrls.gemini } });
    const parameters = { type: "object", properties: { url: { type: "string", format: "uri" } } };
    const error = await client.models
      .generateContent({
        model: "gemini-2.5-flash",
        contents: "hi",
        config: { tools: [{ functionDeclarations: [{ name: "fetch", parameters: parameters as never }] }] },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(JSON.parse((error as ApiError).message)).toEqual({
      error: {
        code: 400,
        message:
          "* GenerateContentRequest.tools[0].function_declarations[0].parameters.properties[url].format: only 'enum' and 'date-time' are supported for STRING type\n",
        status: "INVALID_ARGUMENT",
      },
    });
  });
});
