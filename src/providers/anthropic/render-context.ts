/**
 * Neutral messages → Anthropic `MessageParam`s. User turns carry text, images (jpeg, png, gif, webp) and PDFs
 * (document blocks); tool results go first in their user turn (docs/provider-rules.md#anthropic-messages rule 2); assistant turns carry
 * text and tool_use blocks. Audio, and media in assistant turns, are described in text.
 */
import type {
  ContentBlockParam,
  MessageParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { ContextMessage, ContextPart, RenderedMessages } from "../../spec/context.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { toolCallsAndResults } from "../shared/context-tool-results.js";
import { describeMedia, fileNameOf } from "../shared/describe-part.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";
import { convertToolResults } from "./convert-tool-results.js";

type ImageMedia = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

export function renderAnthropic(messages: readonly ContextMessage[]): RenderedMessages<MessageParam> {
  const warnings: TranslationWarning[] = [];
  const out: MessageParam[] = messages.map((message) => {
    const { calls, results } = toolCallsAndResults(message.parts);
    const resultBlocks: ToolResultBlockParam[] =
      message.role === "user" && calls.length > 0 ? convertToolResults(calls, results).message.content : [];
    const blocks: ContentBlockParam[] = [...resultBlocks];
    for (const part of message.parts) blocks.push(...partBlocks(part, message.role, warnings));
    return {
      role: message.role,
      content: blocks.length === 0 ? [{ type: "text", text: "(empty)" }] : blocks,
    };
  });
  return { messages: out, warnings };
}

function partBlocks(
  part: ContextPart,
  role: ContextMessage["role"],
  warnings: TranslationWarning[],
): ContentBlockParam[] {
  switch (part.type) {
    case "text":
      return part.text === "" ? [] : [{ type: "text", text: part.text }];
    case "tool-call":
      return role === "assistant"
        ? [{ type: "tool_use", id: part.id, name: part.name, input: part.arguments }]
        : [];
    case "tool-result":
      return []; // placed first by the caller
    case "image":
      if (role === "user" && WEB_IMAGE_TYPES.has(part.mimeType)) {
        return [
          {
            type: "image",
            source: { type: "base64", media_type: part.mimeType as ImageMedia, data: part.data },
          },
        ];
      }
      return [
        text(
          describeMedia(
            part,
            "Anthropic",
            why(role, "Claude accepts jpeg, png, gif and webp images"),
            warnings,
          ),
        ),
      ];
    case "document":
      if (role === "user" && part.mimeType === "application/pdf") {
        return [
          {
            type: "document",
            source: { type: "base64", media_type: "application/pdf", data: part.data },
            title: fileNameOf(part),
          },
        ];
      }
      return [text(describeMedia(part, "Anthropic", why(role, "only PDFs travel as documents"), warnings))];
    case "audio":
      return [text(describeMedia(part, "Anthropic", "Claude does not take audio input", warnings))];
  }
}

function why(role: ContextMessage["role"], otherwise: string): string {
  return role === "assistant" ? "an assistant turn carries text only" : otherwise;
}

function text(value: string): ContentBlockParam {
  return { type: "text", text: value };
}
