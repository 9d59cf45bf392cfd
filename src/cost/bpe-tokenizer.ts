/**
 * Byte-pair encoding over a `RankTable`, as tiktoken defines it and gpt-tokenizer implements it: the text is split
 * with the table's pattern; a piece that is a token is that token; any other piece starts as its UTF-8 bytes and
 * repeatedly merges the adjacent pair with the lowest rank (the leftmost of equals) until no pair is a token
 * (bpe-merge.ts).
 * Special-token strings (`<|endoftext|>`) are ordinary text, as tool definitions and results are to a provider.
 * The tokens equal gpt-tokenizer's for any text (`o200k.test.ts` holds them to it).
 */
import { PieceMerger } from "./bpe-merge.js";
import { type RankTable, rankOf } from "./bpe-ranks.js";

/** Counting, encoding and decoding over one rank table. */
export interface BpeTokenizer {
  /** Tokens in `text`. */
  countTokens(text: string): number;
  /** The tokens of `text`. */
  encode(text: string): number[];
  /** Tokens in one piece of the split (`pieces`), merged as one: `countTokens` is their sum over the text's. */
  countPiece(piece: string): number;
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
  const encoder = new TextEncoder();
  const merger = new PieceMerger(table);
  let buffer = new Uint8Array(1024);

  /** Calls `emit` with each token of one piece, in order. */
  const encodePiece = (piece: string, emit: (token: number) => void): void => {
    if (buffer.length < piece.length * 3) buffer = new Uint8Array(piece.length * 3);
    const length = encoder.encodeInto(piece, buffer).written;
    const whole = rankOf(table, buffer, 0, length);
    if (whole >= 0) {
      emit(whole);
      return;
    }
    merger.merge(buffer, length, emit);
  };

  const split = (text: string, emit: (token: number) => void): void => {
    for (const [piece] of text.matchAll(table.pattern)) encodePiece(piece, emit);
  };

  return {
    pieces: table.pattern,
    countTokens(text) {
      let count = 0;
      split(text, () => {
        count += 1;
      });
      return count;
    },
    countPiece(piece) {
      let count = 0;
      encodePiece(piece, () => {
        count += 1;
      });
      return count;
    },
    encode(text) {
      const tokens: number[] = [];
      split(text, (token) => {
        tokens.push(token);
      });
      return tokens;
    },
    decode(tokens) {
      const list = Array.from(tokens);
      let total = 0;
      for (const token of list) {
        const start = Number.isInteger(token) && token >= 0 && token < table.size ? table.offsets[token]! : 0;
        const end =
          Number.isInteger(token) && token >= 0 && token < table.size ? table.offsets[token + 1]! : 0;
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
