/**
 * OpenAI Chat Completions behind the `ModelAdapter` seam, through the `openai` SDK. The assistant message is
 * replayed as the API returned it (extra fields some servers add, such as `reasoning_content`, included).
 */
import type OpenAI from "openai";
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { FinishReason, ModelAdapter, ModelResponse, TokenUsage } from "../../spec/model-adapter.js";
import type { TranslationWarning } from "../../spec/warning.js";
import type { ClientSource } from "../lazy-client.js";
import { type OpenAIClientOptions, openaiClientSettings } from "../openai-shared/openai-client-settings.js";
import { openaiClientSource } from "../openai-shared/openai-client-source.js";
import { convertOpenAIChatUsage, type OpenAIChatUsageLike } from "./convert-openai-chat-usage.js";
import { convertToolResults } from "./convert-tool-results.js";
import { mapOpenAIChatStopReason } from "./map-openai-chat-stop-reason.js";
import { readToolCalls } from "./read-tool-calls.js";

type OwnFields = "model" | "messages" | "tools" | "max_tokens" | "max_completion_tokens" | "stream";

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

export type OpenAIChatAdapter = ModelAdapter<ChatCompletionMessageParam, ChatCompletion>;

/** What differs between OpenAI itself and a server that speaks its Chat Completions dialect. */
export interface ChatFlavour {
  provider: string;
  /** `max_completion_tokens` (OpenAI; required by reasoning models) or the older `max_tokens`. */
  maxTokensField: "max_completion_tokens" | "max_tokens";
  mapStopReason(reason: string | null | undefined): FinishReason;
  convertUsage(usage: OpenAIChatUsageLike | null | undefined): TokenUsage;
}

const OPENAI: ChatFlavour = {
  provider: "openai-chat",
  maxTokensField: "max_completion_tokens",
  mapStopReason: mapOpenAIChatStopReason,
  convertUsage: convertOpenAIChatUsage,
};

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
      const response = await (await client()).chat.completions.create(
        body,
        request.signal === undefined ? undefined : { signal: request.signal },
      );
      const choice = response.choices?.[0];
      const toolCalls = readToolCalls(response);
      const warnings: TranslationWarning[] = [];
      if (choice === undefined) warnings.push(warning("no-choices", "the response carried no choices"));
      if (typeof choice?.message?.refusal === "string" && choice.message.refusal !== "") {
        warnings.push(warning("refusal", `the model refused: ${choice.message.refusal}`));
      }
      if (choice?.finish_reason === "length") {
        warnings.push(warning("max-tokens", "the answer was cut off at the token limit"));
      }
      const finishReason: FinishReason =
        choice === undefined ? "error" : flavour.mapStopReason(choice.finish_reason);
      return {
        response,
        text: typeof choice?.message?.content === "string" ? choice.message.content : "",
        toolCalls,
        toolCallCount: toolCalls.length,
        // A server that reports `stop` next to tool calls still wants them answered.
        finishReason: toolCalls.length > 0 && finishReason === "stop" ? "tool-calls" : finishReason,
        ...(typeof choice?.finish_reason === "string" ? { rawFinishReason: choice.finish_reason } : {}),
        usage: flavour.convertUsage(response.usage),
        warnings,
      };
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

function warning(code: string, message: string): TranslationWarning {
  return { code, path: "", message };
}
