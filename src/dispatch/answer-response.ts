/**
 * The dispatch half in one call: read the tool calls out of a provider response, answer every one, and convert
 * the answers into exactly what the next request needs after the assistant turn.
 */
import type { AnthropicToolResults } from "../providers/anthropic/convert-tool-results.js";
import type { AnthropicResponseLike } from "../providers/anthropic/read-tool-calls.js";
import type { GeminiConvertOptions, GeminiToolResults } from "../providers/gemini/convert-tool-results.js";
import type { GeminiResponseLike } from "../providers/gemini/read-tool-calls.js";
import type { OpenAIChatToolResults } from "../providers/openai-chat/convert-tool-results.js";
import type { OpenAIChatResponseLike } from "../providers/openai-chat/read-tool-calls.js";
import type { OpenAIResponsesToolResults } from "../providers/openai-responses/convert-tool-results.js";
import type { OpenAIResponsesResponseLike } from "../providers/openai-responses/read-tool-calls.js";
import { isModelWire, modelModule } from "../providers/registry.js";
import type { ModelProviderId } from "../spec/provider-id.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import type { TranslationWarning } from "../spec/warning.js";
import { dispatchToolCalls } from "./dispatch-tool-calls.js";
import type { DispatchContext } from "./types.js";
import { WireMismatchError } from "./wire-mismatch-error.js";

/** The provider APIs a response can come from (the `mcp` target has no response to answer). */
export type ResponseWire = ModelProviderId;

interface WireTypes {
  anthropic: { response: AnthropicResponseLike; append: AnthropicToolResults["message"][] };
  "openai-chat": { response: OpenAIChatResponseLike; append: OpenAIChatToolResults["messages"] };
  "openai-responses": { response: OpenAIResponsesResponseLike; append: OpenAIResponsesToolResults["items"] };
  gemini: { response: GeminiResponseLike; append: GeminiToolResults["content"][] };
}

/** The provider's response object for wire `W` (Anthropic `Message`, `ChatCompletion`, …). */
export type ResponseOf<W extends ResponseWire> = WireTypes[W]["response"];

/** What `answerResponse` returns: the calls read, their results, and the messages to append for wire `W`. */
export interface Answer<W extends ResponseWire> {
  calls: ToolCall[];
  results: ToolResult[];
  /**
   * Append these after the assistant turn, in this order: Anthropic one user message, Chat Completions one tool
   * message per call, Responses one `function_call_output` item per call, Gemini one user content. Empty when
   * the response made no calls.
   */
  append: WireTypes[W]["append"];
  /** What could not travel in this provider's result shape (for example an image in a Chat tool message). */
  warnings: TranslationWarning[];
}

/** Wire-specific choices for how results are converted. */
export interface AnswerOptions {
  /** Gemini only: multimodal function responses (Gemini 3+). */
  gemini?: GeminiConvertOptions;
}

/** What `answerResponse` needs: dispatch's context, with the toolset's target when it was built by `buildToolset`. */
export type AnswerContext = DispatchContext & { toolset: { target?: { wire: string } } };

/**
 * Reads a provider response's tool calls, answers every one through `dispatchToolCalls` (as the agent loop
 * does) and converts the answers into what the next request appends. The wire is the toolset's target's; a
 * wire passed first must agree with it (`WireMismatchError` naming both otherwise).
 */
export function answerResponse<W extends ResponseWire>(
  wire: W,
  response: ResponseOf<W>,
  context: AnswerContext,
  options?: AnswerOptions,
): Promise<Answer<W>>;
/**
 * The same, with the wire taken from the toolset's target: the usual call in a loop of your own.
 *
 * @example
 * ```ts
 * const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic");
 * const response = await anthropic.messages.create({ model, max_tokens: 4096, messages, tools: toolset.tools });
 * const answer = await answerResponse(response, { host, toolset });
 * messages.push({ role: "assistant", content: response.content }, ...answer.append);
 * ```
 */
export function answerResponse(
  response: ResponseOf<ResponseWire>,
  context: DispatchContext & { toolset: { target: { wire: string } } },
  options?: AnswerOptions,
): Promise<Answer<ResponseWire>>;
export async function answerResponse(
  first: unknown,
  second: unknown,
  third?: unknown,
  fourth?: AnswerOptions,
): Promise<Omit<Answer<ResponseWire>, "append"> & { append: unknown[] }> {
  // A response is an object: a string first is the wire.
  const withWire = typeof first === "string";
  const given = withWire ? (first as ResponseWire) : undefined;
  const response = withWire ? second : first;
  const context = (withWire ? third : second) as AnswerContext;
  const options = (withWire ? fourth : (third as AnswerOptions | undefined)) ?? {};
  const wire = wireOf(given, context.toolset.target?.wire);
  const module = modelModule(wire);
  const calls = module.readToolCalls(response);
  if (calls.length === 0) return { calls, results: [], append: [], warnings: [] };
  const results = await dispatchToolCalls(calls, context);
  const { append, warnings } = module.convertToolResults(calls, results, options);
  return { calls, results, append, warnings };
}

/** The wire to read the response as: the given one and the toolset's must agree, and one must be a response API. */
function wireOf(given: string | undefined, built: string | undefined): ResponseWire {
  if (given !== undefined && built !== undefined && given !== built)
    throw new WireMismatchError(given, built);
  const wire = given ?? built;
  // Any registered model wire: the built-in four or one added with registerProvider.
  if (wire === undefined || !isModelWire(wire)) throw new WireMismatchError(given, built);
  return wire as ResponseWire;
}
