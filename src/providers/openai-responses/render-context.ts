/**
 * Neutral messages → Responses input items. User turns: `function_call_output` items first, then one user
 * message of `input_text`, `input_image` (data URL) and `input_file` (PDF) parts; audio is described (Responses
 * input has no audio part). Assistant turns: their text as an assistant message, then one `function_call` item
 * per call.
 */
import type { ResponseInputContent, ResponseInputItem } from "openai/resources/responses/responses";
import type { ContextMessage, ContextPart, RenderedMessages } from "../../spec/context.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { toolCallsAndResults } from "../shared/context-tool-results.js";
import { dataUrl, describeMedia, fileNameOf } from "../shared/describe-part.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";
import { convertToolResults } from "./convert-tool-results.js";

export function renderOpenAIResponses(
  messages: readonly ContextMessage[],
): RenderedMessages<ResponseInputItem> {
  const warnings: TranslationWarning[] = [];
  const out: ResponseInputItem[] = [];
  for (const message of messages) {
    if (message.role === "assistant") out.push(...assistant(message.parts, warnings));
    else out.push(...user(message.parts, warnings));
  }
  return { messages: out, warnings };
}

function assistant(parts: readonly ContextPart[], warnings: TranslationWarning[]): ResponseInputItem[] {
  const texts: string[] = [];
  const calls: ResponseInputItem[] = [];
  for (const part of parts) {
    if (part.type === "text") texts.push(part.text);
    else if (part.type === "tool-call") {
      calls.push({
        type: "function_call",
        call_id: part.id,
        name: part.name,
        arguments: JSON.stringify(part.arguments),
      });
    } else if (part.type !== "tool-result") {
      texts.push(describeMedia(part, "OpenAI Responses", "an assistant message carries text only", warnings));
    }
  }
  const content = texts.filter((text) => text !== "").join("\n");
  const message: ResponseInputItem[] = content === "" ? [] : [{ role: "assistant", content }];
  return [...message, ...calls];
}

function user(parts: readonly ContextPart[], warnings: TranslationWarning[]): ResponseInputItem[] {
  const { calls, results } = toolCallsAndResults(parts);
  const out: ResponseInputItem[] = calls.length === 0 ? [] : convertToolResults(calls, results).items;
  const content: ResponseInputContent[] = [];
  for (const part of parts) {
    const converted = userPart(part, warnings);
    if (converted !== undefined) content.push(converted);
  }
  if (content.length === 0) return out.length === 0 ? [{ role: "user", content: "(empty)" }] : out;
  const textOnly = content.every((part) => part.type === "input_text");
  out.push({
    role: "user",
    content: textOnly
      ? content.map((part) => (part.type === "input_text" ? part.text : "")).join("\n")
      : content,
  });
  return out;
}

function userPart(part: ContextPart, warnings: TranslationWarning[]): ResponseInputContent | undefined {
  switch (part.type) {
    case "text":
      return part.text === "" ? undefined : { type: "input_text", text: part.text };
    case "tool-call":
    case "tool-result":
      return undefined;
    case "image":
      if (WEB_IMAGE_TYPES.has(part.mimeType))
        return { type: "input_image", image_url: dataUrl(part), detail: "auto" };
      return text(describeMedia(part, "OpenAI", "input_image takes png, jpeg, webp and gif", warnings));
    case "audio":
      return text(describeMedia(part, "OpenAI Responses", "Responses input has no audio part", warnings));
    case "document":
      return { type: "input_file", filename: fileNameOf(part), file_data: dataUrl(part) };
  }
}

function text(value: string): ResponseInputContent {
  return { type: "input_text", text: value };
}
