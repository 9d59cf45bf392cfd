import type { NeutralMessage, NeutralToolResult, RequestView } from "./types.js";
import { arrayOf, isRecord, textOf } from "./view-helpers.js";

/** A provider-neutral reading of a generateContent request. Without call ids, a call's id is its name. */
export function geminiView(body: Record<string, unknown>, model: string): RequestView {
  const messages: NeutralMessage[] = arrayOf(body.contents)
    .filter(isRecord)
    .map((content) => {
      const parts = arrayOf(content.parts).filter(isRecord);
      const text = parts
        .filter((part) => typeof part.text === "string" && part.thought !== true)
        .map((part) => part.text);
      const toolCalls = parts
        .map((part) => part.functionCall)
        .filter(isRecord)
        .map((call) => ({
          id: String(call.id ?? call.name),
          name: String(call.name),
          arguments: call.args ?? {},
        }));
      const toolResults = parts
        .map((part) => part.functionResponse)
        .filter(isRecord)
        .map(resultOf);
      return {
        role: content.role === "model" ? "assistant" : "user",
        text: text.join("\n"),
        toolCalls,
        toolResults,
      };
    });
  const system = isRecord(body.systemInstruction)
    ? textOf(body.systemInstruction.parts)
    : textOf(body.systemInstruction);
  const last = messages.at(-1);
  return {
    api: "gemini",
    model,
    system,
    tools: arrayOf(body.tools)
      .filter(isRecord)
      .flatMap((tool) => arrayOf(tool.functionDeclarations ?? tool.function_declarations))
      .filter(isRecord)
      .map((declaration) => String(declaration.name)),
    messages,
    toolResults: last?.role === "user" ? last.toolResults : [],
    turnIndex: messages.filter((message) => message.role === "assistant").length,
    body,
  };
}

/** `response: {output: …}` or `{error: …}` by convention (docs/provider-rules.md#gemini-messages); anything else as JSON. */
function resultOf(response: Record<string, unknown>): NeutralToolResult {
  const payload = isRecord(response.response) ? response.response : {};
  const isError = payload.error !== undefined && payload.output === undefined;
  const value = isError ? payload.error : (payload.output ?? payload);
  return {
    id: String(response.id ?? response.name),
    name: String(response.name),
    isError,
    text: typeof value === "string" ? value : JSON.stringify(value),
  };
}
