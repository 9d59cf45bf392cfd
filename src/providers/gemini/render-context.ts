/**
 * Neutral messages → Gemini `Content`s (`user` / `model`). Images, audio and PDFs in user turns travel as
 * `inlineData`; function responses lead their user turn, one per call; a model turn's calls are `functionCall`
 * parts. Calls the model did not make itself (a server's sampling history) carry Google's documented placeholder
 * signature, since Gemini 3 rejects a replayed call without one (docs/provider-rules.md#gemini-messages rule 3).
 */
import type { Content, Part } from "@google/genai";
import type { ContextMessage, ContextPart, RenderedMessages } from "../../spec/context.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { toolCallsAndResults } from "../shared/context-tool-results.js";
import { describeMedia } from "../shared/describe-part.js";
import { GEMINI_IMAGE_TYPES } from "../shared/media-types.js";
import { convertToolResults } from "./convert-tool-results.js";

/** https://ai.google.dev/gemini-api/docs/thought-signatures: for calls not produced by the model. */
export const PLACEHOLDER_THOUGHT_SIGNATURE = "skip_thought_signature_validator";

const AUDIO_TYPES = new Set([
  "audio/wav",
  "audio/x-wav",
  "audio/mp3",
  "audio/mpeg",
  "audio/aiff",
  "audio/aac",
  "audio/ogg",
  "audio/flac",
]);

export function renderGemini(messages: readonly ContextMessage[]): RenderedMessages<Content> {
  const warnings: TranslationWarning[] = [];
  const out: Content[] = messages.map((message) => {
    const parts: Part[] = [];
    if (message.role === "user") {
      const { calls, results } = toolCallsAndResults(message.parts);
      if (calls.length > 0) parts.push(...convertToolResults(calls, results).content.parts);
    }
    let signed = false;
    for (const part of message.parts) {
      const converted = convert(part, message.role, warnings);
      if (converted === undefined) continue;
      if (converted.functionCall !== undefined && !signed) {
        converted.thoughtSignature = PLACEHOLDER_THOUGHT_SIGNATURE;
        signed = true;
      }
      parts.push(converted);
    }
    return {
      role: message.role === "assistant" ? "model" : "user",
      parts: parts.length === 0 ? [{ text: "(empty)" }] : parts,
    };
  });
  return { messages: out, warnings };
}

function convert(
  part: ContextPart,
  role: ContextMessage["role"],
  warnings: TranslationWarning[],
): Part | undefined {
  switch (part.type) {
    case "text":
      return part.text === "" ? undefined : { text: part.text };
    case "tool-call":
      return role === "assistant"
        ? { functionCall: { id: part.id, name: part.name, args: part.arguments } }
        : undefined;
    case "tool-result":
      return undefined;
    case "image":
    case "audio":
    case "document": {
      if (role === "assistant") {
        return { text: describeMedia(part, "Gemini", "a model turn is sent as text here", warnings) };
      }
      const accepted =
        part.type === "image"
          ? GEMINI_IMAGE_TYPES.has(part.mimeType)
          : part.type === "audio"
            ? AUDIO_TYPES.has(part.mimeType)
            : part.mimeType === "application/pdf";
      if (accepted) return { inlineData: { mimeType: part.mimeType, data: part.data } };
      return {
        text: describeMedia(part, "Gemini", `Gemini does not take ${part.mimeType} inline`, warnings),
      };
    }
  }
}
