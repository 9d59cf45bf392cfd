/**
 * One conversation per provider API, driven through the official SDK against the strict emulator: send the
 * history with a toolset's tools, replay the assistant turn exactly as the SDK returned it, append what
 * `answerResponse` produced. Every request's HTTP status is kept so a test can prove all were accepted.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { type Content, type GenerateContentResponse, GoogleGenAI, type Tool } from "@google/genai";
import OpenAI from "openai";
import type { ChatCompletion, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Response, ResponseInputItem } from "openai/resources/responses/responses";
import type { ResponseWire } from "../../src/dispatch/answer-response.js";
import type { TargetId } from "../../src/providers/targets.js";
import type { Emulator } from "../../src/testing/emulator/types.js";

export interface Driver {
  wire: ResponseWire;
  target: TargetId;
  /** Sends the conversation so far; rejects (with the provider's error) on anything but 200. */
  send(tools: unknown[]): Promise<unknown>;
  /** Appends the assistant turn of `response`, unchanged. */
  pushAssistant(response: unknown): void;
  /** Appends what `answerResponse` returned for that turn. */
  append(items: readonly unknown[]): void;
  /** Makes the model's call to `from` a call to `to` (a hallucinated name), in place. */
  rename(response: unknown, from: string, to: string): void;
  /** Final text of a response. */
  text(response: unknown): string;
}

const prompt = "Use the tools.";

export function anthropicDriver(emulator: Emulator): Driver {
  const client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
  const messages: MessageParam[] = [{ role: "user", content: prompt }];
  return {
    wire: "anthropic",
    target: "anthropic",
    send: (tools) =>
      client.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        tools: tools as Anthropic.Tool[],
        messages,
      }),
    pushAssistant: (response) => messages.push({ role: "assistant", content: (response as Message).content }),
    append: (items) => messages.push(...(items as MessageParam[])),
    rename: (response, from, to) => {
      for (const block of (response as Message).content)
        if (block.type === "tool_use" && block.name === from) block.name = to;
    },
    text: (response) =>
      (response as Message).content.map((block) => (block.type === "text" ? block.text : "")).join(""),
  };
}

export function openaiChatDriver(emulator: Emulator): Driver {
  const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
  const messages: ChatCompletionMessageParam[] = [{ role: "user", content: prompt }];
  return {
    wire: "openai-chat",
    target: "openai-chat",
    send: (tools) =>
      client.chat.completions.create({
        model: "gpt-4.1",
        tools: tools as OpenAI.ChatCompletionTool[],
        messages,
      }),
    pushAssistant: (response) => messages.push((response as ChatCompletion).choices[0]!.message),
    append: (items) => messages.push(...(items as ChatCompletionMessageParam[])),
    rename: (response, from, to) => {
      for (const call of (response as ChatCompletion).choices[0]?.message.tool_calls ?? []) {
        if (call.type === "function" && call.function.name === from) call.function.name = to;
      }
    },
    text: (response) => (response as ChatCompletion).choices[0]?.message.content ?? "",
  };
}

export function openaiResponsesDriver(emulator: Emulator): Driver {
  const client = new OpenAI({ apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 });
  const input: ResponseInputItem[] = [{ role: "user", content: prompt }];
  return {
    wire: "openai-responses",
    target: "openai-responses",
    // gpt-5 emits reasoning items, which the emulator then requires to be replayed with their calls.
    send: (tools) =>
      client.responses.create({ model: "gpt-5", tools: tools as OpenAI.Responses.Tool[], input }),
    pushAssistant: (response) => input.push(...((response as Response).output as ResponseInputItem[])),
    append: (items) => input.push(...(items as ResponseInputItem[])),
    rename: (response, from, to) => {
      for (const item of (response as Response).output)
        if (item.type === "function_call" && item.name === from) item.name = to;
    },
    text: (response) => (response as Response).output_text,
  };
}

export function geminiDriver(emulator: Emulator): Driver {
  const client = new GoogleGenAI({ apiKey: "test", httpOptions: { baseUrl: emulator.baseUrls.gemini } });
  const contents: Content[] = [{ role: "user", parts: [{ text: prompt }] }];
  return {
    wire: "gemini",
    target: "gemini",
    // Gemini 3 signs its function calls and rejects a replay without the signature: the turn is replayed as is.
    send: (tools) =>
      client.models.generateContent({
        model: "gemini-3-flash-preview",
        contents,
        config: { tools: tools as Tool[] },
      }),
    pushAssistant: (response) =>
      contents.push((response as GenerateContentResponse).candidates![0]!.content!),
    append: (items) => contents.push(...(items as Content[])),
    rename: (response, from, to) => {
      for (const part of (response as GenerateContentResponse).candidates?.[0]?.content?.parts ?? []) {
        if (part.functionCall?.name === from) part.functionCall.name = to;
      }
    },
    text: (response) => (response as GenerateContentResponse).text ?? "",
  };
}

/** Every provider API's driver, labelled for `describe.each`. */
export const DRIVERS: [string, (emulator: Emulator) => Driver][] = [
  ["Anthropic Messages", anthropicDriver],
  ["OpenAI Chat Completions", openaiChatDriver],
  ["OpenAI Responses", openaiResponsesDriver],
  ["Gemini generateContent", geminiDriver],
];
