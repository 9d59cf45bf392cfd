import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SwitchboardError } from "../errors.js";

/** Pre-trained word vectors: one unit-length vector per word, words in corpus-frequency order. */
export interface WordVectors {
  readonly dimensions: number;
  readonly size: number;
  /** The word's index (words are in frequency order: 0 is the most frequent), or -1 when it has no vector. */
  indexOf(word: string): number;
  /** Adds `weight` times the vector of the word at `index` to `target` (length `dimensions`). */
  addTo(target: Float32Array, index: number, weight: number): void;
}

const MAGIC = "SBWV";
const HEADER_BYTES = 20;

/**
 * Reads the word-vector file scripts/build-word-vectors.mjs writes (its header comment has the layout). Throws
 * a `SEARCH_DATA` error naming the file when it is not one.
 */
export function parseWordVectors(bytes: Uint8Array, source: string): WordVectors {
  const fail = (why: string): never => {
    throw new SwitchboardError("SEARCH_DATA", `${source} is not a word-vector file: ${why}`);
  };
  if (bytes.byteLength < HEADER_BYTES) fail("shorter than its header");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== MAGIC) fail(`it starts with ${JSON.stringify(magic)}, not "${MAGIC}"`);
  const version = view.getUint32(4, true);
  if (version !== 1) fail(`version ${version}; this build reads version 1`);
  const size = view.getUint32(8, true);
  const dimensions = view.getUint32(12, true);
  const wordBytes = view.getUint32(16, true);
  const expected = HEADER_BYTES + 4 * size + size * dimensions + wordBytes;
  if (bytes.byteLength !== expected) fail(`${bytes.byteLength} bytes where its header implies ${expected}`);
  // Copies (ArrayBuffer.slice; a Buffer's own slice is a view), so the arrays are aligned whatever the offset.
  const copy = (from: number, to: number) =>
    bytes.buffer.slice(bytes.byteOffset + from, bytes.byteOffset + to);
  const scales = new Float32Array(copy(HEADER_BYTES, HEADER_BYTES + 4 * size));
  const componentsAt = HEADER_BYTES + 4 * size;
  const components = new Int8Array(copy(componentsAt, componentsAt + size * dimensions));
  const words = new TextDecoder().decode(bytes.subarray(componentsAt + size * dimensions)).split("\n");
  if (words.length !== size) fail(`${words.length} words where its header says ${size}`);
  const indices = new Map<string, number>();
  for (const [index, word] of words.entries()) indices.set(word, index);
  return {
    dimensions,
    size,
    indexOf: (word) => indices.get(word) ?? -1,
    addTo(target, index, weight) {
      const scale = weight * scales[index]!;
      const from = index * dimensions;
      for (let d = 0; d < dimensions; d += 1) target[d] = target[d]! + scale * components[from + d]!;
    },
  };
}

/** The file name of the vectors switchboard ships (GloVe 6B 100-d: 30,000 frequent words and tool words, int8). */
export const SHIPPED_WORD_VECTORS = "word-vectors.bin";

let shipped: WordVectors | undefined;

/**
 * The shipped word vectors, read once on first use (3.4 MiB). Looked for in `data/` at the package root,
 * which is two or three folders above this module in the source tree, tsc's output and the bundle alike.
 */
export function shippedWordVectors(): WordVectors {
  if (shipped === undefined) {
    const path = locateShippedFile(SHIPPED_WORD_VECTORS);
    shipped = parseWordVectors(readFileSync(path), path);
  }
  return shipped;
}

function locateShippedFile(name: string): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up += 1) {
    const candidate = join(folder, "data", name);
    if (existsSync(candidate)) return candidate;
    folder = dirname(folder);
  }
  throw new SwitchboardError(
    "SEARCH_DATA",
    `data/${name} was not found above ${fileURLToPath(import.meta.url)}: the package is missing its data folder`,
  );
}
