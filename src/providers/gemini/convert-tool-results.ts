import type { Content, FunctionResponse, FunctionResponsePart, Part } from "@google/genai";
import type { ToolCall, ToolContent, ToolResult } from "../../spec/tool-call.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { base64Bytes } from "../shared/base64.js";
import { linkText } from "../shared/link-text.js";

export interface GeminiConvertOptions {
  /**
   * Send images and audio as `functionResponse.parts` inline data (multimodal function responses, Gemini 3+).
   * Default false: they are described in the text, since earlier models reject those parts.
   */
  inlineMedia?: boolean;
}

export interface GeminiToolResults {
  /** The `user` turn to append right after the model turn that made the calls. */
  content: Content & { role: "user"; parts: Part[] };
  warnings: TranslationWarning[];
}

/**
 * One `functionResponse` part per `functionCall` part, same count and order (docs/provider-rules.md#gemini-messages rule 2), with the
 * call's id when it had one. `response` is `{output: text}`, or `{error: text}` when the call failed (the tool's
 * own failure included), as the API documents.
 */
export function convertToolResults(
  calls: readonly ToolCall[],
  results: readonly ToolResult[],
  options: GeminiConvertOptions = {},
): GeminiToolResults {
  const warnings: TranslationWarning[] = [];
  const parts: Part[] = calls.map((call, index) => {
    const result = resultFor(call, index, results);
    const media: FunctionResponsePart[] = [];
    const text =
      result === undefined
        ? `No result was produced for the call to "${call.name}".`
        : textOf(result, call, options, media, warnings);
    const failed = result === undefined || result.isError;
    const response: FunctionResponse = {
      name: call.name,
      response: failed ? { error: text } : { output: text },
    };
    if (call.syntheticId !== true) response.id = call.id;
    if (media.length > 0) response.parts = media;
    return { functionResponse: response };
  });
  return { content: { role: "user", parts }, warnings };
}

/** results[i] answers calls[i]; ids may be positional, so position wins when the ids agree. */
function resultFor(call: ToolCall, index: number, results: readonly ToolResult[]): ToolResult | undefined {
  const same = results[index];
  if (same !== undefined && same.callId === call.id) return same;
  return results.find((result) => result.callId === call.id);
}

function textOf(
  result: ToolResult,
  call: ToolCall,
  options: GeminiConvertOptions,
  media: FunctionResponsePart[],
  warnings: TranslationWarning[],
): string {
  const body = result.content
    .map((part) => partText(part, call, options, media, warnings))
    .filter((text) => text !== "")
    .join("\n");
  return body === "" ? "(empty result)" : body;
}

function partText(
  part: ToolContent,
  call: ToolCall,
  options: GeminiConvertOptions,
  media: FunctionResponsePart[],
  warnings: TranslationWarning[],
): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
    case "audio":
      return inline(part.type, part.data, part.mimeType, undefined, call, options, media, warnings);
    case "resource": {
      if ("text" in part) return `${header(part.uri, part.mimeType)}\n${part.text}`;
      const mime = part.mimeType ?? "";
      if (mime.startsWith("image/") || mime.startsWith("audio/") || mime === "application/pdf") {
        return inline("resource", part.blob, mime, part.uri, call, options, media, warnings);
      }
      return `${header(part.uri, part.mimeType)} ${base64Bytes(part.blob)} bytes of binary data, not shown`;
    }
    case "resource_link":
      return linkText(part);
  }
}

function inline(
  kind: string,
  data: string,
  mimeType: string,
  uri: string | undefined,
  call: ToolCall,
  options: GeminiConvertOptions,
  media: FunctionResponsePart[],
  warnings: TranslationWarning[],
): string {
  const label = uri === undefined ? `${kind} (${mimeType})` : `resource ${uri} (${mimeType})`;
  if (options.inlineMedia === true) {
    media.push({ inlineData: { mimeType, data } });
    return `${label}: attached as part ${media.length} of this function response`;
  }
  warnings.push({
    code: `result-${kind}-described`,
    path: "",
    message: `The ${kind} (${mimeType}) in the result of ${call.name} (${call.id}) was described in text; set inlineMedia for models that accept multimodal function responses`,
  });
  return `[${label} result, ${base64Bytes(data)} bytes, omitted: not sent to this model]`;
}

function header(uri: string, mimeType: string | undefined): string {
  return `Resource ${uri}${mimeType === undefined ? "" : ` (${mimeType})`}:`;
}
