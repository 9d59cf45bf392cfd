/**
 * A function call whose arguments arrive as JSON text the model wrote (OpenAI Chat Completions and Responses).
 * When the text does not parse, or is not an object, the call keeps the raw string and says why in
 * `argumentsError`, so it is answered with that error, never dropped. A missing id gets `call_<index>` and
 * `syntheticId`; an id seen earlier in the same response is marked `duplicateId`.
 */
import type { ToolCall } from "../spec/tool-call.js";

/**
 * Far above what any model writes in one call (128k output tokens are about 0.5 MB): longer text is answered
 * with an error instead of parsed and handed to a server.
 */
export const MAX_ARGUMENT_CHARS = 4 * 1024 * 1024;

export function jsonToolCall(
  rawId: unknown,
  index: number,
  rawName: unknown,
  rawArguments: unknown,
  seen: Set<string>,
): ToolCall {
  const hasId = typeof rawId === "string" && rawId !== "";
  const id = hasId ? rawId : `call_${index}`;
  const parsed = parseArguments(rawArguments);
  const call: ToolCall = { id, name: typeof rawName === "string" ? rawName : "", arguments: parsed.value };
  if (!hasId) call.syntheticId = true;
  if (parsed.error !== undefined) call.argumentsError = parsed.error;
  if (seen.has(id)) call.duplicateId = true;
  seen.add(id);
  return call;
}

/** JSON text → object. Blank text means no arguments (some models send `""` for parameterless functions). */
export function parseArguments(raw: unknown): { value: unknown; error?: string } {
  if (raw === undefined || raw === null) return { value: {} };
  if (typeof raw !== "string") {
    return isRecord(raw) ? { value: raw } : { value: raw, error: "arguments must be a JSON object string" };
  }
  if (raw.length > MAX_ARGUMENT_CHARS) {
    return {
      value: raw,
      error: `arguments are ${raw.length} characters of JSON, over the ${MAX_ARGUMENT_CHARS}-character limit: ${excerpt(raw)}`,
    };
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
