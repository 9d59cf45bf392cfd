import { validateOpenAIChatMessages } from "../../providers/openai-chat/validate-messages.js";
import type { ProviderRequestError } from "../../spec/provider-error.js";
import { ids } from "./ids.js";
import { openaiChatStream } from "./openai-chat-stream.js";
import { openaiChatView } from "./openai-chat-view.js";
import { type EmulatorState, type Reply, rejection, runScript } from "./reply.js";
import { estimateTokens } from "./tokens.js";
import { validateOpenAIChatTools } from "./tool-validators.js";
import { isRecord } from "./view-helpers.js";

/** `POST /v1/chat/completions` */
export function openaiChatCompletions(body: Record<string, unknown>, state: EmulatorState): Reply {
  const error = requestErrors(body)[0];
  if (error !== undefined) return rejection(error);
  const outcome = runScript("openai", state, openaiChatView(body));
  if ("reply" in outcome) return outcome.reply;
  const { turn } = outcome;

  const toolCalls = (turn.toolCalls ?? []).map((call) => ({
    id: ids.chatToolCall(),
    type: "function",
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  const message = {
    role: "assistant",
    content: turn.text ?? null,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    refusal: null,
    annotations: [],
  };
  const promptTokens = estimateTokens([body.tools ?? [], body.messages]);
  const completionTokens = estimateTokens([turn.text ?? "", toolCalls]);
  const completion = {
    id: ids.chatCompletion(),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: String(body.model),
    choices: [
      { index: 0, message, logprobs: null, finish_reason: toolCalls.length > 0 ? "tool_calls" : "stop" },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
    service_tier: "default",
    system_fingerprint: null,
  };
  if (body.stream === true) {
    const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
    return { status: 200, body: completion, stream: openaiChatStream(completion, includeUsage) };
  }
  return { status: 200, body: completion };
}

function requestErrors(body: Record<string, unknown>): ProviderRequestError[] {
  const invalid = (message: string, param?: string, code?: string): ProviderRequestError => ({
    provider: "openai",
    status: 400,
    message,
    ...(param === undefined ? {} : { param }),
    ...(code === undefined ? {} : { code }),
  });
  // [S] texts quoted from real responses by client code and proxies.
  if (body.model === undefined) return [invalid("you must provide a model parameter")];
  if (body.messages === undefined) {
    return [invalid("Missing required parameter: 'messages'.", "messages", "missing_required_parameter")];
  }
  if (Array.isArray(body.messages) && body.messages.length === 0) {
    return [
      invalid(
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
        "messages",
        "empty_array",
      ),
    ];
  }
  const errors: ProviderRequestError[] = [];
  if (body.tools !== undefined) errors.push(...validateOpenAIChatTools(body.tools));
  errors.push(...validateOpenAIChatMessages(body));
  return errors;
}
