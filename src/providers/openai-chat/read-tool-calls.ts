import type { ToolCall } from "../../spec/tool-call.js";

/** A `ChatCompletion` (its first choice is read) or the assistant message itself. */
export type OpenAIChatResponseLike =
  | { choices: readonly { message?: unknown }[] }
  | { role?: string; tool_calls?: readonly unknown[] | null };

/**
 * Every function call in a Chat Completions response, in order. `function.arguments` is a JSON string the model
 * wrote; when it does not parse, or is not an object, the call keeps the raw string and says why in
 * `argumentsError` (it is answered with that error, never dropped). Custom (free-form) tool calls are not
 * switchboard's: they are left to the caller, who offered those tools.
 */
export function readToolCalls(response: OpenAIChatResponseLike): ToolCall[] {
  const message = "choices" in response ? response.choices[0]?.message : response;
  if (!isRecord(message) || !Array.isArray(message.tool_calls)) return [];
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  message.tool_calls.forEach((entry: unknown, index: number) => {
    if (!isRecord(entry) || (entry.type !== undefined && entry.type !== "function")) return;
    const fn = isRecord(entry.function) ? entry.function : {};
    const hasId = typeof entry.id === "string" && entry.id !== "";
    const id = hasId ? (entry.id as string) : `call_${index}`;
    const parsed = parseArguments(fn.arguments);
    const call: ToolCall = { id, name: typeof fn.name === "string" ? fn.name : "", arguments: parsed.value };
    if (!hasId) call.syntheticId = true;
    if (parsed.error !== undefined) call.argumentsError = parsed.error;
    if (seen.has(id)) call.duplicateId = true;
    seen.add(id);
    calls.push(call);
  });
  return calls;
}

/** JSON text → object. Blank text means no arguments (some models send `""` for parameterless functions). */
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
