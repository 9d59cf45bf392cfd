import { splitStreamText } from "./split-stream-text.js";
import { isRecord } from "./view-helpers.js";

/**
 * A finished Gemini response as `streamGenerateContent?alt=sse` sends it: a run of `data: <chunk>\r\n\r\n` events,
 * each chunk a `GenerateContentResponse` with a slice of the parts in `candidates[0].content.parts` (text split
 * into several pieces, each function call whole), `modelVersion` and `responseId` on every chunk, the running
 * usage (prompt only) on the early chunks and the final `usageMetadata` and `finishReason` on the last, as
 * recorded real streams show.
 */
export function geminiStream(response: Record<string, unknown>): string[] {
  const candidate = (Array.isArray(response.candidates) ? response.candidates[0] : undefined) as
    | Record<string, unknown>
    | undefined;
  const content = isRecord(candidate?.content) ? candidate.content : { parts: [], role: "model" };
  const parts = Array.isArray(content.parts) ? (content.parts as Record<string, unknown>[]) : [];
  const slices: Record<string, unknown>[][] = [];
  for (const part of parts) {
    if (typeof part.text === "string" && part.functionCall === undefined) {
      const { text, thoughtSignature, ...rest } = part;
      const pieces = splitStreamText(part.text);
      pieces.forEach((piece, index) => {
        // A signature rides on the last piece of its part.
        const signature =
          index === pieces.length - 1 && thoughtSignature !== undefined ? { thoughtSignature } : {};
        slices.push([{ ...rest, text: piece, ...signature }]);
      });
    } else slices.push([part]);
  }
  if (slices.length === 0) slices.push([]);
  const { candidates: _candidates, usageMetadata, ...top } = response;
  const usage = isRecord(usageMetadata) ? usageMetadata : {};
  const running = {
    promptTokenCount: usage.promptTokenCount,
    totalTokenCount: usage.promptTokenCount,
    promptTokensDetails: usage.promptTokensDetails,
  };
  const { content: _content, finishReason, finishMessage, ...fields } = candidate ?? {};
  return slices.map((slice, index) => {
    const last = index === slices.length - 1;
    const chunk = {
      candidates: [
        {
          content: { parts: slice, role: content.role ?? "model" },
          ...fields,
          ...(last ? { finishReason, ...(finishMessage === undefined ? {} : { finishMessage }) } : {}),
        },
      ],
      usageMetadata: last ? usage : running,
      ...top,
    };
    return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
  });
}
