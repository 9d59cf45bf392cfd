import type { ContextPart } from "../../spec/context.js";
import type { TranslationWarning } from "../../spec/warning.js";
import { base64Bytes, formatBytes } from "./base64.js";

type MediaPart = Extract<ContextPart, { type: "image" | "audio" | "document" }>;

/**
 * The text that stands in for media a provider cannot take in this position, plus the warning that says so.
 * `why` completes "not attached: …".
 */
export function describeMedia(
  part: MediaPart,
  provider: string,
  why: string,
  warnings: TranslationWarning[],
): string {
  const kind = part.type === "document" ? "PDF" : part.type;
  const where = part.source === undefined ? "" : ` ${part.source}`;
  warnings.push({
    code: `context-${part.type}-described`,
    path: part.source ?? "",
    message: `The ${kind}${where} (${part.mimeType}) cannot travel to ${provider} here (${why}); it was described in text`,
  });
  return `[${kind}${where} (${part.mimeType}, ${formatBytes(base64Bytes(part.data))}) not attached: ${why}]`;
}

/** A file name for a document part (providers that take files want one). */
export function fileNameOf(part: MediaPart): string {
  const last =
    (part.source ?? "")
      .split(/[/\\?#]/)
      .filter((segment) => segment !== "")
      .at(-1) ?? "";
  const base = last === "" || last.includes(":") ? "document" : last;
  return part.mimeType === "application/pdf" && !base.endsWith(".pdf") ? `${base}.pdf` : base;
}

export function dataUrl(part: MediaPart): string {
  return `data:${part.mimeType};base64,${part.data}`;
}
