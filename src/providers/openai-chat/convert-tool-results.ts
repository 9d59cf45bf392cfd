import type { ChatCompletionToolMessageParam } from "openai/resources/chat/completions";
import type { ToolCall, ToolContent, ToolResult } from "../../spec/tool-call.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { base64Bytes } from "../shared/base64.js";
import { linkText } from "../shared/link-text.js";

export interface OpenAIChatToolResults {
  /** Append right after the assistant message with `tool_calls`, before anything else (docs/provider-rules.md#openai-messages). */
  messages: ChatCompletionToolMessageParam[];
  warnings: TranslationWarning[];
}

/**
 * One `role: "tool"` message per `tool_call_id`, in call order. A tool message carries text only, so images and
 * audio are described in text (with a warning) and errors are marked in the text itself: `Tool error:` when the
 * tool reported failure, `Error (<kind>):` when switchboard could not run it.
 */
export function convertToolResults(
  calls: readonly ToolCall[],
  results: readonly ToolResult[],
): OpenAIChatToolResults {
  const warnings: TranslationWarning[] = [];
  const messages: ChatCompletionToolMessageParam[] = [];
  const byId = new Map<string, ChatCompletionToolMessageParam>();
  calls.forEach((call, index) => {
    const result = resultFor(call, index, results);
    const text =
      result === undefined
        ? `Error: no result was produced for the call to "${call.name}".`
        : textOf(result, call, warnings);
    const existing = byId.get(call.id);
    if (existing !== undefined) {
      // One message per id: a duplicate id's answer joins the first one.
      existing.content = `${existing.content as string}\n\nAnother call in this turn reused the id ${call.id} (${call.name}):\n${text}`;
      return;
    }
    const message: ChatCompletionToolMessageParam = { role: "tool", tool_call_id: call.id, content: text };
    byId.set(call.id, message);
    messages.push(message);
  });
  return { messages, warnings };
}

function resultFor(call: ToolCall, index: number, results: readonly ToolResult[]): ToolResult | undefined {
  const same = results[index];
  if (same !== undefined && same.callId === call.id) return same;
  return results.find((result) => result.callId === call.id);
}

function textOf(result: ToolResult, call: ToolCall, warnings: TranslationWarning[]): string {
  const body = result.content
    .map((part) => partText(part, call, warnings))
    .filter((text) => text !== "")
    .join("\n");
  const shown = body === "" ? "(empty result)" : body;
  if (result.outcome === "ok") return shown;
  return result.outcome === "tool-error" ? `Tool error: ${shown}` : `Error (${result.outcome}): ${shown}`;
}

function partText(part: ToolContent, call: ToolCall, warnings: TranslationWarning[]): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
    case "audio":
      warnings.push(described(call, part.type, part.mimeType));
      return `[${part.type} result (${part.mimeType}, ${base64Bytes(part.data)} bytes) omitted: Chat Completions tool messages carry text only]`;
    case "resource": {
      const header = `Resource ${part.uri}${part.mimeType === undefined ? "" : ` (${part.mimeType})`}:`;
      if ("text" in part) return `${header}\n${part.text}`;
      if (part.mimeType?.startsWith("image/") || part.mimeType?.startsWith("audio/")) {
        warnings.push(described(call, "resource", part.mimeType));
      }
      return `${header} ${base64Bytes(part.blob)} bytes of binary data, not shown`;
    }
    case "resource_link":
      return linkText(part);
  }
}

function described(call: ToolCall, kind: string, mimeType: string): TranslationWarning {
  return {
    code: `result-${kind}-described`,
    path: "",
    message: `The ${kind} (${mimeType}) in the result of ${call.name} (${call.id}) cannot travel in a Chat Completions tool message; it was described in text`,
  };
}
