/**
 * o200k_base token counts in time linear in the text. The tokenizer splits text into pieces (a word, a run of
 * spaces or of punctuation) and merges each piece with one pass over it per merge, so one long piece costs its
 * length squared: a 100,000-character one-word tool description took 4 s and a 1 MB one hung `inspect` and
 * `run` on the main thread, timers and Ctrl-C included. Here a piece longer than `PIECE_CHARS` (no word is) is
 * counted in chunks of that size, and past `LONG_PIECE_BUDGET` characters of such pieces the rest are estimated
 * at the rate of those counted. Text without such a piece counts exactly as the tokenizer counts it.
 */
import { o200k, o200kPieces } from "./o200k.js";

/** Far longer than any word; a chunk this long costs about as much per character as a short word. */
export const PIECE_CHARS = 256;
/**
 * Characters of long pieces counted per text. High-entropy runs (random letters, CJK) cost the tokenizer
 * 5–20 µs a character even in chunks, so this bounds what a hostile description can cost.
 */
export const LONG_PIECE_BUDGET = 64 * 1024;

/** `o200k_base` tokens of `text`: exact unless a piece is over `PIECE_CHARS`, then an estimate. */
export function countO200k(text: string): number {
  const count = (part: string) => o200k().countTokens(part);
  if (text.length <= PIECE_CHARS) return count(text);
  let tokens = 0;
  const long = { counted: 0, tokens: 0, skipped: 0 };
  // Ordinary pieces are counted a run at a time: the split never looks behind, and a run cut where a piece
  // starts splits into the same pieces as it does inside the whole text.
  let runStart = 0;
  for (const match of text.matchAll(o200kPieces())) {
    const piece = match[0];
    if (piece.length <= PIECE_CHARS) continue;
    if (match.index > runStart) tokens += count(text.slice(runStart, match.index));
    runStart = match.index + piece.length;
    let left = piece.length;
    for (const chunk of chunks(piece)) {
      if (long.counted >= LONG_PIECE_BUDGET) break;
      long.tokens += count(chunk);
      long.counted += chunk.length;
      left -= chunk.length;
    }
    long.skipped += left;
  }
  if (runStart === 0) return count(text);
  if (runStart < text.length) tokens += count(text.slice(runStart));
  return tokens + long.tokens + Math.ceil((long.skipped * long.tokens) / long.counted);
}

/** `piece` in slices of at most `PIECE_CHARS`, never between the two halves of a surrogate pair. */
function* chunks(piece: string): Generator<string> {
  let start = 0;
  while (start < piece.length) {
    let end = Math.min(piece.length, start + PIECE_CHARS);
    const last = piece.charCodeAt(end - 1);
    if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield piece.slice(start, end);
    start = end;
  }
}
