import type { ToolCall } from "../../spec/tool-call.js";
import { isRecord, jsonToolCall } from "../json-tool-call.js";

/** A `ChatCompletion` (its first choice is read) or the assistant message itself. */
export type OpenAIChatResponseLike =
  | { choices: readonly { message?: unknown }[] }
  | { role?: string; tool_calls?: readonly unknown[] | null };

/**
 * Every function call in a Chat Completions response, in order (`function.arguments` is JSON text; see
 * `jsonToolCall` for what happens when it is not an object). Custom (free-form) tool calls are not switchboard's:
 * they are left to the caller, who offered those tools.
 */
export function readToolCalls(response: OpenAIChatResponseLike): ToolCall[] {
  const message = "choices" in response ? response.choices[0]?.message : response;
  if (!isRecord(message) || !Array.isArray(message.tool_calls)) return [];
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  message.tool_calls.forEach((entry: unknown, index: number) => {
    if (!isRecord(entry) || (entry.type !== undefined && entry.type !== "function")) return;
    const fn = isRecord(entry.function) ? entry.function : {};
    calls.push(jsonToolCall(entry.id, index, fn.name, fn.arguments, seen));
  });
  return calls;
}
