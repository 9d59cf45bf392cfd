import { streamPieces } from "./openai-stream-pieces.js";

/**
 * A finished Responses API response as the API streams it (`stream: true`): `response.created` and
 * `response.in_progress` with the response still empty, then per output item `response.output_item.added`,
 * its content (`response.content_part.added`, `response.output_text.delta`…, `response.output_text.done`,
 * `response.content_part.done` for a message; `response.function_call_arguments.delta`…,
 * `response.function_call_arguments.done` for a function call) and `response.output_item.done`, and last
 * `response.completed` with the whole response. Every event carries `sequence_number` from 0, and is sent as a
 * named SSE event (`event:` line, then `data:`). Shapes: openai-node 6.49 `ResponseStreamEvent` types.
 */
export function openaiResponsesStream(response: StreamedResponse): string[] {
  const events: string[] = [];
  let sequence = 0;
  const send = (type: string, fields: Record<string, unknown>) => {
    const data = { type, ...fields, sequence_number: sequence++ };
    events.push(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const pending = { ...response, status: "in_progress", output: [], usage: null };
  send("response.created", { response: pending });
  send("response.in_progress", { response: pending });
  response.output.forEach((item, outputIndex) => {
    send("response.output_item.added", { output_index: outputIndex, item: started(item) });
    if (item.type === "message") {
      const content = Array.isArray(item.content) ? (item.content as Record<string, unknown>[]) : [];
      content.forEach((part, contentIndex) => {
        const at = { item_id: item.id, output_index: outputIndex, content_index: contentIndex };
        const text = typeof part.text === "string" ? part.text : "";
        send("response.content_part.added", { ...at, part: { ...part, text: "" } });
        for (const delta of streamPieces(text))
          send("response.output_text.delta", { ...at, delta, logprobs: [] });
        send("response.output_text.done", { ...at, text, logprobs: [] });
        send("response.content_part.done", { ...at, part });
      });
    }
    if (item.type === "function_call") {
      const at = { item_id: item.id, output_index: outputIndex };
      const args = typeof item.arguments === "string" ? item.arguments : "";
      for (const delta of streamPieces(args))
        send("response.function_call_arguments.delta", { ...at, delta });
      send("response.function_call_arguments.done", { ...at, name: item.name, arguments: args });
    }
    send("response.output_item.done", { output_index: outputIndex, item });
  });
  send("response.completed", { response });
  return events;
}

/** The fields read here of the response the handler built (the rest is sent as it is). */
interface StreamedResponse {
  output: Record<string, unknown>[];
  [field: string]: unknown;
}

/** An output item as `response.output_item.added` shows it: in progress, its content not written yet. */
function started(item: Record<string, unknown>): Record<string, unknown> {
  if (item.type === "message") return { ...item, status: "in_progress", content: [] };
  if (item.type === "function_call") return { ...item, status: "in_progress", arguments: "" };
  return item;
}
