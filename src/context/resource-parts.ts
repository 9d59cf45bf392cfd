/**
 * `resources/read` contents → neutral parts: each item gets a short header naming its URI and MIME type; text is
 * pasted (cut at the cap, with a note), images, audio and PDFs travel as media (described when over their cap),
 * a blob that is really text is decoded, and any other binary is described rather than pasted.
 */

import { base64Bytes, formatBytes } from "../providers/shared/base64.js";
import type { TranslationWarning } from "../spec/warning.js";
import {
  type ContextLimits,
  type ContextPart,
  DEFAULT_CONTEXT_LIMITS,
  type ResourceContentsLike,
} from "./types.js";

/** A resource's contents as context parts, with what could not be carried over. */
export interface ResourceParts {
  parts: ContextPart[];
  warnings: TranslationWarning[];
}

const TEXTUAL_APPLICATION =
  /^application\/(json|xml|yaml|x-yaml|javascript|ecmascript|toml|x-sh|sql|graphql|ld\+json|[\w.+-]+\+(json|xml))$/;

export function resourceHeader(uri: string, mimeType: string | undefined): string {
  return `Resource ${uri}${mimeType === undefined ? "" : ` (${mimeType})`}:`;
}

/**
 * Turns `resources/read` contents into provider-neutral parts (text pasted up to a cap, media carried, other
 * binaries described), ready for `renderMessages` to put into a conversation.
 */
export function resourceParts(
  contents: readonly ResourceContentsLike[],
  limits: Partial<ContextLimits> = {},
): ResourceParts {
  const caps = { ...DEFAULT_CONTEXT_LIMITS, ...limits };
  const parts: ContextPart[] = [];
  const warnings: TranslationWarning[] = [];
  if (contents.length === 0) parts.push({ type: "text", text: "(the resource has no contents)" });
  for (const item of contents) parts.push(...itemParts(item, caps, warnings));
  return { parts, warnings };
}

function itemParts(
  item: ResourceContentsLike,
  caps: ContextLimits,
  warnings: TranslationWarning[],
): ContextPart[] {
  const header = resourceHeader(item.uri, item.mimeType);
  if (typeof item.text === "string")
    return [{ type: "text", text: `${header}\n${capText(item, item.text, caps, warnings)}` }];
  if (typeof item.blob !== "string") return [{ type: "text", text: `${header} (no text or blob contents)` }];
  const mime = (item.mimeType ?? "application/octet-stream").toLowerCase();
  const bytes = base64Bytes(item.blob);
  const decoded = isTextual(mime) ? decodeUtf8(item.blob) : undefined;
  if (decoded !== undefined)
    return [{ type: "text", text: `${header}\n${capText(item, decoded, caps, warnings)}` }];
  const media = mediaKind(mime);
  if (media === undefined) {
    return [{ type: "text", text: `${header} ${formatBytes(bytes)} of binary data, not shown` }];
  }
  const cap =
    media === "image" ? caps.maxImageBytes : media === "audio" ? caps.maxAudioBytes : caps.maxDocumentBytes;
  if (bytes > cap) {
    warnings.push({
      code: "resource-too-large",
      path: item.uri,
      message: `${item.uri} (${mime}, ${formatBytes(bytes)}) is over the ${formatBytes(cap)} ${media} cap; it was described instead`,
    });
    return [
      {
        type: "text",
        text: `${header} ${formatBytes(bytes)} ${media}, over the ${formatBytes(cap)} cap, not attached`,
      },
    ];
  }
  return [
    { type: "text", text: header },
    { type: media, data: item.blob, mimeType: mime, source: item.uri },
  ];
}

function capText(
  item: ResourceContentsLike,
  text: string,
  caps: ContextLimits,
  warnings: TranslationWarning[],
): string {
  if (text.length <= caps.maxTextChars) return text;
  warnings.push({
    code: "resource-truncated",
    path: item.uri,
    message: `${item.uri} has ${text.length} characters; the first ${caps.maxTextChars} were kept`,
  });
  return `${text.slice(0, caps.maxTextChars)}\n[truncated: the first ${caps.maxTextChars} of ${text.length} characters are shown]`;
}

function mediaKind(mime: string): "image" | "audio" | "document" | undefined {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  return mime === "application/pdf" ? "document" : undefined;
}

function isTextual(mime: string): boolean {
  return mime.startsWith("text/") || TEXTUAL_APPLICATION.test(mime);
}

/** The text a base64 blob holds, or undefined when it is not valid UTF-8. */
function decodeUtf8(blob: string): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(blob, "base64"));
  } catch {
    return undefined;
  }
}
