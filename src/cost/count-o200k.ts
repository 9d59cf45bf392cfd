/**
 * o200k_base token counts in bounded time. A piece (a word, a run of spaces or of punctuation) longer than
 * `PIECE_CHARS` is no word: a hostile or binary-looking description. Such pieces are counted exactly, whole,
 * until `LONG_PIECE_BUDGET` characters of them have been counted; the rest of them are estimated at the rate of
 * those counted. Text whose long pieces fit the budget (every real tool definition) counts exactly as the
 * tokenizer counts it. The merge itself is n log n in a piece (bpe-merge.ts), so the budget bounds what a
 * megabyte one-word description costs, not a quadratic walk.
 */
import { o200k } from "./o200k.js";

/** Far longer than any word: a piece this long counts against `LONG_PIECE_BUDGET`. */
export const PIECE_CHARS = 256;
/**
 * Characters of long pieces counted exactly per text. High-entropy runs (random letters, CJK) cost the tokenizer
 * about 0.4 us a character, so this bounds what a hostile description can cost to a few tens of milliseconds.
 */
export const LONG_PIECE_BUDGET = 64 * 1024;

/** `o200k_base` tokens of `text`: exact unless its long pieces pass `LONG_PIECE_BUDGET`, then an estimate. */
export function countO200k(text: string): number {
  const tokenizer = o200k();
  if (text.length <= LONG_PIECE_BUDGET) return tokenizer.countTokens(text);
  // The tokenizer's own pieces, counted one by one: their sum is its count.
  let tokens = 0;
  const long = { counted: 0, tokens: 0, skipped: 0 };
  tokenizer.eachPiece(text, (start, end) => {
    if (end - start <= PIECE_CHARS) {
      tokens += tokenizer.countPiece(text, start, end);
      return;
    }
    const counted = prefixEnd(text, start, end, LONG_PIECE_BUDGET - long.counted) - start;
    if (counted > 0) {
      long.tokens += tokenizer.countPiece(text, start, start + counted);
      long.counted += counted;
    }
    long.skipped += end - start - counted;
  });
  if (long.skipped === 0) return tokens + long.tokens;
  return tokens + long.tokens + Math.ceil((long.skipped * long.tokens) / long.counted);
}

/** Where at most `room` characters from `start` end, short of `end`, never between a surrogate pair's halves. */
function prefixEnd(text: string, start: number, end: number, room: number): number {
  if (room >= end - start) return end;
  if (room <= 0) return start;
  const last = text.charCodeAt(start + room - 1);
  return last >= 0xd800 && last <= 0xdbff ? start + room - 1 : start + room;
}
