/**
 * Any server that speaks OpenAI Chat Completions (Ollama, vLLM, llama.cpp, LM Studio, gateways) behind the
 * `ModelAdapter` seam. It is the Chat Completions adapter with this dialect's differences: a required base URL,
 * an optional key, `max_tokens` (what these servers understand), and tolerant stop-reason and usage readers.
 * It shares the Chat Completions code on purpose: the wire format is the same, only the server differs.
 */
import type OpenAI from "openai";
import {
  chatAdapter,
  type OpenAIChatAdapter,
  type OpenAIChatAdapterOptions,
} from "../openai-chat/openai-chat-adapter.js";
import { openaiClientSource } from "../openai-shared/openai-client-source.js";
import {
  type OpenAICompatibleClientOptions,
  openaiCompatibleClientSettings,
} from "./openai-compatible-client-settings.js";

/** How `openaiCompatibleAdapter` is made: as the Chat adapter, with a client pointed at your server. */
export interface OpenAICompatibleAdapterOptions
  extends Omit<OpenAIChatAdapterOptions, "client" | "clientOptions"> {
  /** Your own client, already pointed at the server; else one is made from `clientOptions`. */
  client?: OpenAI;
  clientOptions?: OpenAICompatibleClientOptions;
}

/**
 * A server that speaks OpenAI Chat Completions (Ollama, vLLM, llama.cpp, LM Studio, gateways) as a
 * `ModelAdapter`: give its base URL, and a key only if it wants one.
 *
 * @example
 * ```ts
 * const adapter = openaiCompatibleAdapter({ model: "qwen3", clientOptions: { baseURL: "http://127.0.0.1:11434/v1" } });
 * const result = await runAgent({ adapter, host, buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }), prompt: "Hi" });
 * ```
 */
export function openaiCompatibleAdapter(options: OpenAICompatibleAdapterOptions): OpenAIChatAdapter {
  const { client, clientOptions, ...rest } = options;
  const source = openaiClientSource(client, () => openaiCompatibleClientSettings(clientOptions));
  return chatAdapter(rest, source, {
    provider: "openai-compatible",
    maxTokensField: "max_tokens",
    // This dialect's tolerant readers, imported at the first request like the rest of the mapping.
    readers: async () => ({
      mapStopReason: (await import("./map-openai-compatible-stop-reason.js")).mapOpenAICompatibleStopReason,
      convertUsage: (await import("./convert-openai-compatible-usage.js")).convertOpenAICompatibleUsage,
    }),
  });
}
