import type { ToolCall } from "../../spec/tool-call.js";

/** A `GenerateContentResponse` (first candidate), a model `Content`, or its parts. */
export type GeminiResponseLike =
  | { candidates?: readonly { content?: unknown }[] }
  | { role?: string; parts?: readonly unknown[] }
  | readonly unknown[];

/**
 * Every `functionCall` part of a Gemini response, in order. Gemini may omit call ids: such a call gets a
 * positional id (`syntheticId`), and its answer is matched by position and name instead, which is what the API
 * expects (one `functionResponse` part per `functionCall` part). `args` arrive parsed; a non-object is kept with
 * `argumentsError`.
 */
export function readToolCalls(response: GeminiResponseLike): ToolCall[] {
  const calls: ToolCall[] = [];
  const seen = new Set<string>();
  partsOf(response).forEach((part, index) => {
    if (!isRecord(part) || !isRecord(part.functionCall)) return;
    const fn = part.functionCall;
    const hasId = typeof fn.id === "string" && fn.id !== "";
    const id = hasId ? (fn.id as string) : `function_call_${index}`;
    const args = fn.args === undefined || fn.args === null ? {} : fn.args;
    const call: ToolCall = { id, name: typeof fn.name === "string" ? fn.name : "", arguments: args };
    if (!hasId) call.syntheticId = true;
    if (!isRecord(args)) call.argumentsError = `functionCall.args must be a JSON object, got ${kindOf(args)}`;
    if (seen.has(id)) call.duplicateId = true;
    seen.add(id);
    calls.push(call);
  });
  return calls;
}

function partsOf(response: GeminiResponseLike): readonly unknown[] {
  if (Array.isArray(response)) return response;
  const record = response as Record<string, unknown>;
  if (Array.isArray(record.candidates)) {
    const content = (record.candidates[0] as { content?: unknown } | undefined)?.content;
    return isRecord(content) && Array.isArray(content.parts) ? content.parts : [];
  }
  return Array.isArray(record.parts) ? record.parts : [];
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
