import type { ToolCall } from "../../spec/tool-call.js";

/** A `Response` (its `output` items are read) or the output items themselves. */
export type OpenAIResponsesResponseLike = { output: readonly unknown[] } | readonly unknown[];

/**
 * Every `function_call` output item of a Responses API response, in order, identified by `call_id` (the id a
 * `function_call_output` answers; the item's own `id` is `fc_…`). Unparsable or non-object `arguments` keep the
 * raw string with `argumentsError`. Built-in and custom tool calls are not switchboard's and are not returned.
 */
export function readToolCalls(response: OpenAIResponsesResponseLike): ToolCall[] {
  const items: readonly unknown[] = Array.isArray(response)
    ? response
    : (response as { output: readonly unknown[] }).output;
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (!isRecord(item) || item.type !== "function_call") return;
    const hasId = typeof item.call_id === "string" && item.call_id !== "";
    const id = hasId ? (item.call_id as string) : `call_${index}`;
    const parsed = parseArguments(item.arguments);
    const call: ToolCall = {
      id,
      name: typeof item.name === "string" ? item.name : "",
      arguments: parsed.value,
    };
    if (!hasId) call.syntheticId = true;
    if (parsed.error !== undefined) call.argumentsError = parsed.error;
    if (seen.has(id)) call.duplicateId = true;
    seen.add(id);
    calls.push(call);
  });
  return calls;
}

/** JSON text → object. Blank text means no arguments. */
function parseArguments(raw: unknown): { value: unknown; error?: string } {
  if (raw === undefined || raw === null) return { value: {} };
  if (typeof raw !== "string") {
    return isRecord(raw) ? { value: raw } : { value: raw, error: "arguments must be a JSON object string" };
  }
  if (raw.trim() === "") return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { value: raw, error: `arguments are not valid JSON (${reason}): ${excerpt(raw)}` };
  }
  if (isRecord(value)) return { value };
  const kind = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
  return { value: raw, error: `arguments must be a JSON object, got ${kind}: ${excerpt(raw)}` };
}

function excerpt(text: string): string {
  return text.length <= 200 ? text : `${text.slice(0, 200)}... (${text.length} characters)`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
