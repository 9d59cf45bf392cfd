/**
 * Byte-pair encoding over a `RankTable`, as tiktoken defines it and gpt-tokenizer implements it: the text is split
 * with the table's pattern; a piece that is a token is that token; any other piece starts as its UTF-8 bytes and
 * repeatedly merges the adjacent pair with the lowest rank (the leftmost of equals) until no pair is a token
 * (bpe-merge.ts). Special-token strings (`<|endoftext|>`) are ordinary text, as tool definitions and results are
 * to a provider. The tokens equal gpt-tokenizer's for any text (`o200k.test.ts` holds them to it).
 *
 * A count allocates nothing per piece: the split runs a sticky copy of the pattern with `test` (no match array)
 * and each piece is written as UTF-8 straight from the text into a scratch buffer (no substring, no
 * `encodeInto` result). Counting `inspect`'s 195 tools with `matchAll` made about 10 MB of match arrays, which
 * was enough to make V8 double its young generation at the end of the run.
 */
import { PieceMerger } from "./bpe-merge.js";
import { type RankTable, rankOf } from "./bpe-ranks.js";

/** Counting, encoding and decoding over one rank table. */
export interface BpeTokenizer {
  /** Tokens in `text`. */
  countTokens(text: string): number;
  /** The tokens of `text`. */
  encode(text: string): number[];
  /** Calls `visit` with the start and end of each piece of `text`, in order; the pieces cover the text. */
  eachPiece(text: string, visit: (start: number, end: number) => void): void;
  /** Tokens in `text[start, end)` merged as one piece: `countTokens` is its sum over `eachPiece`'s pieces. */
  countPiece(text: string, start: number, end: number): number;
  /**
   * The text of `tokens`. A character whose bytes the last tokens leave unfinished is left out, so a prefix of an
   * encoding decodes to a prefix of its text; a token that is not in the table throws a `RangeError`.
   */
  decode(tokens: Iterable<number>): string;
  /** The pre-tokenisation pattern (global): the pieces that merge one at a time. */
  readonly pieces: RegExp;
}

/** A tokenizer over `table`. Its scratch buffers are its own, so two tokenizers never share state. */
export function bpeTokenizer(table: RankTable): BpeTokenizer {
  const merger = new PieceMerger(table);
  const sticky = new RegExp(table.pattern.source, `${table.pattern.flags.replace("g", "")}y`);
  const global = new RegExp(table.pattern.source, table.pattern.flags);
  let buffer = new Uint8Array(1024);
  let count = 0;
  const tally = () => {
    count += 1;
  };

  const eachPiece = (text: string, visit: (start: number, end: number) => void): void => {
    let at = 0;
    while (at < text.length) {
      sticky.lastIndex = at;
      if (sticky.test(text) && sticky.lastIndex > at) {
        const end = sticky.lastIndex;
        visit(at, end);
        at = end;
        continue;
      }
      // No piece starts here (the o200k pattern covers every character, but a table's pattern need not): the
      // next match decides, as `matchAll` would.
      global.lastIndex = at;
      const match = global.exec(text);
      if (match === null || match[0] === "") return;
      at = match.index;
    }
  };

  /** Calls `emit` with the tokens of `text[start, end)` as one piece. */
  const encodePiece = (text: string, start: number, end: number, emit: (token: number) => void): void => {
    const length = writeUtf8(text, start, end);
    const whole = rankOf(table, buffer, 0, length);
    if (whole >= 0) emit(whole);
    else merger.merge(buffer, length, emit);
  };

  /** `text[start, end)` as UTF-8 into `buffer`, a lone surrogate as U+FFFD (as TextEncoder writes it). */
  const writeUtf8 = (text: string, start: number, end: number): number => {
    if (buffer.length < (end - start) * 3) buffer = new Uint8Array((end - start) * 3);
    const out = buffer;
    let at = 0;
    for (let i = start; i < end; i += 1) {
      let code = text.charCodeAt(i);
      if (code < 0x80) {
        out[at++] = code;
        continue;
      }
      if (code < 0x800) {
        out[at++] = 0xc0 | (code >> 6);
        out[at++] = 0x80 | (code & 0x3f);
        continue;
      }
      if (code >= 0xd800 && code <= 0xdfff) {
        const low = i + 1 < end ? text.charCodeAt(i + 1) : 0;
        if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          i += 1;
          out[at++] = 0xf0 | (code >> 18);
          out[at++] = 0x80 | ((code >> 12) & 0x3f);
          out[at++] = 0x80 | ((code >> 6) & 0x3f);
          out[at++] = 0x80 | (code & 0x3f);
          continue;
        }
        code = 0xfffd;
      }
      out[at++] = 0xe0 | (code >> 12);
      out[at++] = 0x80 | ((code >> 6) & 0x3f);
      out[at++] = 0x80 | (code & 0x3f);
    }
    return at;
  };

  // One counter and one `tally` for every piece, so a count makes no closure per piece (encodePiece never
  // counts again from inside, so nothing nests).
  const countPiece = (text: string, start: number, end: number): number => {
    count = 0;
    encodePiece(text, start, end, tally);
    return count;
  };

  return {
    pieces: table.pattern,
    eachPiece,
    countPiece,
    countTokens(text) {
      let total = 0;
      eachPiece(text, (start, end) => {
        total += countPiece(text, start, end);
      });
      return total;
    },
    encode(text) {
      const tokens: number[] = [];
      const push = (token: number) => {
        tokens.push(token);
      };
      eachPiece(text, (start, end) => encodePiece(text, start, end, push));
      return tokens;
    },
    decode(tokens) {
      const list = Array.from(tokens);
      let total = 0;
      for (const token of list) {
        const known = Number.isInteger(token) && token >= 0 && token < table.size;
        const start = known ? table.offsets[token]! : 0;
        const end = known ? table.offsets[token + 1]! : 0;
        if (end === start) throw new RangeError(`Token ${token} is not in the rank table`);
        total += end - start;
      }
      const out = new Uint8Array(total);
      let at = 0;
      for (const token of list) {
        const part = table.bytes.subarray(table.offsets[token]!, table.offsets[token + 1]!);
        out.set(part, at);
        at += part.length;
      }
      // A fresh decoder in stream mode holds back an unfinished last character instead of writing U+FFFD.
      return new TextDecoder().decode(out, { stream: true });
    },
  };
}
