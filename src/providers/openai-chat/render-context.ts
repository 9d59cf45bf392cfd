/**
 * Neutral messages → Chat Completions messages. A user turn's tool results become `tool` messages first (they
 * must follow the assistant's `tool_calls`), then one user message with text, `image_url` data URLs, `file` parts
 * for PDFs and `input_audio` for wav/mp3. Assistant turns carry text and `tool_calls`; their media is described.
 */
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { ContextMessage, ContextPart, RenderedMessages } from "../../spec/context.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { toolCallsAndResults } from "../shared/context-tool-results.js";
import { dataUrl, describeMedia, fileNameOf } from "../shared/describe-part.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";
import { convertToolResults } from "./convert-tool-results.js";

const AUDIO_FORMATS: Record<string, "wav" | "mp3"> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
};

export function renderOpenAIChat(
  messages: readonly ContextMessage[],
): RenderedMessages<ChatCompletionMessageParam> {
  const warnings: TranslationWarning[] = [];
  const out: ChatCompletionMessageParam[] = [];
  for (const message of messages) {
    if (message.role === "assistant") out.push(assistant(message.parts, warnings));
    else out.push(...user(message.parts, warnings));
  }
  return { messages: out, warnings };
}

function assistant(
  parts: readonly ContextPart[],
  warnings: TranslationWarning[],
): ChatCompletionAssistantMessageParam {
  const texts: string[] = [];
  const calls: NonNullable<ChatCompletionAssistantMessageParam["tool_calls"]> = [];
  for (const part of parts) {
    if (part.type === "text") texts.push(part.text);
    else if (part.type === "tool-call") {
      calls.push({
        id: part.id,
        type: "function",
        function: { name: part.name, arguments: JSON.stringify(part.arguments) },
      });
    } else if (part.type !== "tool-result") {
      texts.push(
        describeMedia(part, "OpenAI Chat Completions", "an assistant message carries text only", warnings),
      );
    }
  }
  const content = texts.filter((text) => text !== "").join("\n");
  return {
    role: "assistant",
    content: content === "" && calls.length > 0 ? null : content,
    ...(calls.length === 0 ? {} : { tool_calls: calls }),
  };
}

function user(parts: readonly ContextPart[], warnings: TranslationWarning[]): ChatCompletionMessageParam[] {
  const { calls, results } = toolCallsAndResults(parts);
  const out: ChatCompletionMessageParam[] =
    calls.length === 0 ? [] : convertToolResults(calls, results).messages;
  const content: ChatCompletionContentPart[] = [];
  for (const part of parts) {
    const converted = userPart(part, warnings);
    if (converted !== undefined) content.push(converted);
  }
  if (content.length === 0) return out.length === 0 ? [{ role: "user", content: "(empty)" }] : out;
  const textOnly = content.every((part) => part.type === "text");
  out.push({
    role: "user",
    content: textOnly ? content.map((part) => (part.type === "text" ? part.text : "")).join("\n") : content,
  });
  return out;
}

function userPart(part: ContextPart, warnings: TranslationWarning[]): ChatCompletionContentPart | undefined {
  switch (part.type) {
    case "text":
      return part.text === "" ? undefined : { type: "text", text: part.text };
    case "tool-call":
    case "tool-result":
      return undefined;
    case "image":
      if (WEB_IMAGE_TYPES.has(part.mimeType)) return { type: "image_url", image_url: { url: dataUrl(part) } };
      return text(describeMedia(part, "OpenAI", "image_url takes png, jpeg, webp and gif", warnings));
    case "audio": {
      const format = AUDIO_FORMATS[part.mimeType];
      if (format !== undefined) return { type: "input_audio", input_audio: { data: part.data, format } };
      return text(describeMedia(part, "OpenAI", "input_audio takes wav and mp3", warnings));
    }
    case "document":
      return { type: "file", file: { filename: fileNameOf(part), file_data: dataUrl(part) } };
  }
}

function text(value: string): ChatCompletionContentPart {
  return { type: "text", text: value };
}
