/**
 * Anthropic Messages behind the `ModelAdapter` seam, through `@anthropic-ai/sdk`. Assistant turns are replayed
 * with their content blocks untouched, so thinking blocks keep their signatures (docs/provider-rules.md#anthropic-messages rule 7).
 * The cache-breakpoint placement, the response mapping and the stream reader are imported at the first request,
 * so importing the package does not evaluate them (issue 22 item 4).
 */
import type Anthropic from "@anthropic-ai/sdk";
import type {
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { importOptional } from "../../optional-dependency.js";
import type { ModelAdapter, ModelResponse } from "../../spec/model-adapter.js";
import { type ClientSource, onFirstUse } from "../lazy-client.js";
import { type AnthropicClientOptions, anthropicClientSettings } from "./anthropic-client-settings.js";
import type { CacheSystemPrompt } from "./cache-system-prompt.js";
import { convertToolResults } from "./convert-tool-results.js";

/**
 * Default `max_tokens` (the API requires one). Below the SDK's non-streaming ceiling (about 21,000 tokens, the
 * size it expects to take ten minutes), since a request without `onStream` does not stream.
 */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 8192;

/** Body fields the adapter sets itself; everything else can be passed through `params`. */
type OwnFields = "model" | "messages" | "tools" | "system" | "max_tokens" | "stream";

/** How `anthropicAdapter` is made: the model, your client or client options, max tokens, target, body params, caching. */
export interface AnthropicAdapterOptions {
  model: string;
  /** Your own client (proxies, Bedrock or Vertex variants, custom retries); else one is made from `clientOptions`. */
  client?: Anthropic;
  clientOptions?: AnthropicClientOptions;
  /** Default 8192; a request's own `maxTokens` wins. */
  maxTokens?: number;
  /** The toolset target (default `anthropic`; `anthropic-strict` sends grammar-checked tools). */
  target?: "anthropic" | "anthropic-strict";
  /** Extra body fields sent with every request: `thinking`, `temperature`, `tool_choice`, `metadata`, … */
  params?: Omit<Partial<MessageCreateParamsNonStreaming>, OwnFields>;
  /**
   * A prompt-cache breakpoint after the system prompt, within the 4-breakpoint limit. Default `"auto"`: when the
   * tools array carries one (a toolset built with `cacheControl`), with the same TTL.
   */
  cacheSystemPrompt?: CacheSystemPrompt;
  /**
   * Cache the conversation too: a top-level `cache_control` (automatic caching) puts a breakpoint on the last
   * block of every request, so each turn reads the previous turn's whole prompt from the cache instead of only the
   * tools and system prompt. Default `"auto"`: when the tools array carries a breakpoint. Uses one of the four
   * slots, and none when the caller's `params` set `cache_control` or the slots are taken.
   */
  cacheConversation?: CacheSystemPrompt;
}

/** A `ModelAdapter` over Anthropic Messages (`MessageParam` transcript, `Message` responses). */
export type AnthropicAdapter = ModelAdapter<MessageParam, Message>;

/**
 * The Anthropic Messages API as a `ModelAdapter` (through the official `@anthropic-ai/sdk`), for `runAgent` and
 * `openSession`. The key comes from `clientOptions.apiKey` or `ANTHROPIC_API_KEY`; pass `client` to use your own.
 *
 * @example
 * ```ts
 * const adapter = anthropicAdapter({ model: "claude-opus-4-8", maxTokens: 4096 });
 * const result = await runAgent({ adapter, host, buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }), prompt: "Hi" });
 * ```
 */
export function anthropicAdapter(options: AnthropicAdapterOptions): AnthropicAdapter {
  const client = anthropicClient(options);
  const { model } = options;
  return {
    provider: "anthropic",
    model,
    wire: "anthropic",
    target: options.target ?? "anthropic",
    async generate(request): Promise<ModelResponse<Message>> {
      const { conversationBreakpoint, systemWithBreakpoint } = await import("./cache-system-prompt.js");
      const tools = request.tools.length === 0 ? undefined : (request.tools as Tool[]);
      const system = systemWithBreakpoint(request.system, options.cacheSystemPrompt ?? "auto", {
        tools,
        messages: request.messages,
        cache_control: (options.params as { cache_control?: unknown } | undefined)?.cache_control,
      });
      const body: MessageCreateParamsNonStreaming = {
        ...options.params,
        model,
        max_tokens: request.maxTokens ?? options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
        messages: [...request.messages],
        ...(system === undefined ? {} : { system }),
        ...(tools === undefined ? {} : { tools }),
      };
      const conversation = conversationBreakpoint(options.cacheConversation ?? "auto", body);
      if (conversation !== undefined) body.cache_control = conversation;
      const requestOptions = request.signal === undefined ? undefined : { signal: request.signal };
      const sdk = await client();
      const { messageResponse } = await import("./message-response.js");
      if (request.onStream === undefined)
        return messageResponse(await sdk.messages.create(body, requestOptions));
      const { readAnthropicStream } = await import("./stream-response.js");
      // The same body plus `stream: true`; an HTTP error (400, 401) rejects here, before any event, unwrapped.
      const events = await sdk.messages.create({ ...body, stream: true }, requestOptions);
      return messageResponse(await readAnthropicStream(events, request.onStream));
    },
    userMessage: (text) => ({ role: "user", content: text }),
    appendAssistant(transcript, response) {
      // An empty assistant turn is rejected mid-conversation; with nothing said there is nothing to replay.
      if (response.content.length === 0) return [...transcript];
      // The continuation of a paused turn (pause_turn) belongs to the same assistant turn: one message holds it all.
      const last = transcript.at(-1);
      if (last?.role === "assistant") {
        const earlier =
          typeof last.content === "string" ? [{ type: "text" as const, text: last.content }] : last.content;
        return [
          ...transcript.slice(0, -1),
          { role: "assistant", content: [...earlier, ...response.content] },
        ];
      }
      return [...transcript, { role: "assistant", content: response.content }];
    },
    convertToolResults(calls, results) {
      const { message, warnings } = convertToolResults(calls, results);
      return { append: calls.length === 0 ? [] : [message], warnings };
    },
    appendToolResults: (transcript, append) => [...transcript, ...append],
  };
}

/** The caller's client, or one made on the first call: the key is checked now, the SDK loads then. */
function anthropicClient(options: AnthropicAdapterOptions): ClientSource<Anthropic> {
  const { client } = options;
  if (client !== undefined) return async () => client;
  const settings = anthropicClientSettings(options.clientOptions);
  return onFirstUse(
    async () =>
      new (
        await importOptional(() => import("@anthropic-ai/sdk"), "@anthropic-ai/sdk", "The Anthropic adapter")
      ).default(settings),
  );
}
