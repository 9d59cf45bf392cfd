import type { NeutralMessage, NeutralToolCall, NeutralToolResult, RequestView } from "./types.js";
import { arrayOf, isRecord, textOf } from "./view-helpers.js";

/** A provider-neutral reading of an Anthropic Messages request body. */
export function anthropicView(body: Record<string, unknown>): RequestView {
  const names = new Map<string, string>();
  const messages: NeutralMessage[] = arrayOf(body.messages)
    .filter(isRecord)
    .map((message) => {
      const blocks =
        typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
      const text: string[] = [];
      const toolCalls: NeutralToolCall[] = [];
      const toolResults: NeutralToolResult[] = [];
      for (const block of arrayOf(blocks).filter(isRecord)) {
        if (block.type === "text") text.push(String(block.text));
        if (block.type === "tool_use") {
          names.set(String(block.id), String(block.name));
          toolCalls.push({ id: String(block.id), name: String(block.name), arguments: block.input });
        }
        if (block.type === "tool_result") {
          const id = String(block.tool_use_id);
          toolResults.push({
            id,
            name: names.get(id) ?? "",
            isError: block.is_error === true,
            text: textOf(block.content),
          });
        }
      }
      return {
        role: message.role === "assistant" ? "assistant" : "user",
        text: text.join("\n"),
        toolCalls,
        toolResults,
      };
    });
  const last = messages.at(-1);
  return {
    api: "anthropic",
    model: String(body.model),
    system: typeof body.system === "string" ? body.system : textOf(body.system),
    tools: arrayOf(body.tools)
      .filter(isRecord)
      .map((tool) => String(tool.name)),
    messages,
    toolResults: last?.role === "user" ? last.toolResults : [],
    turnIndex:
      messages.filter((message) => message.role === "assistant").length -
      (last?.role === "assistant" ? 1 : 0),
    ...(last?.role === "assistant" ? { continuation: true } : {}),
    body,
  };
}
