/**
 * Golden request bodies: the exact bytes switchboard sends each provider for a small two-server catalogue, and
 * proof that each provider (the strict emulator, reached through the official SDK) accepts them.
 * Regenerate with `UPDATE_GOLDEN=1 npx vitest run src/toolset/golden.test.ts` and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import { type Emulator, scripted, startEmulator } from "../testing/index.js";
import { buildToolset } from "./build-toolset.js";

const catalogue: ServerTool[] = [
  {
    server: "tickets",
    tool: {
      name: "search",
      description: "Search support tickets.",
      inputSchema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: {
          query: { type: "string", description: "Words to look for" },
          status: { type: "string", enum: ["open", "pending", "closed"] },
        },
        required: ["query"],
        additionalProperties: false,
      },
    },
  },
  {
    server: "docs",
    tool: {
      name: "search",
      description: "Search the documentation.",
      inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
    },
  },
];

const messages = [{ role: "user" as const, content: "Find open tickets about login" }];

function body(target: TargetId): unknown {
  const toolset = buildToolset(catalogue, target);
  switch (toolset.target.wire) {
    case "anthropic":
      return { model: "claude-opus-4-8", max_tokens: 1024, tools: toolset.tools, messages };
    case "openai-chat":
      return { model: "gpt-5", tools: toolset.tools, messages };
    case "openai-responses":
      return { model: "gpt-5", tools: toolset.tools, input: messages };
    case "gemini":
      return { contents: [{ role: "user", parts: [{ text: messages[0]?.content }] }], tools: toolset.tools };
    case "mcp":
      return { tools: toolset.tools };
  }
}

function golden(name: string, value: unknown): void {
  const file = new URL(`./__golden__/${name}.json`, import.meta.url);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, "utf8"));
}

const targets: TargetId[] = [
  "anthropic",
  "anthropic-strict",
  "openai-chat",
  "openai-strict",
  "openai-responses",
  "gemini",
  "gemini-json-schema",
  "mcp",
];

describe("golden request bodies", () => {
  for (const target of targets) {
    it(`${target} matches its golden file`, () => golden(target, body(target)));
  }

  it("prefixes both servers' `search` and keeps the enum and descriptions", () => {
    const toolset = buildToolset(catalogue, "anthropic");
    expect(toolset.tools).toEqual([
      {
        name: "docs__search",
        description: "Search the documentation.",
        input_schema: { properties: { q: { type: "string" } }, required: ["q"], type: "object" },
      },
      {
        name: "tickets__search",
        description: "Search support tickets.",
        input_schema: {
          additionalProperties: false,
          properties: {
            query: { description: "Words to look for", type: "string" },
            status: { enum: ["open", "pending", "closed"], type: "string" },
          },
          required: ["query"],
          type: "object",
        },
      },
    ]);
  });
});

describe("the providers accept the golden bodies", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ script: scripted([{ text: "ok" }]) });
  });
  afterAll(async () => emulator.close());

  for (const target of ["anthropic", "anthropic-strict"] as const) {
    it(target, async () => {
      const client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
      const response = await client.messages.create(
        body(target) as Anthropic.MessageCreateParamsNonStreaming,
      );
      expect(response.stop_reason).toBe("end_turn");
    });
  }

  for (const target of ["openai-chat", "openai-strict"] as const) {
    it(target, async () => {
      const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
      const response = await client.chat.completions.create(
        body(target) as OpenAI.ChatCompletionCreateParamsNonStreaming,
      );
      expect(response.choices[0]?.finish_reason).toBe("stop");
    });
  }

  it("openai-responses", async () => {
    const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
    const response = await client.responses.create(
      body("openai-responses") as OpenAI.Responses.ResponseCreateParamsNonStreaming,
    );
    expect(response.status).toBe("completed");
  });

  for (const target of ["gemini", "gemini-json-schema"] as const) {
    it(target, async () => {
      const client = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: emulator.baseUrls.gemini } });
      const request = body(target) as { contents: never; tools: never };
      const response = await client.models.generateContent({
        model: "gemini-2.5-flash",
        contents: request.contents,
        config: { tools: request.tools },
      });
      expect(response.text).toBe("ok");
    });
  }
});
