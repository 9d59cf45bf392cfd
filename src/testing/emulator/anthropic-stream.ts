import { splitStreamText } from "./split-stream-text.js";

/**
 * A finished Anthropic message as the Messages API streams it (`stream: true`): message_start, a ping, per content
 * block a content_block_start, several small deltas (text, thinking and tool input JSON each split, as the real
 * API sends them) and content_block_stop, then message_delta with the stop reason and message_stop.
 */
export function anthropicStream(message: {
  content: Record<string, unknown>[];
  stop_reason: string;
  usage: Record<string, unknown>;
}): string[] {
  const events: string[] = [];
  const send = (type: string, data: Record<string, unknown>) => {
    events.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  };
  send("message_start", {
    message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } },
  });
  send("ping", {});
  message.content.forEach((block, index) => {
    if (block.type === "text") {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      for (const text of splitStreamText(String(block.text))) {
        send("content_block_delta", { index, delta: { type: "text_delta", text } });
      }
    } else if (block.type === "tool_use") {
      send("content_block_start", { index, content_block: { ...block, input: {} } });
      for (const partial_json of splitStreamText(JSON.stringify(block.input))) {
        send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } });
      }
    } else if (block.type === "thinking") {
      send("content_block_start", {
        index,
        content_block: { type: "thinking", thinking: "", signature: "" },
      });
      for (const thinking of splitStreamText(String(block.thinking))) {
        send("content_block_delta", { index, delta: { type: "thinking_delta", thinking } });
      }
      send("content_block_delta", { index, delta: { type: "signature_delta", signature: block.signature } });
    }
    send("content_block_stop", { index });
  });
  send("message_delta", {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens },
  });
  send("message_stop", {});
  return events;
}
