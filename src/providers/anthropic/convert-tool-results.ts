import type {
  DocumentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type { ToolCall, ToolContent, ToolResult } from "../../spec/tool-call.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { base64Bytes } from "../shared/base64.js";
import { linkText } from "../shared/link-text.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";

/** Image types a `tool_result` image block accepts (Base64ImageSource.media_type). */

type Block = TextBlockParam | ImageBlockParam | DocumentBlockParam;

export interface AnthropicToolResults {
  /** The user message to append right after the assistant message that made the calls. */
  message: MessageParam & { role: "user"; content: ToolResultBlockParam[] };
  warnings: TranslationWarning[];
}

/**
 * One user message whose content is one `tool_result` per `tool_use` id, in call order and nothing else, so it
 * satisfies docs/provider-rules.md#anthropic-messages rules 1, 2 and 4 (text the caller adds must go after these blocks). Errors carry
 * `is_error: true`; images stay images, PDFs become document blocks, audio is described in text.
 */
export function convertToolResults(
  calls: readonly ToolCall[],
  results: readonly ToolResult[],
): AnthropicToolResults {
  const warnings: TranslationWarning[] = [];
  const blocks: ToolResultBlockParam[] = [];
  const byId = new Map<string, ToolResultBlockParam>();
  calls.forEach((call, index) => {
    const result = resultFor(call, index, results);
    const content = result === undefined ? [missingText(call)] : toBlocks(result, call, warnings);
    const existing = byId.get(call.id);
    if (existing !== undefined) {
      // The API cannot take two results for one id: the first carries both answers.
      (existing.content as Block[]).push(
        { type: "text", text: `Another call in this turn reused the id ${call.id} (${call.name}):` },
        ...content,
      );
      existing.is_error = existing.is_error === true || result?.isError !== false;
      return;
    }
    const block: ToolResultBlockParam = { type: "tool_result", tool_use_id: call.id, content };
    if (result === undefined || result.isError) block.is_error = true;
    byId.set(call.id, block);
    blocks.push(block);
  });
  return { message: { role: "user", content: blocks }, warnings };
}

/** results[i] answers calls[i]; fall back to the id when a caller passed them in another order. */
function resultFor(call: ToolCall, index: number, results: readonly ToolResult[]): ToolResult | undefined {
  const same = results[index];
  if (same !== undefined && same.callId === call.id) return same;
  return results.find((result) => result.callId === call.id);
}

function missingText(call: ToolCall): TextBlockParam {
  return { type: "text", text: `No result was produced for the call to "${call.name}".` };
}

function toBlocks(result: ToolResult, call: ToolCall, warnings: TranslationWarning[]): Block[] {
  const blocks: Block[] = [];
  for (const part of result.content) blocks.push(...partBlocks(part, call, warnings));
  if (blocks.length === 0) blocks.push({ type: "text", text: "(empty result)" });
  return blocks;
}

function partBlocks(part: ToolContent, call: ToolCall, warnings: TranslationWarning[]): Block[] {
  switch (part.type) {
    case "text":
      // The API rejects empty text blocks.
      return part.text === "" ? [] : [{ type: "text", text: part.text }];
    case "image":
      return imageBlocks(part.data, part.mimeType, undefined, call, warnings);
    case "audio":
      warnings.push(dropped(call, "audio", part.mimeType));
      return [
        {
          type: "text",
          text: `[audio result (${part.mimeType}, ${base64Bytes(part.data)} bytes) omitted: Claude cannot receive audio in a tool result]`,
        },
      ];
    case "resource":
      if ("text" in part)
        return [{ type: "text", text: `${resourceHeader(part.uri, part.mimeType)}\n${part.text}` }];
      if (part.mimeType?.startsWith("image/") === true) {
        return imageBlocks(part.blob, part.mimeType, part.uri, call, warnings);
      }
      if (part.mimeType === "application/pdf") {
        return [
          {
            type: "document",
            source: { type: "base64", media_type: "application/pdf", data: part.blob },
            title: part.uri,
          },
        ];
      }
      return [
        {
          type: "text",
          text: `${resourceHeader(part.uri, part.mimeType)} ${base64Bytes(part.blob)} bytes of binary data, not shown`,
        },
      ];
    case "resource_link":
      return [{ type: "text", text: linkText(part) }];
  }
}

function imageBlocks(
  data: string,
  mimeType: string,
  uri: string | undefined,
  call: ToolCall,
  warnings: TranslationWarning[],
): Block[] {
  const header: Block[] = uri === undefined ? [] : [{ type: "text", text: resourceHeader(uri, mimeType) }];
  if (WEB_IMAGE_TYPES.has(mimeType)) {
    const media = mimeType as "image/jpeg" | "image/png" | "image/gif" | "image/webp";
    return [...header, { type: "image", source: { type: "base64", media_type: media, data } }];
  }
  warnings.push(dropped(call, "image", mimeType));
  return [
    ...header,
    {
      type: "text",
      text: `[image result (${mimeType}, ${base64Bytes(data)} bytes) omitted: Claude accepts jpeg, png, gif and webp images]`,
    },
  ];
}

function resourceHeader(uri: string, mimeType: string | undefined): string {
  return `Resource ${uri}${mimeType === undefined ? "" : ` (${mimeType})`}:`;
}

function dropped(call: ToolCall, kind: string, mimeType: string): TranslationWarning {
  return {
    code: `result-${kind}-described`,
    path: "",
    message: `The ${kind} (${mimeType}) in the result of ${call.name} (${call.id}) cannot travel in an Anthropic tool_result; it was described in text`,
  };
}

/** Decoded size of base64 text. */
