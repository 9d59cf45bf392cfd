import type { NeutralMessage, RequestView } from "./types.js";
import { arrayOf, isRecord, textOf } from "./view-helpers.js";

/** A provider-neutral reading of a Chat Completions request; consecutive `tool` messages fold into one user turn. */
export function openaiChatView(body: Record<string, unknown>): RequestView {
  const names = new Map<string, string>();
  const system: string[] = [];
  const messages: NeutralMessage[] = [];
  for (const message of arrayOf(body.messages).filter(isRecord)) {
    if (message.role === "system" || message.role === "developer") {
      system.push(textOf(message.content));
    } else if (message.role === "assistant") {
      const toolCalls = arrayOf(message.tool_calls)
        .filter(isRecord)
        .map((call) => {
          const fn = isRecord(call.function) ? call.function : {};
          names.set(String(call.id), String(fn.name));
          return { id: String(call.id), name: String(fn.name), arguments: parseArguments(fn.arguments) };
        });
      messages.push({ role: "assistant", text: textOf(message.content), toolCalls, toolResults: [] });
    } else if (message.role === "tool") {
      const id = String(message.tool_call_id);
      const result = { id, name: names.get(id) ?? "", isError: false, text: textOf(message.content) };
      const last = messages.at(-1);
      if (last?.role === "user" && last.toolResults.length > 0 && last.text === "")
        last.toolResults.push(result);
      else messages.push({ role: "user", text: "", toolCalls: [], toolResults: [result] });
    } else {
      messages.push({ role: "user", text: textOf(message.content), toolCalls: [], toolResults: [] });
    }
  }
  const last = messages.at(-1);
  return {
    api: "openai-chat",
    model: String(body.model),
    system: system.join("\n"),
    tools: arrayOf(body.tools)
      .filter(isRecord)
      .map((tool) => (isRecord(tool.function) ? String(tool.function.name) : String(tool.name))),
    messages,
    toolResults: last?.role === "user" ? last.toolResults : [],
    turnIndex: messages.filter((message) => message.role === "assistant").length,
    body,
  };
}

/** Function arguments arrive as a JSON string; keep the raw string when it is not JSON. */
export function parseArguments(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
