/**
 * The one seam between the agent loop and a model provider. An adapter speaks one provider API through its
 * official SDK; the loop only calls these methods and never looks inside a message or a response.
 *
 * The transcript stays provider-native from start to end: an assistant turn is appended exactly as the provider
 * returned it, so Anthropic thinking blocks (with their signatures), OpenAI Responses reasoning items and Gemini
 * `thoughtSignature`s are replayed verbatim. Converting through a neutral form is how those get lost.
 */
import type { ModelStreamListener } from "./model-stream.js";
import type { ModelProviderId, TargetIdOf } from "./provider-id.js";
import type { ToolCall, ToolResult } from "./tool-call.js";
import type { TranslationWarning } from "./warning.js";

/** The response shapes tool calls are read from (the same values as dispatch's `ResponseWire`). */
export type ModelWire = ModelProviderId;

/**
 * The toolset targets (`TargetId`s) whose tools arrays an adapter's requests can carry. Every one of them has the
 * wire shape of exactly one `ModelWire`.
 */
export type ModelToolTarget = TargetIdOf<ModelProviderId>;

/** Why the model stopped generating, whatever the provider called it. */
export type FinishReason = "stop" | "tool-calls" | "length" | "content-filter" | "error" | "other";

/**
 * Tokens one request used. `inputTokens` is everything the prompt cost, cached or not (Anthropic's
 * `input_tokens + cache_read_input_tokens + cache_creation_input_tokens`; OpenAI's and Gemini's prompt counts
 * already include cache reads), so budgets compare across providers. `outputTokens` includes reasoning tokens.
 */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  /** Part of `inputTokens` read from the provider's prompt cache. */
  cacheReadTokens: number;
  /** Part of `inputTokens` written to the prompt cache (billed at a premium where the provider charges for it). */
  cacheWriteTokens: number;
}

/** One request an adapter sends: the transcript, the tools array and per-request settings. */
export interface ModelRequest<Message = unknown> {
  /** The provider-native transcript, oldest first. */
  messages: readonly Message[];
  /** Exactly a toolset's `tools` (the wire array); empty means no tools are offered. */
  tools: readonly unknown[];
  system?: string;
  /** Longest answer; the adapter's default when absent. */
  maxTokens?: number;
  /** Cancels the HTTP request. */
  signal?: AbortSignal;
  /**
   * Stream the answer: the adapter uses the provider's streaming API and reports each piece here as it arrives,
   * then resolves with the assembled response as a non-streamed request would. A stream that stops early
   * rejects with `StreamInterruptedError`, which carries the replayable part received so far.
   */
  onStream?: ModelStreamListener;
}

/** What an adapter returns for one request: the provider's own response and its neutral reading. */
export interface ModelResponse<Response = unknown> {
  /** The provider's response object, whole. */
  response: Response;
  /** The visible text of the answer (thinking and reasoning excluded). */
  text: string;
  /** The function calls the response makes, in order (read with the provider's own reader). */
  toolCalls: ToolCall[];
  toolCallCount: number;
  finishReason: FinishReason;
  /** The provider's own stop reason (`end_turn`, `tool_calls`, `MAX_TOKENS`, …), for logs. */
  rawFinishReason?: string;
  usage: TokenUsage;
  /** Something about the response worth telling the user (a refusal, a safety block, an unusual stop). */
  warnings: TranslationWarning[];
  /**
   * The provider paused the turn and finishes it when the conversation (with this response appended) is sent
   * again (Anthropic `pause_turn`, a long-running server tool). There are no calls to answer yet.
   */
  resume?: boolean;
}

/** What to append after the assistant turn so that every call in it is answered (see dispatch's `Answer`). */
export interface ToolResultMessages<Message = unknown> {
  append: Message[];
  /** What could not travel in this provider's result shape. */
  warnings: TranslationWarning[];
}

/**
 * One provider API behind one seam (`anthropicAdapter(...)` and the others make one): what `runAgent` and
 * `openSession` talk to, so the loop never touches an SDK.
 */
export interface ModelAdapter<Message = unknown, Response = unknown> {
  /** Which API this is: `anthropic`, `openai-chat`, `openai-responses`, `gemini`, `openai-compatible`. */
  readonly provider: string;
  readonly model: string;
  readonly wire: ModelWire;
  /** The toolset target to build this adapter's tools arrays for. */
  readonly target: ModelToolTarget;
  /** Sends one request. Rejects with the SDK's error (HTTP failures, aborts). */
  generate(request: ModelRequest<Message>): Promise<ModelResponse<Response>>;
  /** A user turn with this text. */
  userMessage(text: string): Message;
  /** The transcript with the response's assistant turn appended verbatim (a new array). */
  appendAssistant(transcript: readonly Message[], response: Response): Message[];
  /** The provider's tool-result shape for the calls of one response, in the position the provider requires. */
  convertToolResults(calls: readonly ToolCall[], results: readonly ToolResult[]): ToolResultMessages<Message>;
  /** The transcript with `append` (from `convertToolResults` or dispatch's `answerResponse`) added (a new array). */
  appendToolResults(transcript: readonly Message[], append: readonly Message[]): Message[];
}
