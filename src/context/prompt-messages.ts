/**
 * `prompts/get` result → neutral messages, keeping each message's role: text as text, images and audio as media,
 * embedded resources through the same path as a read resource, resource links as a line naming the link.
 * Consecutive messages of one role are merged, since several providers require alternating turns.
 */
import type { TranslationWarning } from "../spec/warning.js";
import { mergeSameRole } from "./merge-messages.js";
import { resourceParts } from "./resource-parts.js";
import type {
  ContextLimits,
  ContextMessage,
  ContextPart,
  GetPromptResultLike,
  PromptContentLike,
} from "./types.js";

/** A server prompt as context messages, with what could not be carried over. */
export interface PromptMessages {
  messages: ContextMessage[];
  warnings: TranslationWarning[];
}

/**
 * Turns a `prompts/get` result into provider-neutral messages (roles kept, media and embedded resources carried,
 * sizes capped), ready for `renderMessages` to put into a conversation.
 */
export function promptMessages(
  result: GetPromptResultLike,
  limits: Partial<ContextLimits> = {},
): PromptMessages {
  const warnings: TranslationWarning[] = [];
  const messages: ContextMessage[] = result.messages.map((message) => ({
    role: message.role === "assistant" ? "assistant" : "user",
    parts: contentParts(message.content, limits, warnings),
  }));
  return { messages: mergeSameRole(messages), warnings };
}

function contentParts(
  content: PromptContentLike | { type: string },
  limits: Partial<ContextLimits>,
  warnings: TranslationWarning[],
): ContextPart[] {
  const part = content as PromptContentLike;
  switch (part.type) {
    case "text":
      return [{ type: "text", text: part.text }];
    case "image":
    case "audio":
      return [{ type: part.type, data: part.data, mimeType: part.mimeType }];
    case "resource": {
      const converted = resourceParts([part.resource], limits);
      warnings.push(...converted.warnings);
      return converted.parts;
    }
    case "resource_link": {
      const title = part.title === undefined ? "" : ` "${part.title}"`;
      const mime = part.mimeType === undefined ? "" : ` (${part.mimeType})`;
      const description = part.description === undefined ? "" : ` - ${part.description}`;
      return [
        { type: "text", text: `Resource link: ${part.name}${title} <${part.uri}>${mime}${description}` },
      ];
    }
    default:
      warnings.push({
        code: "prompt-content-unsupported",
        path: "",
        message: `a prompt message of type ${JSON.stringify(content.type)} was left out`,
      });
      return [{ type: "text", text: `[a ${String(content.type)} part of the prompt was left out]` }];
  }
}
