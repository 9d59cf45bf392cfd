/**
 * The o200k_base tokenizer, loaded on first use. Its tables take ~300 ms to load, which every command that
 * imports the cost or dispatch modules paid at start-up (inspect, run, serve) even when it counted nothing yet;
 * `require` (the package ships a CommonJS build) keeps the callers synchronous.
 */
import { createRequire } from "node:module";

type Tokenizer = typeof import("gpt-tokenizer/encoding/o200k_base");
type SplitPatterns = typeof import("gpt-tokenizer/encodingParams/constants");

const load = createRequire(import.meta.url);
let tokenizer: Tokenizer | undefined;
let pieces: RegExp | undefined;

/** The tokenizer itself. */
export function o200k(): Tokenizer {
  tokenizer ??= load("gpt-tokenizer/encoding/o200k_base") as Tokenizer;
  return tokenizer;
}

/** The tokenizer's own pre-tokenisation pattern (global): the pieces it merges one at a time. */
export function o200kPieces(): RegExp {
  pieces ??= (load("gpt-tokenizer/encodingParams/constants") as SplitPatterns).O200K_TOKEN_SPLIT_REGEX;
  return pieces;
}
