#!/usr/bin/env node
/**
 * Builds dist/vendor/: the o200k_base tokenizer of gpt-tokenizer (a devDependency), the only encoding switchboard
 * counts with, so the package does not depend on gpt-tokenizer's 30 MB of every encoding in three module formats.
 *
 * - `o200k.cjs`: gpt-tokenizer's `GptEncoding` and the o200k split pattern, bundled by esbuild (CommonJS, so
 *   `src/cost/o200k.ts` can load it synchronously on first use), exporting `countTokens`, `encode`, `decode` and
 *   `O200K_TOKEN_SPLIT_REGEX`.
 * - `o200k-ranks.json`: the merge ranks, the same array gpt-tokenizer's `bpeRanks/o200k_base` module holds. Read
 *   with `JSON.parse`, they load in 96 ms and 53 MB of RSS, where the 2.4 MB array literal took 123 ms and 68 MB
 *   (Node 20, the tokenizer on its own).
 * - `vendored-packages.json`: what these files carry (name, version, licence), as bundled-packages.json does for
 *   the bundle; gpt-tokenizer's MIT licence text is written beside them.
 *
 * Run by `npm run build` after tsc; `src/cost/o200k.test.ts` checks its tokens equal gpt-tokenizer's own.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "vendor");
const require = createRequire(join(root, "package.json"));
const manifest = JSON.parse(readFileSync(require.resolve("gpt-tokenizer/package.json"), "utf8"));

mkdirSync(out, { recursive: true });
const ranks = require("gpt-tokenizer/bpeRanks/o200k_base");
writeFileSync(join(out, "o200k-ranks.json"), JSON.stringify(ranks.default ?? ranks));

const entry = `
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const { GptEncoding } = require("gpt-tokenizer/GptEncoding");
const { O200K_TOKEN_SPLIT_REGEX } = require("gpt-tokenizer/encodingParams/constants");
const ranks = JSON.parse(readFileSync(join(__dirname, "o200k-ranks.json"), "utf8"));
const api = GptEncoding.getEncodingApi("o200k_base", () => ranks);
module.exports = {
  countTokens: api.countTokens,
  encode: api.encode,
  decode: api.decode,
  O200K_TOKEN_SPLIT_REGEX,
};
`;
await build({
  stdin: { contents: entry, resolveDir: root, sourcefile: "o200k-entry.cjs", loader: "js" },
  outfile: join(out, "o200k.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  keepNames: true,
  legalComments: "inline",
  logLevel: "warning",
});
const license = readFileSync(join(dirname(require.resolve("gpt-tokenizer/package.json")), "LICENSE"), "utf8");
writeFileSync(join(out, "LICENSE.gpt-tokenizer"), license);
writeFileSync(
  join(out, "vendored-packages.json"),
  `${JSON.stringify({ packages: { "gpt-tokenizer": { version: manifest.version, license: manifest.license } }, files: { "o200k.cjs": ["gpt-tokenizer"] } }, null, 2)}\n`,
);
console.log(`vendored gpt-tokenizer ${manifest.version} (o200k_base) into dist/vendor/`);
