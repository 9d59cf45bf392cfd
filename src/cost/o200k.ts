/**
 * The o200k_base tokenizer, loaded on first use; `readFileSync` keeps the callers synchronous.
 *
 * What loads is the package's own dist/vendor/o200k.bin (scripts/vendor-tokenizer.mjs writes it from gpt-tokenizer,
 * a devDependency): o200k_base's ranks and split pattern as one byte array, read by `readRanks` and encoded by
 * `bpeTokenizer`. That is 4.5 MB of memory where gpt-tokenizer's arrays and Map of 200,000 strings took 53 MB
 * of RSS and 100 ms to load, which `inspect` paid for its token column. A checkout that has not been built packs
 * gpt-tokenizer's ranks in memory instead, so both take the same code path.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { packageRoot } from "../package-root.js";
import { packRanks, type RankEntry, readRanks } from "./bpe-ranks.js";
import { type BpeTokenizer, bpeTokenizer } from "./bpe-tokenizer.js";

/** The file scripts/vendor-tokenizer.mjs writes into dist/vendor/. */
export const O200K_FILE = "o200k.bin";

let tokenizer: BpeTokenizer | undefined;

function loaded(): BpeTokenizer {
  if (tokenizer !== undefined) return tokenizer;
  const vendored = join(packageRoot(import.meta.url), "dist", "vendor", O200K_FILE);
  if (existsSync(vendored)) {
    tokenizer = bpeTokenizer(readRanks(readFileSync(vendored), vendored));
  } else {
    const load = createRequire(import.meta.url);
    const ranks = load("gpt-tokenizer/bpeRanks/o200k_base") as { default?: RankEntry[] } & RankEntry[];
    const { O200K_TOKEN_SPLIT_REGEX } = load("gpt-tokenizer/encodingParams/constants") as {
      O200K_TOKEN_SPLIT_REGEX: RegExp;
    };
    tokenizer = bpeTokenizer(
      readRanks(packRanks(ranks.default ?? ranks, O200K_TOKEN_SPLIT_REGEX), "gpt-tokenizer"),
    );
  }
  return tokenizer;
}

/** The tokenizer itself. Special-token strings count as ordinary text. */
export function o200k(): BpeTokenizer {
  return loaded();
}
