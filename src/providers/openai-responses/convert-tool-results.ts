import type { ResponseFunctionCallOutputItem, ResponseInputItem } from "openai/resources/responses/responses";
import type { ToolCall, ToolContent, ToolResult } from "../../spec/tool-call.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { base64Bytes } from "../shared/base64.js";
import { linkText } from "../shared/link-text.js";
import { WEB_IMAGE_TYPES } from "../shared/media-types.js";

/** Image types `input_image` accepts. */

export type FunctionCallOutputItem = ResponseInputItem.FunctionCallOutput;

export interface OpenAIResponsesToolResults {
  /** Input items for the next request (after the replayed output items, or with `previous_response_id`). */
  items: FunctionCallOutputItem[];
  warnings: TranslationWarning[];
}

/**
 * One `function_call_output` item per `call_id`, in call order. `output` is a string when the result is text
 * only, else a list of `input_text` / `input_image` (data URL) / `input_file` (PDF) parts; audio is described in
 * text. Errors are marked in the text: `Tool error:` when the tool reported failure, `Error (<kind>):` otherwise.
 */
export function convertToolResults(
  calls: readonly ToolCall[],
  results: readonly ToolResult[],
): OpenAIResponsesToolResults {
  const warnings: TranslationWarning[] = [];
  const items: FunctionCallOutputItem[] = [];
  const byId = new Map<string, ResponseFunctionCallOutputItem[]>();
  calls.forEach((call, index) => {
    const result = resultFor(call, index, results);
    const parts: ResponseFunctionCallOutputItem[] =
      result === undefined
        ? [text(`Error: no result was produced for the call to "${call.name}".`)]
        : partsOf(result, call, warnings);
    const existing = byId.get(call.id);
    if (existing !== undefined) {
      // One output per call_id: a duplicate id's answer joins the first one.
      existing.push(text(`Another call in this turn reused the id ${call.id} (${call.name}):`), ...parts);
      return;
    }
    byId.set(call.id, parts);
    items.push({ type: "function_call_output", call_id: call.id, output: "" });
  });
  for (const item of items) item.output = compact(byId.get(item.call_id) ?? []);
  return { items, warnings };
}

function resultFor(call: ToolCall, index: number, results: readonly ToolResult[]): ToolResult | undefined {
  const same = results[index];
  if (same !== undefined && same.callId === call.id) return same;
  return results.find((result) => result.callId === call.id);
}

/** Text-only output travels as one string (what most clients send and every model handles). */
function compact(parts: ResponseFunctionCallOutputItem[]): string | ResponseFunctionCallOutputItem[] {
  if (parts.every((part) => part.type === "input_text")) {
    return parts.map((part) => (part.type === "input_text" ? part.text : "")).join("\n");
  }
  return parts;
}

function partsOf(
  result: ToolResult,
  call: ToolCall,
  warnings: TranslationWarning[],
): ResponseFunctionCallOutputItem[] {
  const parts: ResponseFunctionCallOutputItem[] = [];
  for (const part of result.content) parts.push(...convertPart(part, call, warnings));
  if (parts.length === 0) parts.push(text("(empty result)"));
  if (result.outcome !== "ok") {
    const marker = result.outcome === "tool-error" ? "Tool error:" : `Error (${result.outcome}):`;
    const first = parts[0];
    if (first?.type === "input_text") parts[0] = text(`${marker} ${first.text}`);
    else parts.unshift(text(marker));
  }
  return parts;
}

function convertPart(
  part: ToolContent,
  call: ToolCall,
  warnings: TranslationWarning[],
): ResponseFunctionCallOutputItem[] {
  switch (part.type) {
    case "text":
      return part.text === "" ? [] : [text(part.text)];
    case "image":
      return image(part.data, part.mimeType, undefined, call, warnings);
    case "audio":
      warnings.push(described(call, "audio", part.mimeType));
      return [
        text(
          `[audio result (${part.mimeType}, ${base64Bytes(part.data)} bytes) omitted: function_call_output cannot carry audio]`,
        ),
      ];
    case "resource": {
      if ("text" in part) return [text(`${header(part.uri, part.mimeType)}\n${part.text}`)];
      if (part.mimeType?.startsWith("image/"))
        return image(part.blob, part.mimeType, part.uri, call, warnings);
      if (part.mimeType === "application/pdf") {
        return [
          text(header(part.uri, part.mimeType)),
          {
            type: "input_file",
            filename: fileName(part.uri),
            file_data: `data:application/pdf;base64,${part.blob}`,
          },
        ];
      }
      return [
        text(`${header(part.uri, part.mimeType)} ${base64Bytes(part.blob)} bytes of binary data, not shown`),
      ];
    }
    case "resource_link":
      return [text(linkText(part))];
  }
}

function image(
  data: string,
  mimeType: string,
  uri: string | undefined,
  call: ToolCall,
  warnings: TranslationWarning[],
): ResponseFunctionCallOutputItem[] {
  const head = uri === undefined ? [] : [text(header(uri, mimeType))];
  if (WEB_IMAGE_TYPES.has(mimeType)) {
    return [...head, { type: "input_image", image_url: `data:${mimeType};base64,${data}`, detail: "auto" }];
  }
  warnings.push(described(call, "image", mimeType));
  return [
    ...head,
    text(
      `[image result (${mimeType}, ${base64Bytes(data)} bytes) omitted: input_image accepts png, jpeg, webp and gif]`,
    ),
  ];
}

function text(value: string): ResponseFunctionCallOutputItem {
  return { type: "input_text", text: value };
}

function header(uri: string, mimeType: string | undefined): string {
  return `Resource ${uri}${mimeType === undefined ? "" : ` (${mimeType})`}:`;
}

function fileName(uri: string): string {
  const last =
    uri
      .split(/[/\\]/)
      .filter((segment) => segment !== "")
      .at(-1) ?? "resource";
  return last.endsWith(".pdf") ? last : `${last}.pdf`;
}

function described(call: ToolCall, kind: string, mimeType: string): TranslationWarning {
  return {
    code: `result-${kind}-described`,
    path: "",
    message: `The ${kind} (${mimeType}) in the result of ${call.name} (${call.id}) cannot travel in a function_call_output; it was described in text`,
  };
}
