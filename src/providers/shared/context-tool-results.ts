import type { ContextPart } from "../../spec/context.js";
import type { ToolCall, ToolResult } from "../../spec/tool-call.js";

/** The tool-result parts of a message as the (call, result) pairs the providers' result converters take. */
export function toolCallsAndResults(parts: readonly ContextPart[]): {
  calls: ToolCall[];
  results: ToolResult[];
} {
  const calls: ToolCall[] = [];
  const results: ToolResult[] = [];
  for (const part of parts) {
    if (part.type !== "tool-result") continue;
    calls.push({ id: part.callId, name: part.name, arguments: {} });
    results.push({
      callId: part.callId,
      name: part.name,
      outcome: part.isError ? "tool-error" : "ok",
      isError: part.isError,
      content: part.content,
      durationMs: 0,
    });
  }
  return { calls, results };
}
