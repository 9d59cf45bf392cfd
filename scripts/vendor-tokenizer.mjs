#!/usr/bin/env node
/**
 * Builds dist/vendor/: the o200k_base tokenizer's data, the only encoding switchboard counts with, so the package
 * does not depend on gpt-tokenizer (a devDependency; 30 MB of every encoding in three module formats).
 *
 * - `o200k.bin`: gpt-tokenizer's `bpeRanks/o200k_base` ranks and its `O200K_TOKEN_SPLIT_REGEX`, packed by
 *   `packRanks` (dist/cost/bpe-ranks.js, so run after tsc) into the layout src/cost/bpe-ranks.ts describes. The
 *   encoder is switchboard's own (src/cost/bpe-tokenizer.ts): gpt-tokenizer's tables of 200,000 strings took 53 MB
 *   of RSS; these bytes and their index take about 5 MB.
 * - `vendored-packages.json`: what these files carry (name, version, licence), as bundled-packages.json does for
 *   the bundle; gpt-tokenizer's MIT licence text is written beside them.
 *
 * Run by `npm run build` after tsc; `src/cost/o200k.test.ts` checks its tokens equal gpt-tokenizer's own.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "vendor");
const require = createRequire(join(root, "package.json"));
const manifest = JSON.parse(readFileSync(require.resolve("gpt-tokenizer/package.json"), "utf8"));
const { packRanks } = await import(pathToFileURL(join(root, "dist", "cost", "bpe-ranks.js")).href);

mkdirSync(out, { recursive: true });
// What earlier builds wrote here (gpt-tokenizer's encoder bundled, its ranks as JSON).
for (const old of ["o200k.cjs", "o200k-ranks.json"]) rmSync(join(out, old), { force: true });
const ranks = require("gpt-tokenizer/bpeRanks/o200k_base");
const { O200K_TOKEN_SPLIT_REGEX } = require("gpt-tokenizer/encodingParams/constants");
writeFileSync(join(out, "o200k.bin"), packRanks(ranks.default ?? ranks, O200K_TOKEN_SPLIT_REGEX));
const license = readFileSync(join(dirname(require.resolve("gpt-tokenizer/package.json")), "LICENSE"), "utf8");
writeFileSync(join(out, "LICENSE.gpt-tokenizer"), license);
writeFileSync(
  join(out, "vendored-packages.json"),
  `${JSON.stringify({ packages: { "gpt-tokenizer": { version: manifest.version, license: manifest.license } }, files: { "o200k.bin": ["gpt-tokenizer"] } }, null, 2)}\n`,
);
console.log(`vendored gpt-tokenizer ${manifest.version}'s o200k_base ranks into dist/vendor/`);
