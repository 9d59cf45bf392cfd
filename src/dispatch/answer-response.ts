/**
 * The dispatch half in one call: read the tool calls out of a provider response, answer every one, and convert
 * the answers into exactly what the next request needs after the assistant turn.
 */
import { SwitchboardError } from "../errors.js";
import {
  type AnthropicToolResults,
  convertToolResults as convertAnthropic,
} from "../providers/anthropic/convert-tool-results.js";
import {
  type AnthropicResponseLike,
  readToolCalls as readAnthropic,
} from "../providers/anthropic/read-tool-calls.js";
import {
  convertToolResults as convertGemini,
  type GeminiConvertOptions,
  type GeminiToolResults,
} from "../providers/gemini/convert-tool-results.js";
import { type GeminiResponseLike, readToolCalls as readGemini } from "../providers/gemini/read-tool-calls.js";
import {
  convertToolResults as convertChat,
  type OpenAIChatToolResults,
} from "../providers/openai-chat/convert-tool-results.js";
import {
  type OpenAIChatResponseLike,
  readToolCalls as readChat,
} from "../providers/openai-chat/read-tool-calls.js";
import {
  convertToolResults as convertResponses,
  type OpenAIResponsesToolResults,
} from "../providers/openai-responses/convert-tool-results.js";
import {
  type OpenAIResponsesResponseLike,
  readToolCalls as readResponses,
} from "../providers/openai-responses/read-tool-calls.js";
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
  const calls = read(wire, response);
  if (calls.length === 0) return { calls, results: [], append: [], warnings: [] };
  const results = await answerCalls(calls, context);
  const { append, warnings } = convert(wire, calls, results, options);
  return { calls, results, append: append as WireTypes[W]["append"], warnings };
}

function read(wire: ResponseWire, response: unknown): ToolCall[] {
  switch (wire) {
    case "anthropic":
      return readAnthropic(response as AnthropicResponseLike);
    case "openai-chat":
      return readChat(response as OpenAIChatResponseLike);
    case "openai-responses":
      return readResponses(response as OpenAIResponsesResponseLike);
    case "gemini":
      return readGemini(response as GeminiResponseLike);
  }
}

function convert(
  wire: ResponseWire,
  calls: ToolCall[],
  results: ToolResult[],
  options: AnswerOptions,
): { append: unknown[]; warnings: TranslationWarning[] } {
  switch (wire) {
    case "anthropic": {
      const out = convertAnthropic(calls, results);
      return { append: [out.message], warnings: out.warnings };
    }
    case "openai-chat": {
      const out = convertChat(calls, results);
      return { append: out.messages, warnings: out.warnings };
    }
    case "openai-responses": {
      const out = convertResponses(calls, results);
      return { append: out.items, warnings: out.warnings };
    }
    case "gemini": {
      const out = convertGemini(calls, results, options.gemini);
      return { append: [out.content], warnings: out.warnings };
    }
  }
}
