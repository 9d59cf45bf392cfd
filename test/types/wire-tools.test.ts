/**
 * `toolset.tools` goes straight into each official SDK's request, with no cast anywhere: this file compiles under
 * `tsc` only while the structural wire types (src/spec/wire-tools.ts) stay assignable to the SDK types, and each
 * call is answered by the strict emulator, so the array is also what the provider accepts.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { ToolUnion } from "@anthropic-ai/sdk/resources/messages/messages";
import { type Tool as GeminiSdkTool, GoogleGenAI } from "@google/genai";
import type { Tool as McpSdkTool } from "@modelcontextprotocol/client";
import OpenAI from "openai";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import type { Tool as ResponsesSdkTool } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { type AnthropicToolParam, buildToolset, type ServerTool, type Toolset } from "../../src/index.js";
import { type Emulator, scripted, startEmulator } from "../../src/testing/index.js";

const catalogue: ServerTool[] = [
  {
    server: "tickets",
    tool: {
      name: "search",
      description: "Search support tickets.",
      inputSchema: {
        type: "object",
        properties: { query: { type: "string" }, limit: { type: "integer" } },
        required: ["query"],
      },
    },
  },
  {
    server: "docs",
    tool: { name: "lookup", inputSchema: { type: "object", properties: { id: { type: "string" } } } },
  },
];

describe("toolset.tools is each SDK's tools type", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ script: scripted([{ text: "ok" }]) });
  });
  afterAll(async () => emulator.close());

  for (const target of ["anthropic", "anthropic-strict"] as const) {
    it(`${target} → Anthropic messages.create`, async () => {
      const toolset = buildToolset(catalogue, target, { cacheControl: { type: "ephemeral" } });
      expectTypeOf(toolset.tools).toEqualTypeOf<AnthropicToolParam[]>();
      expectTypeOf(toolset.tools).toExtend<ToolUnion[]>();
      const client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
      const response = await client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        messages: [{ role: "user", content: "hi" }],
        tools: toolset.tools,
      });
      expect(response.stop_reason).toBe("end_turn");
      expect(toolset.tools.map((tool) => tool.name)).toEqual(["docs__lookup", "tickets__search"]);
    });
  }

  for (const target of ["openai-chat", "openai-strict"] as const) {
    it(`${target} → OpenAI chat.completions.create`, async () => {
      const toolset = buildToolset(catalogue, target);
      expectTypeOf(toolset.tools).toExtend<ChatCompletionTool[]>();
      const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
      const response = await client.chat.completions.create({
        model: "gpt-4.1",
        messages: [{ role: "user", content: "hi" }],
        tools: toolset.tools,
      });
      expect(response.choices[0]?.finish_reason).toBe("stop");
      expect(toolset.tools.map((tool) => tool.function.name)).toEqual(["docs__lookup", "tickets__search"]);
    });
  }

  it("openai-responses → OpenAI responses.create", async () => {
    const toolset = buildToolset(catalogue, "openai-responses");
    expectTypeOf(toolset.tools).toExtend<ResponsesSdkTool[]>();
    const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
    const response = await client.responses.create({ model: "gpt-4.1", input: "hi", tools: toolset.tools });
    expect(response.status).toBe("completed");
    expect(toolset.tools.every((tool) => typeof tool.strict === "boolean")).toBe(true);
  });

  for (const target of ["gemini", "gemini-json-schema"] as const) {
    it(`${target} → Gemini models.generateContent`, async () => {
      const toolset = buildToolset(catalogue, target);
      expectTypeOf(toolset.tools).toExtend<GeminiSdkTool[]>();
      const client = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: emulator.baseUrls.gemini } });
      const response = await client.models.generateContent({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
        config: { tools: toolset.tools },
      });
      expect(response.text).toBe("ok");
      expect(toolset.tools[0]?.functionDeclarations.map((declaration) => declaration.name)).toEqual([
        "docs__lookup",
        "tickets__search",
      ]);
    });
  }

  it("mcp → the MCP SDK's Tool[]", () => {
    const toolset = buildToolset(catalogue, "mcp");
    const listed: McpSdkTool[] = toolset.tools;
    expect(listed.map((tool) => tool.inputSchema.type)).toEqual(["object", "object"]);
  });

  it("a toolset of any target still fits the default Toolset", () => {
    const narrowed: Toolset = buildToolset(catalogue, "anthropic");
    const wide: unknown[] = narrowed.tools;
    expect(wide).toHaveLength(2);
  });
});
