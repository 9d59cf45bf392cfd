import { streamPieces } from "./openai-stream-pieces.js";

/**
 * A finished chat completion as Chat Completions streams it: `chat.completion.chunk` deltas (role, the text a few
 * characters at a time, each tool call's id and name then its arguments in pieces), a final chunk with the finish
 * reason, an optional usage chunk, then `[DONE]`.
 */
export function openaiChatStream(
  completion: {
    id: string;
    created: number;
    model: string;
    choices: { message: { content: string | null; tool_calls?: ToolCall[] }; finish_reason: string }[];
    usage: unknown;
  },
  includeUsage: boolean,
): string[] {
  const lines: string[] = [];
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => {
    const data = {
      id: completion.id,
      object: "chat.completion.chunk",
      created: completion.created,
      model: completion.model,
      system_fingerprint: null,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    };
    lines.push(`data: ${JSON.stringify(data)}\n\n`);
  };
  const choice = completion.choices[0]!;
  chunk({ role: "assistant", content: "", refusal: null });
  for (const piece of streamPieces(choice.message.content ?? "")) chunk({ content: piece });
  (choice.message.tool_calls ?? []).forEach((call, index) => {
    chunk({
      tool_calls: [
        { index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } },
      ],
    });
    for (const piece of streamPieces(call.function.arguments)) {
      chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  });
  chunk({}, choice.finish_reason);
  if (includeUsage) {
    const data = {
      id: completion.id,
      object: "chat.completion.chunk",
      created: completion.created,
      model: completion.model,
      system_fingerprint: null,
      choices: [],
      usage: completion.usage,
    };
    lines.push(`data: ${JSON.stringify(data)}\n\n`);
  }
  lines.push("data: [DONE]\n\n");
  return lines;
}

interface ToolCall {
  id: string;
  function: { name: string; arguments: string };
}
