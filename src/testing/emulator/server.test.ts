import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scripted } from "./policies.js";
import { startEmulator } from "./server.js";
import type { Emulator } from "./types.js";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ script: scripted([{ text: "first" }]) });
});
afterAll(() => emulator.close());

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${emulator.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

const anthropicBody = {
  model: "claude-opus-4-8",
  max_tokens: 10,
  messages: [{ role: "user", content: "hi" }],
};
const chatBody = { model: "gpt-4.1", messages: [{ role: "user", content: "hi" }] };
const geminiBody = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };

describe("startEmulator", () => {
  it("listens on 127.0.0.1 and names a base URL per SDK", () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.baseUrls).toEqual({
      anthropic: emulator.url,
      openai: `${emulator.url}/v1`,
      gemini: emulator.url,
    });
  });

  it("answers missing credentials as each provider does", async () => {
    expect(await post("/v1/messages", anthropicBody)).toMatchObject({
      status: 401,
      body: {
        type: "error",
        error: { type: "authentication_error", message: "x-api-key header is required" },
      },
    });
    const openai = await post("/v1/chat/completions", chatBody);
    expect(openai.status).toBe(401);
    expect(openai.body).toMatchObject({ error: { type: "invalid_request_error", param: null, code: null } });
    expect(JSON.stringify(openai.body)).toContain("You didn't provide an API key.");
    expect(await post("/v1beta/models/gemini-2.5-flash:generateContent", geminiBody)).toMatchObject({
      status: 403,
      body: { error: { code: 403, status: "PERMISSION_DENIED" } },
    });
  });

  it("accepts each provider's way of sending a key", async () => {
    expect((await post("/v1/messages", anthropicBody, { "x-api-key": "k" })).status).toBe(200);
    expect((await post("/v1/chat/completions", chatBody, { authorization: "Bearer k" })).status).toBe(200);
    expect((await post("/v1beta/models/gemini-2.5-flash:generateContent?key=k", geminiBody)).status).toBe(
      200,
    );
  });

  it("records every request without its headers", async () => {
    const before = emulator.requests.length;
    await post("/v1/chat/completions", chatBody, { authorization: "Bearer secret-key" });
    const recorded = emulator.requests.slice(before);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      provider: "openai",
      method: "POST",
      path: "/v1/chat/completions",
      status: 200,
    });
    expect(recorded[0]?.body).toEqual(chatBody);
    expect(JSON.stringify(recorded)).not.toContain("secret-key");
  });

  it("answers unknown paths and unparsable bodies in the provider's shape", async () => {
    expect(await post("/v1/embeddings", {}, { authorization: "Bearer k" })).toMatchObject({
      status: 404,
      body: { error: { message: "Invalid URL (POST /v1/embeddings)" } },
    });
    const broken = await post("/v1/messages", "{not json", { "x-api-key": "k" });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });

  it("turns a script that runs out into a 500 naming the problem", async () => {
    const history = {
      ...chatBody,
      messages: [
        ...chatBody.messages,
        { role: "assistant", content: "first" },
        { role: "user", content: "more" },
      ],
    };
    const response = await post("/v1/chat/completions", history, { authorization: "Bearer k" });
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({
      error: {
        message: "emulator: script has no turn 1 (it has 1); the request carries 1 assistant turns",
        type: "server_error",
      },
    });
  });

  it("streams Gemini's streamGenerateContent as alt=sse chunks, the last with finishReason and usage", async () => {
    const streaming = await startEmulator({ script: scripted([{ text: "a streamed answer" }]) });
    try {
      const response = await fetch(
        `${streaming.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-goog-api-key": "k" },
          body: JSON.stringify(geminiBody),
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      const text = await response.text();
      expect(text.endsWith("\r\n\r\n")).toBe(true);
      const chunks = text
        .split("\r\n\r\n")
        .filter((event) => event !== "")
        .map((event) => {
          expect(event.startsWith("data: ")).toBe(true);
          return JSON.parse(event.slice("data: ".length)) as {
            candidates: { content: { parts: { text: string }[] }; finishReason?: string }[];
            usageMetadata: { candidatesTokenCount?: number };
          };
        });
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.map((chunk) => chunk.candidates[0]!.content.parts[0]!.text).join("")).toBe(
        "a streamed answer",
      );
      expect(chunks.at(-1)!.candidates[0]!.finishReason).toBe("STOP");
      expect(chunks.slice(0, -1).every((chunk) => chunk.candidates[0]!.finishReason === undefined)).toBe(
        true,
      );
      expect(chunks.at(-1)!.usageMetadata.candidatesTokenCount).toBeGreaterThan(0);
      // The recorded response is the equivalent non-streamed one.
      expect(streaming.requests.at(-1)?.response).toMatchObject({
        candidates: [{ content: { parts: [{ text: "a streamed answer" }] }, finishReason: "STOP" }],
      });
    } finally {
      await streaming.close();
    }
  });
});
