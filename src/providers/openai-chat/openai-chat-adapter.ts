/**
 * OpenAI Chat Completions behind the `ModelAdapter` seam, through the `openai` SDK. The assistant message is
 * replayed as the API returned it (extra fields some servers add, such as `reasoning_content`, included).
 * The response mapping, the dialect's readers and the stream reader are imported at the first request, so
 * importing the package does not evaluate them (issue 22 item 4).
 */
import type OpenAI from "openai";
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { StreamInterruptedError } from "../../errors.js";
import type { ModelAdapter, ModelResponse } from "../../spec/model-adapter.js";
import type { ModelStreamListener } from "../../spec/model-stream.js";
import type { ClientSource } from "../lazy-client.js";
import { type OpenAIClientOptions, openaiClientSettings } from "../openai-shared/openai-client-settings.js";
import { openaiClientSource } from "../openai-shared/openai-client-source.js";
import type { ChatResponseReaders } from "./chat-model-response.js";
import { convertToolResults } from "./convert-tool-results.js";

type OwnFields = "model" | "messages" | "tools" | "max_tokens" | "max_completion_tokens" | "stream";

/** How `openaiChatAdapter` is made: the model, your client or client options, target and body params. */
export interface OpenAIChatAdapterOptions {
  model: string;
  /** Your own client (Azure, proxies, custom retries); else one is made from `clientOptions`. */
  client?: OpenAI;
  clientOptions?: OpenAIClientOptions;
  /** Sent as `max_completion_tokens` when set; a request's own `maxTokens` wins. No limit by default. */
  maxTokens?: number;
  /** The toolset target (default `openai-chat`; `openai-strict` sends `strict: true` tools). */
  target?: "openai-chat" | "openai-strict";
  /** Extra body fields sent with every request: `reasoning_effort`, `temperature`, `tool_choice`, … */
  params?: Omit<Partial<ChatCompletionCreateParamsNonStreaming>, OwnFields>;
}

/** A `ModelAdapter` over OpenAI Chat Completions (`ChatCompletionMessageParam` transcript, `ChatCompletion` responses). */
export type OpenAIChatAdapter = ModelAdapter<ChatCompletionMessageParam, ChatCompletion>;

/** What differs between OpenAI itself and a server that speaks its Chat Completions dialect. */
export interface ChatFlavour {
  provider: string;
  /** `max_completion_tokens` (OpenAI; required by reasoning models) or the older `max_tokens`. */
  maxTokensField: "max_completion_tokens" | "max_tokens";
  /** The dialect's stop-reason and usage readers, imported at the first request. */
  readers(): Promise<ChatResponseReaders>;
}

const OPENAI: ChatFlavour = {
  provider: "openai-chat",
  maxTokensField: "max_completion_tokens",
  readers: async () => ({
    mapStopReason: (await import("./map-openai-chat-stop-reason.js")).mapOpenAIChatStopReason,
    convertUsage: (await import("./convert-openai-chat-usage.js")).convertOpenAIChatUsage,
  }),
};

/**
 * OpenAI Chat Completions as a `ModelAdapter` (through the official `openai` SDK), for `runAgent` and
 * `openSession`. The key comes from `clientOptions.apiKey` or `OPENAI_API_KEY`; pass `client` for Azure or a proxy.
 *
 * @example
 * ```ts
 * const adapter = openaiChatAdapter({ model: "gpt-5" });
 * const result = await runAgent({ adapter, host, buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }), prompt: "Hi" });
 * ```
 */
export function openaiChatAdapter(options: OpenAIChatAdapterOptions): OpenAIChatAdapter {
  return chatAdapter(
    options,
    openaiClientSource(options.client, () => openaiClientSettings(options.clientOptions)),
    OPENAI,
  );
}

/** The adapter for any Chat Completions server, given its client (made on first use) and its flavour. */
export function chatAdapter(
  options: Omit<OpenAIChatAdapterOptions, "client" | "clientOptions">,
  client: ClientSource<OpenAI>,
  flavour: ChatFlavour,
): OpenAIChatAdapter {
  const { model } = options;
  return {
    provider: flavour.provider,
    model,
    wire: "openai-chat",
    target: options.target ?? "openai-chat",
    async generate(request): Promise<ModelResponse<ChatCompletion>> {
      const maxTokens = request.maxTokens ?? options.maxTokens;
      const system: ChatCompletionMessageParam[] =
        request.system === undefined || request.system === ""
          ? []
          : [{ role: "system", content: request.system }];
      const body: ChatCompletionCreateParamsNonStreaming = {
        ...options.params,
        model,
        messages: [...system, ...request.messages],
        ...(request.tools.length === 0 ? {} : { tools: request.tools as ChatCompletionTool[] }),
        ...(maxTokens === undefined ? {} : { [flavour.maxTokensField]: maxTokens }),
      };
      const sent = request.signal === undefined ? undefined : { signal: request.signal };
      const sdk = await client();
      const readers = await flavour.readers();
      if (request.onStream !== undefined) {
        return streamChatCompletion(sdk, body, sent, request.onStream, readers);
      }
      const { chatModelResponse } = await import("./chat-model-response.js");
      return chatModelResponse(await sdk.chat.completions.create(body, sent), readers);
    },
    userMessage: (text) => ({ role: "user", content: text }),
    appendAssistant(transcript, response) {
      const message = response.choices?.[0]?.message;
      // No message, or one with neither text nor calls: the API rejects `content: null` without `tool_calls`.
      if (message === undefined) return [...transcript];
      const calls = message.tool_calls ?? [];
      if (calls.length === 0 && (message.content === null || message.content === undefined))
        return [...transcript];
      return [...transcript, message as ChatCompletionMessageParam];
    },
    convertToolResults(calls, results) {
      const { messages, warnings } = convertToolResults(calls, results);
      return { append: messages, warnings };
    },
    appendToolResults: (transcript, append) => [...transcript, ...append],
  };
}

/**
 * The request streamed (`stream: true`, usage in the last chunk): the events go to `onStream` as they arrive and
 * the assembled completion is read exactly as a non-streamed one. An error before the first chunk is the SDK's
 * own; a stream that stops before the finish reason rejects with `StreamInterruptedError`.
 */
async function streamChatCompletion(
  sdk: OpenAI,
  body: ChatCompletionCreateParamsNonStreaming,
  options: { signal: AbortSignal } | undefined,
  onStream: ModelStreamListener,
  readers: ChatResponseReaders,
): Promise<ModelResponse<ChatCompletion>> {
  const [{ chatModelResponse }, { readStream }, { ChatStreamAssembly }] = await Promise.all([
    import("./chat-model-response.js"),
    import("../openai-shared/read-stream.js"),
    import("./stream-response.js"),
  ]);
  const stream = await sdk.chat.completions.create(
    { ...body, stream: true, stream_options: { include_usage: true } },
    options,
  );
  const assembly = new ChatStreamAssembly(onStream);
  const end = await readStream(stream, (chunk) => assembly.push(chunk), options?.signal);
  if (assembly.finished) return chatModelResponse(assembly.completion(), readers);
  if (!end.received && end.error !== undefined) throw end.error;
  const { partial, unfinished } = assembly.interrupted();
  throw new StreamInterruptedError<ChatCompletion>(
    "the Chat Completions stream stopped before the answer finished",
    {
      ...(partial === undefined
        ? {}
        : { partial: { ...chatModelResponse(partial, readers), finishReason: "other" } }),
      unfinished,
    },
    end.error === undefined ? undefined : { cause: end.error },
  );
}
