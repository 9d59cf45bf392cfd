import { parseArguments } from "./openai-chat-view.js";
import type { NeutralMessage, RequestView } from "./types.js";
import { isRecord, textOf } from "./view-helpers.js";

/**
 * A provider-neutral reading of a Responses request over `items` (the previous response's items followed by this
 * request's input). Consecutive output items (text, function calls) form one assistant turn; consecutive
 * `function_call_output` items one user turn.
 */
export function openaiResponsesView(body: Record<string, unknown>, items: readonly unknown[]): RequestView {
  const names = new Map<string, string>();
  const system: string[] = typeof body.instructions === "string" ? [body.instructions] : [];
  const messages: NeutralMessage[] = [];
  const open = (role: "user" | "assistant", joins: (last: NeutralMessage) => boolean): NeutralMessage => {
    const last = messages.at(-1);
    if (last !== undefined && last.role === role && joins(last)) return last;
    const next: NeutralMessage = { role, text: "", toolCalls: [], toolResults: [] };
    messages.push(next);
    return next;
  };
  for (const item of items.filter(isRecord)) {
    const type = item.type ?? (item.role === undefined ? undefined : "message");
    if (type === "message" && (item.role === "system" || item.role === "developer")) {
      system.push(textOf(item.content));
    } else if (type === "message" && item.role === "assistant") {
      const message = open("assistant", () => true);
      message.text = [message.text, textOf(item.content)].filter((text) => text !== "").join("\n");
    } else if (type === "message") {
      // A user message after tool results starts a new turn.
      const message = open("user", (last) => last.toolResults.length === 0);
      message.text = [message.text, textOf(item.content)].filter((text) => text !== "").join("\n");
    } else if (type === "function_call") {
      names.set(String(item.call_id), String(item.name));
      open("assistant", () => true).toolCalls.push({
        id: String(item.call_id),
        name: String(item.name),
        arguments: parseArguments(item.arguments),
      });
    } else if (type === "function_call_output") {
      const id = String(item.call_id);
      const result = { id, name: names.get(id) ?? "", isError: false, text: textOf(item.output) };
      open("user", (last) => last.text === "").toolResults.push(result);
    }
  }
  const last = messages.at(-1);
  return {
    api: "openai-responses",
    model: String(body.model),
    system: system.join("\n"),
    tools: (Array.isArray(body.tools) ? body.tools : [])
      .filter(isRecord)
      .filter((tool) => tool.type === "function")
      .map((tool) => String(tool.name)),
    messages,
    toolResults: last?.role === "user" ? last.toolResults : [],
    turnIndex: messages.filter((message) => message.role === "assistant").length,
    body,
  };
}
