import { ApiError, type Content, type FunctionDeclaration, GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callThenAnswer } from "./policies.js";
import { startEmulator } from "./server.js";
import type { Emulator } from "./types.js";

const weather: FunctionDeclaration = {
  name: "get_weather",
  description: "Current weather for a city.",
  parametersJsonSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const config = { tools: [{ functionDeclarations: [weather] }] };

let emulator: Emulator;
let client: GoogleGenAI;

beforeAll(async () => {
  emulator = await startEmulator({ script: callThenAnswer("get_weather", { city: "Rome" }) });
  client = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: emulator.baseUrls.gemini } });
});
afterAll(() => emulator.close());

/** The API's error body as the SDK carries it in `ApiError.message`. */
function errorOf(error: unknown): { status: number; body: unknown } {
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  return { status: apiError.status, body: JSON.parse(apiError.message) };
}

async function conversation(model: string): Promise<Content[]> {
  const contents: Content[] = [{ role: "user", parts: [{ text: "Weather in Rome?" }] }];
  const first = await client.models.generateContent({ model, contents, config });
  expect(first.functionCalls).toEqual([{ name: "get_weather", args: { city: "Rome" } }]);
  contents.push(first.candidates![0]!.content!);
  contents.push({
    role: "user",
    parts: [{ functionResponse: { name: "get_weather", response: { output: "25°C" } } }],
  });
  return contents;
}

describe("Gemini generateContent through @google/genai", () => {
  it("runs a two-turn tool conversation", async () => {
    const contents = await conversation("gemini-2.5-flash");
    const second = await client.models.generateContent({ model: "gemini-2.5-flash", contents, config });
    expect(second.text).toBe("25°C");
    expect(second.candidates?.[0]?.finishReason).toBe("STOP");
    expect(second.usageMetadata?.promptTokenCount).toBeGreaterThan(0);
    expect(emulator.requests.at(-1)?.path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
  });

  it("rejects a lost function response part (regression #39) with the API's text", async () => {
    const contents: Content[] = [
      { role: "user", parts: [{ text: "Two cities?" }] },
      {
        role: "model",
        parts: [
          { functionCall: { name: "get_weather", args: { city: "Rome" } } },
          { functionCall: { name: "get_weather", args: { city: "Milan" } } },
        ],
      },
      { role: "user", parts: [{ functionResponse: { name: "get_weather", response: { output: "25°C" } } }] },
    ];
    const error = await client.models
      .generateContent({ model: "gemini-2.5-flash", contents, config })
      .catch((caught: unknown) => caught);
    expect(errorOf(error)).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message:
            "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
          status: "INVALID_ARGUMENT",
        },
      },
    });
  });

  it("Gemini 3: accepts the model turn replayed as received, rejects it without its signature (#40)", async () => {
    const model = "gemini-3-pro-preview";
    const contents = await conversation(model);
    const replayed = await client.models.generateContent({ model, contents, config });
    expect(replayed.text).toBe("25°C");

    const stripped: Content[] = contents.map((content) =>
      content.role === "model"
        ? {
            role: "model",
            parts: (content.parts ?? []).map(({ thoughtSignature: _signature, ...part }) => part),
          }
        : content,
    );
    const error = await client.models
      .generateContent({ model, contents: stripped, config })
      .catch((caught: unknown) => caught);
    expect(errorOf(error).body).toMatchObject({
      error: {
        message:
          "Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:get_weather` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.",
      },
    });
  });

  it("counts tokens", async () => {
    const short = await client.models.countTokens({ model: "gemini-2.5-flash", contents: "hi" });
    const long = await client.models.countTokens({ model: "gemini-2.5-flash", contents: "hi ".repeat(200) });
    expect(short.totalTokens).toBeGreaterThan(0);
    expect(long.totalTokens).toBeGreaterThan(short.totalTokens ?? 0);
  });
});
