/**
 * The o200k_base tokenizer, loaded on first use. Its tables take about 100 ms and 50 MB of RSS to load, which
 * every command that imports the cost or dispatch modules paid at start-up (inspect, run, serve) even when it
 * counted nothing yet; `require` keeps the callers synchronous.
 *
 * What loads is the package's own dist/vendor/o200k.cjs (scripts/vendor-tokenizer.mjs builds it from
 * gpt-tokenizer, a devDependency): o200k_base alone, with its ranks as JSON. gpt-tokenizer itself (every encoding,
 * 30 MB installed) is only the fallback of a checkout that has not been built.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { packageRoot } from "../package-root.js";

/** Special-token handling, as gpt-tokenizer takes it. */
export interface O200kOptions {
  allowedSpecial?: Set<string>;
  disallowedSpecial?: Set<string>;
}

/** What switchboard uses of the tokenizer. */
export interface O200k {
  countTokens(text: string, options?: O200kOptions): number;
  encode(text: string, options?: O200kOptions): number[];
  decode(tokens: Iterable<number>): string;
}

interface Vendored extends O200k {
  O200K_TOKEN_SPLIT_REGEX: RegExp;
}

const load = createRequire(import.meta.url);
let tokenizer: Vendored | undefined;

function loaded(): Vendored {
  if (tokenizer !== undefined) return tokenizer;
  const vendored = join(packageRoot(import.meta.url), "dist", "vendor", "o200k.cjs");
  if (existsSync(vendored)) {
    tokenizer = load(vendored) as Vendored;
  } else {
    const api = load("gpt-tokenizer/encoding/o200k_base") as O200k;
    const { O200K_TOKEN_SPLIT_REGEX } = load("gpt-tokenizer/encodingParams/constants") as Vendored;
    tokenizer = {
      countTokens: api.countTokens,
      encode: api.encode,
      decode: api.decode,
      O200K_TOKEN_SPLIT_REGEX,
    };
  }
  return tokenizer;
}

/** The tokenizer itself. */
export function o200k(): O200k {
  return loaded();
}

/** The tokenizer's own pre-tokenisation pattern (global): the pieces it merges one at a time. */
export function o200kPieces(): RegExp {
  return loaded().O200K_TOKEN_SPLIT_REGEX;
}
