/**
 * One adapter per provider API and an OpenAI-compatible server, each through its official SDK against the
 * strict emulator, with models that make the emulator demand their reasoning back (Anthropic thinking, Responses
 * reasoning items, Gemini 3 thought signatures): a lossy replay of a tool turn is rejected.
 */
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { geminiAdapter } from "../../src/providers/gemini/gemini-adapter.js";
import { openaiChatAdapter } from "../../src/providers/openai-chat/openai-chat-adapter.js";
import { openaiCompatibleAdapter } from "../../src/providers/openai-compatible/openai-compatible-adapter.js";
import { openaiResponsesAdapter } from "../../src/providers/openai-responses/openai-responses-adapter.js";
import type { ModelAdapter } from "../../src/spec/model-adapter.js";
import type { Emulator } from "../../src/testing/emulator/types.js";

// biome-ignore lint/suspicious/noExplicitAny: the table holds adapters of every provider's message types.
export type AnyAdapter = ModelAdapter<any, any>;

/** Labelled adapter factories, for `describe.each`. */
export const EMULATOR_ADAPTERS: [string, (emulator: Emulator) => AnyAdapter][] = [
  [
    "Anthropic Messages",
    (emulator) =>
      anthropicAdapter({
        model: "claude-opus-4-8",
        clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
        // Thinking on: every replayed tool turn must keep its signed thinking block.
        params: { thinking: { type: "enabled", budget_tokens: 1024 } },
      }),
  ],
  [
    "OpenAI Chat Completions",
    (emulator) =>
      openaiChatAdapter({
        model: "gpt-4.1",
        clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 },
      }),
  ],
  [
    "OpenAI Responses",
    (emulator) =>
      openaiResponsesAdapter({
        model: "gpt-5",
        clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 },
      }),
  ],
  [
    "Gemini generateContent",
    (emulator) =>
      geminiAdapter({
        model: "gemini-3-flash-preview",
        clientOptions: { apiKey: "test", baseUrl: emulator.baseUrls.gemini },
      }),
  ],
  [
    "OpenAI-compatible",
    (emulator) =>
      openaiCompatibleAdapter({
        model: "qwen3:8b",
        clientOptions: { baseURL: emulator.baseUrls.openai, apiKey: "test", maxRetries: 0 },
      }),
  ],
];
