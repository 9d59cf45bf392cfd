import { o200k } from "../cost/o200k.js";
import type { ToolContent, ToolResultTruncation } from "../spec/tool-call.js";

/** Room kept for the truncation note itself. */
const NOTE_TOKENS = 80;
/**
 * Only the first `EXACT_CHARS` of a long text are counted; the rest is estimated at the same rate (the note
 * already says "about"). The tokenizer's merge is n log n in a word (cost/bpe-merge.ts), so this bounds the work
 * a megabyte result costs on the main thread: about 0.1 s for 200,000 random letters, the worst case.
 */
const EXACT_CHARS = 200_000;

export interface TruncatedContent {
  content: ToolContent[];
  truncated?: ToolResultTruncation;
}

/**
 * Keeps the text of a result within `maxTokens` (an o200k_base estimate; no offline tokenizer exists for
 * Claude or Gemini): text parts and embedded text resources are kept in order until the budget runs out, the
 * part that crosses it is cut at a token boundary, later text is dropped, and a note says what was cut. Images,
 * audio, blobs and links are kept (they are not text tokens). Pure.
 */
export function truncateContent(content: readonly ToolContent[], maxTokens: number): TruncatedContent {
  if (!Number.isFinite(maxTokens)) return { content: [...content] };
  // A token is at least one UTF-8 byte and a UTF-16 unit at most three: short results skip the tokenizer.
  let bound = 0;
  for (const part of content) bound += textOf(part)?.length ?? 0;
  if (bound * 3 <= maxTokens) return { content: [...content] };

  const counts = content.map((part) => {
    const text = textOf(part);
    return text === undefined ? 0 : estimateTokens(text);
  });
  const originalTokens = counts.reduce((sum, count) => sum + count, 0);
  if (originalTokens <= maxTokens) return { content: [...content] };

  let budget = Math.max(0, maxTokens - NOTE_TOKENS);
  let keptTokens = 0;
  let droppedParts = 0;
  const kept: ToolContent[] = [];
  content.forEach((part, index) => {
    const count = counts[index] ?? 0;
    const text = textOf(part);
    if (text === undefined || count <= budget) {
      kept.push(part);
      budget -= count;
      keptTokens += count;
      return;
    }
    if (budget > 0) {
      // Encoding only a generous prefix keeps cutting a megabyte result cheap.
      const tokens = o200k()
        .encode(text.slice(0, budget * 16))
        .slice(0, budget);
      kept.push(withText(part, o200k().decode(tokens)));
      keptTokens += tokens.length;
      budget = 0;
      return;
    }
    droppedParts += 1;
  });
  const dropped = droppedParts === 0 ? "" : ` ${droppedParts} later text part(s) were left out entirely.`;
  kept.push({
    type: "text",
    text: `[Result truncated: it was about ${originalTokens} tokens, over the ${maxTokens}-token limit; the first ${keptTokens} tokens are shown and about ${originalTokens - keptTokens} were cut.${dropped} If you need the rest, ask the tool for a smaller piece (a narrower query, a page, a range).]`,
  });
  return { content: kept, truncated: { limitTokens: maxTokens, originalTokens, keptTokens } };
}

function estimateTokens(text: string): number {
  const exact = text.length <= EXACT_CHARS ? text : text.slice(0, EXACT_CHARS);
  const count = o200k().countTokens(exact);
  if (text.length === exact.length) return count;
  return count + Math.ceil(((text.length - exact.length) * count) / exact.length);
}

function textOf(part: ToolContent): string | undefined {
  if (part.type === "text") return part.text;
  if (part.type === "resource" && "text" in part) return part.text;
  return undefined;
}

function withText(part: ToolContent, text: string): ToolContent {
  return part.type === "resource" ? { ...part, text } : { type: "text", text };
}
