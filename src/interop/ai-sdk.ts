/**
 * `switchboard/interop/ai-sdk`: a switchboard toolset as a Vercel AI SDK `ToolSet`. The AI SDK is not a
 * dependency of switchboard: the caller hands over its own `jsonSchema` (so any AI SDK major that has it works,
 * and its types flow through), and the tool objects are plain `{ description, inputSchema, execute,
 * toModelOutput }` records, the shape `tool()` returns.
 *
 * @example
 * ```ts
 * import { generateText, jsonSchema, stepCountIs } from "ai";
 * import { aiSdkTools } from "switchboard/interop/ai-sdk";
 *
 * const tools = aiSdkTools({ host, jsonSchema });
 * const { text } = await generateText({ model, tools, stopWhen: stepCountIs(8), prompt: "…" });
 * ```
 */
import type { JsonObject } from "../spec/json.js";
import type { ToolContent, ToolResult } from "../spec/tool-call.js";
import { type InteropOptions, interopTools, resultText } from "./interop-tools.js";

export type { InteropHost, InteropOptions } from "./interop-tools.js";

/** What the AI SDK sends back to the model for a result (its `ToolResultOutput`, the parts switchboard uses). */
export type AiSdkToolOutput =
  | { type: "text"; value: string }
  | { type: "error-text"; value: string }
  | {
      type: "content";
      value: ({ type: "text"; text: string } | { type: "media"; data: string; mediaType: string })[];
    };

/** One AI SDK tool: what `tool({ description, inputSchema: jsonSchema(…), execute, toModelOutput })` returns. */
export interface AiSdkTool<Schema> {
  description: string;
  inputSchema: Schema;
  /** Dispatches through switchboard; the result is switchboard's `ToolResult` (never throws). */
  execute(input: unknown, options: { toolCallId: string; abortSignal?: AbortSignal }): Promise<ToolResult>;
  /** The model sees the result's text; an error (`isError`) as `error-text`, images as media parts. */
  toModelOutput(options: unknown): AiSdkToolOutput;
}

/** Options of `aiSdkTools`: the switchboard side, and the AI SDK's `jsonSchema` from the caller's `ai`. */
export interface AiSdkToolsOptions<Schema> extends InteropOptions {
  /** `jsonSchema` from `ai` (or `@ai-sdk/provider-utils`). */
  jsonSchema: (schema: JsonObject) => Schema;
}

/**
 * The toolset as an AI SDK `ToolSet`, keyed by switchboard's provider-facing names. Pass it as `tools` to
 * `generateText`/`streamText`; every call (stale, failing, timed out) comes back answered the switchboard way.
 */
export function aiSdkTools<Schema>(options: AiSdkToolsOptions<Schema>): Record<string, AiSdkTool<Schema>> {
  const { jsonSchema, ...rest } = options;
  const tools: Record<string, AiSdkTool<Schema>> = {};
  for (const tool of interopTools(rest)) {
    tools[tool.name] = {
      description: tool.description,
      inputSchema: jsonSchema(tool.parameters),
      execute: (input, { toolCallId, abortSignal }) =>
        tool.call(input, {
          callId: toolCallId,
          ...(abortSignal === undefined ? {} : { signal: abortSignal }),
        }),
      toModelOutput: (given) => modelOutput(resultOf(given)),
    };
  }
  return tools;
}

/** AI SDK 6 passes `{ toolCallId, input, output }`, AI SDK 5 the output itself. */
function resultOf(given: unknown): ToolResult | undefined {
  const value = given as { output?: unknown; callId?: unknown; outcome?: unknown } | null;
  if (value === null || typeof value !== "object") return undefined;
  const result = typeof value.callId === "string" && typeof value.outcome === "string" ? value : value.output;
  const candidate = result as ToolResult | undefined;
  return candidate !== undefined && Array.isArray(candidate.content) ? candidate : undefined;
}

function modelOutput(result: ToolResult | undefined): AiSdkToolOutput {
  if (result === undefined) return { type: "error-text", value: "The tool returned no result." };
  const text = resultText(result);
  if (result.isError) return { type: "error-text", value: text };
  if (!result.content.some((part) => part.type === "image")) return { type: "text", value: text };
  return { type: "content", value: result.content.map(mediaPart) };
}

function mediaPart(
  part: ToolContent,
): { type: "text"; text: string } | { type: "media"; data: string; mediaType: string } {
  if (part.type === "image") return { type: "media", data: part.data, mediaType: part.mimeType };
  return { type: "text", text: resultText({ content: [part], outcome: "ok", isError: false }) };
}
