/**
 * The dispatch half in one call: read the tool calls out of a provider response, answer every one, and convert
 * the answers into exactly what the next request needs after the assistant turn.
 */
import { SwitchboardError } from "../errors.js";
import type { AnthropicToolResults } from "../providers/anthropic/convert-tool-results.js";
import type { AnthropicResponseLike } from "../providers/anthropic/read-tool-calls.js";
import type { GeminiConvertOptions, GeminiToolResults } from "../providers/gemini/convert-tool-results.js";
import type { GeminiResponseLike } from "../providers/gemini/read-tool-calls.js";
import type { OpenAIChatToolResults } from "../providers/openai-chat/convert-tool-results.js";
import type { OpenAIChatResponseLike } from "../providers/openai-chat/read-tool-calls.js";
import type { OpenAIResponsesToolResults } from "../providers/openai-responses/convert-tool-results.js";
import type { OpenAIResponsesResponseLike } from "../providers/openai-responses/read-tool-calls.js";
import { modelModule } from "../providers/registry.js";
import type { ModelProviderId } from "../spec/provider-id.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import type { TranslationWarning } from "../spec/warning.js";
import { answerCalls } from "./answer-calls.js";
import type { DispatchContext } from "./types.js";

/** The provider APIs a response can come from (the `mcp` target has no response to answer). */
export type ResponseWire = ModelProviderId;

interface WireTypes {
  anthropic: { response: AnthropicResponseLike; append: AnthropicToolResults["message"][] };
  "openai-chat": { response: OpenAIChatResponseLike; append: OpenAIChatToolResults["messages"] };
  "openai-responses": { response: OpenAIResponsesResponseLike; append: OpenAIResponsesToolResults["items"] };
  gemini: { response: GeminiResponseLike; append: GeminiToolResults["content"][] };
}

export type ResponseOf<W extends ResponseWire> = WireTypes[W]["response"];

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

export interface AnswerOptions {
  /** Gemini only: multimodal function responses (Gemini 3+). */
  gemini?: GeminiConvertOptions;
}

export async function answerResponse<W extends ResponseWire>(
  wire: W,
  response: ResponseOf<W>,
  context: DispatchContext & { toolset: { target?: { wire: string } } },
  options: AnswerOptions = {},
): Promise<Answer<W>> {
  const built = context.toolset.target?.wire;
  if (built !== undefined && built !== wire) {
    throw new SwitchboardError(
      "USAGE",
      `answerResponse was asked to answer a ${wire} response with a toolset built for ${built}; the names would not match`,
    );
  }
  const module = modelModule(wire);
  const calls = module.readToolCalls(response);
  if (calls.length === 0) return { calls, results: [], append: [], warnings: [] };
  const results = await answerCalls(calls, context);
  const { append, warnings } = module.convertToolResults(calls, results, options);
  return { calls, results, append: append as WireTypes[W]["append"], warnings };
}
