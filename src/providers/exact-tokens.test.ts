import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { type Emulator, scripted, startEmulator, TOOL_PROMPT_TOKENS } from "../testing/index.js";
import { createExactCounter, exactSupportFor } from "./exact-tokens.js";

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
const anthropicTool = (name: string) => ({ name, description: "Weather for a city.", input_schema: schema });
const responsesTool = (name: string) => ({
  type: "function",
  name,
  description: "Weather for a city.",
  parameters: { ...schema, additionalProperties: false },
  strict: true,
});

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ script: scripted([{ text: "ok" }]) });
});
afterAll(() => emulator.close());

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isSwitchboardError(error)) throw new Error(`expected a SwitchboardError, got ${String(error)}`);
  return error;
}

describe("createExactCounter against the emulator", () => {
  it("Anthropic: the tools' share includes the hidden tool prompt and grows with each tool", async () => {
    const env = { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic };
    const counter = await createExactCounter({ wire: "anthropic", model: "claude-opus-4-8", env });
    const before = emulator.requests.length;
    const one = await counter.count([anthropicTool("weather")]);
    const two = await counter.count([anthropicTool("weather"), anthropicTool("forecast")]);
    expect(one.total).toBe(one.withTools - one.withoutTools);
    expect(one.total).toBeGreaterThan(TOOL_PROMPT_TOKENS["claude-opus-4-8"]?.[0] ?? Number.POSITIVE_INFINITY);
    expect(two.total).toBeGreaterThan(one.total);
    expect(two.withoutTools).toBe(one.withoutTools);
    const sent = emulator.requests.slice(before);
    // The request without tools is made once and reused: 1 baseline + 2 counts.
    expect(sent.map((request) => request.path)).toEqual(Array(3).fill("/v1/messages/count_tokens"));
    expect(sent.filter((request) => (request.body as { tools?: unknown }).tools === undefined)).toHaveLength(
      1,
    );
  });

  it("OpenAI Responses: counts through responses/input_tokens", async () => {
    const env = { OPENAI_API_KEY: "test", OPENAI_BASE_URL: emulator.baseUrls.openai };
    const counter = await createExactCounter({ wire: "openai-responses", model: "gpt-5", env });
    const one = await counter.count([responsesTool("weather")]);
    const two = await counter.count([responsesTool("weather"), responsesTool("forecast")]);
    expect(one.total).toBeGreaterThan(0);
    expect(two.total).toBeGreaterThan(one.total);
    expect(emulator.requests.at(-1)?.path).toBe("/v1/responses/input_tokens");
    expect(await counter.count([])).toMatchObject({ total: 0 });
  });

  it("a request the provider rejects is a REQUEST_FAILED error naming the endpoint", async () => {
    const env = { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic };
    const counter = await createExactCounter({ wire: "anthropic", model: "claude-opus-4-8", env });
    const error = await errorOf(counter.count([{ name: "no schema" }]));
    expect(error.code).toBe("REQUEST_FAILED");
    expect(error.message).toMatch(/^Anthropic count_tokens failed: /);
  });
});

describe("createExactCounter without a key or support", () => {
  it("names the missing variable in a typed error", async () => {
    const anthropic = await errorOf(createExactCounter({ wire: "anthropic", model: "m", env: {} }));
    expect(anthropic).toMatchObject({ code: "EXACT_COUNT_UNAVAILABLE", variable: "ANTHROPIC_API_KEY" });
    expect(anthropic.message).toContain("ANTHROPIC_API_KEY");
    const openai = await errorOf(
      createExactCounter({ wire: "openai-responses", model: "m", env: { OPENAI_API_KEY: " " } }),
    );
    expect(openai.message).toContain("OPENAI_API_KEY");
  });

  it("Gemini and Chat Completions have no exact count, with the reason", () => {
    expect(exactSupportFor("gemini")).toMatchObject({ supported: false, reason: /Gemini.*contents/ });
    expect(exactSupportFor("openai-chat")).toMatchObject({ supported: false });
    expect(exactSupportFor("anthropic")).toEqual({ supported: true, variable: "ANTHROPIC_API_KEY" });
  });
});
