import type { ToolCall } from "../../spec/tool-call.js";
import { isRecord, jsonToolCall } from "../json-tool-call.js";

/** A `Response` (its `output` items are read) or the output items themselves. */
export type OpenAIResponsesResponseLike = { output: readonly unknown[] } | readonly unknown[];

/**
 * Every `function_call` output item of a Responses API response, in order, identified by `call_id` (the id a
 * `function_call_output` answers; the item's own `id` is `fc_…`); arguments are JSON text (see `jsonToolCall`).
 * Built-in and custom tool calls are not switchboard's and are not returned.
 */
export function readToolCalls(response: OpenAIResponsesResponseLike): ToolCall[] {
  const items: readonly unknown[] = Array.isArray(response)
    ? response
    : (response as { output: readonly unknown[] }).output;
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (!isRecord(item) || item.type !== "function_call") return;
    calls.push(jsonToolCall(item.call_id, index, item.name, item.arguments, seen));
  });
  return calls;
}
