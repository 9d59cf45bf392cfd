import type { ScoredKey } from "./bm25f.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import type { ToolText } from "./tool-text.js";
import type { WordVectors } from "./word-vectors.js";

/** How much each field's words count in a tool's vector (a word in several fields counts its largest weight). */
export type DenseFieldWeights = Record<keyof ToolText, number>;

/** Field weights of the word-vector side: name 2, description 1, parameters 0.5, server 1. */
export const DEFAULT_DENSE_FIELD_WEIGHTS: DenseFieldWeights = {
  name: 2,
  description: 1,
  params: 0.5,
  server: 1,
};

/**
 * Tools as the weighted mean of their words' vectors, searched by cosine similarity: a query reaches a tool that
 * shares none of its words but their meaning ("share price" finds get_stock_price). Each word counts its field
 * weight times its inverse document frequency in the catalogue, so words every tool has say little. A change
 * makes the next search rebuild every tool's vector with the new frequencies (at 10,000 tools tens of
 * milliseconds, once per change), so results after any sequence of changes equal a fresh build's.
 */
export interface DenseToolIndex {
  /** Adds a tool, or replaces the one under the same key. */
  add(key: string, text: ToolText): void;
  remove(key: string): void;
  /** The `limit` tools nearest the query, best first (ties by key); empty when no query word has a vector. */
  search(query: string, limit: number): ScoredKey[];
  /** Computes the tool vectors now if a change left them stale (the next search would do it otherwise). */
  refresh(): void;
}

/**
 * The words a vector can exist for: the vocabulary is lower-case a-z words, so anything else is skipped
 * without a lookup; camelCase is split as the lexical side splits it, and English stop words are dropped.
 */
export function vectorWords(text: string): string[] {
  // One pass over char codes, no intermediate strings: it runs once per tool text at every build.
  const words: string[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const word = text.slice(start, end).toLowerCase();
    if (!ENGLISH_STOP_WORDS.has(word)) words.push(word);
    start = -1;
  };
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    const lower = code >= 97 && code <= 122;
    const upper = code >= 65 && code <= 90;
    if (!lower && !upper) {
      flush(at);
    } else if (start < 0) {
      start = at;
    } else if (upper && isLower(text.charCodeAt(at - 1))) {
      flush(at);
      start = at;
    }
  }
  flush(text.length);
  return words;
}

const isLower = (code: number) => code >= 97 && code <= 122;

/** An empty word-vector index over `vectors`, tools' words weighted by field as `fieldWeights` says. */
export function createDenseToolIndex(
  vectors: WordVectors,
  fieldWeights: DenseFieldWeights = DEFAULT_DENSE_FIELD_WEIGHTS,
): DenseToolIndex {
  const dims = vectors.dimensions;
  const fields = Object.entries(fieldWeights).filter(([, weight]) => weight > 0) as [
    keyof ToolText,
    number,
  ][];
  /** Per tool: its row in the matrix, the indices of its words that have vectors, each one's field weight. */
  const docs = new Map<string, { slot: number; words: Int32Array; weights: Float32Array }>();
  /** In how many tools each word (by vector index) appears. */
  const frequency = new Map<number, number>();
  // Rows of unit vectors; a free row is all zeros and has no key, so it never scores above 0.
  let matrix = new Float32Array(0);
  const keys: (string | undefined)[] = [];
  const free: number[] = [];
  let stale = false;

  const idf = (word: number): number => Math.log((docs.size + 1) / ((frequency.get(word) ?? 0) + 0.5));
  const row = new Float32Array(dims);

  function writeRow(key: string): void {
    const doc = docs.get(key);
    if (doc === undefined) return;
    row.fill(0);
    for (let at = 0; at < doc.words.length; at += 1) {
      const word = doc.words[at]!;
      vectors.addTo(row, word, doc.weights[at]! * idf(word));
    }
    if (!normaliseInPlace(row)) row.fill(0);
    matrix.set(row, doc.slot * dims);
  }

  function slotFor(key: string): number {
    const reused = free.pop();
    if (reused !== undefined) {
      keys[reused] = key;
      return reused;
    }
    const slot = keys.length;
    keys.push(key);
    if (matrix.length < keys.length * dims) {
      const grown = new Float32Array(Math.max(keys.length * dims * 2, 64 * dims));
      grown.set(matrix);
      matrix = grown;
    }
    return slot;
  }

  function refresh(): void {
    if (!stale) return;
    for (const key of docs.keys()) writeRow(key);
    stale = false;
  }

  function remove(key: string): void {
    const doc = docs.get(key);
    if (doc === undefined) return;
    for (const word of doc.words) {
      const left = (frequency.get(word) ?? 1) - 1;
      if (left === 0) frequency.delete(word);
      else frequency.set(word, left);
    }
    matrix.fill(0, doc.slot * dims, (doc.slot + 1) * dims);
    keys[doc.slot] = undefined;
    free.push(doc.slot);
    docs.delete(key);
    stale = true;
  }

  return {
    add(key, text) {
      remove(key);
      const weights = new Map<number, number>();
      for (const [field, weight] of fields) {
        for (const term of vectorWords(text[field])) {
          const word = vectors.indexOf(term);
          if (word >= 0 && weight > (weights.get(word) ?? 0)) weights.set(word, weight);
        }
      }
      for (const word of weights.keys()) frequency.set(word, (frequency.get(word) ?? 0) + 1);
      const words = Int32Array.from(weights.keys());
      docs.set(key, { slot: slotFor(key), words, weights: Float32Array.from(weights.values()) });
      stale = true;
    },
    remove,
    refresh,
    search(query, limit) {
      refresh();
      const seen = new Set<number>();
      const target = new Float32Array(dims);
      for (const term of vectorWords(query)) {
        const word = vectors.indexOf(term);
        if (word < 0 || seen.has(word)) continue;
        seen.add(word);
        vectors.addTo(target, word, idf(word));
      }
      if (!normaliseInPlace(target)) return [];
      return nearest(matrix, target, keys, limit);
    },
  };
}

/** Scales the vector to length 1 in place; false (and untouched) when it is zero. */
function normaliseInPlace(vector: Float32Array): boolean {
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (!(sum > 0)) return false;
  const scale = 1 / Math.sqrt(sum);
  for (let d = 0; d < vector.length; d += 1) vector[d] = vector[d]! * scale;
  return true;
}

/**
 * The `limit` keyed rows of `matrix` with the largest positive dot product with `query`, best first (ties by
 * key). A bounded min-heap of row indices: one pass, no per-row allocation; the dot product is unrolled by
 * four, which V8 runs about twice as fast as the plain loop.
 */
function nearest(
  matrix: Float32Array,
  query: Float32Array,
  keys: readonly (string | undefined)[],
  limit: number,
): ScoredKey[] {
  const dims = query.length;
  const rows = keys.length;
  const size = Math.min(limit, rows);
  if (size <= 0) return [];
  const heapRows = new Int32Array(size);
  const heapScores = new Float64Array(size);
  let filled = 0;
  // Whether heap entry a ranks below entry b: lower score, or the same score and a later key.
  const worse = (a: number, b: number) =>
    heapScores[a]! < heapScores[b]! ||
    (heapScores[a]! === heapScores[b]! && keys[heapRows[a]!]! > keys[heapRows[b]!]!);
  const swap = (a: number, b: number) => {
    const keptRow = heapRows[a]!;
    const keptScore = heapScores[a]!;
    heapRows[a] = heapRows[b]!;
    heapScores[a] = heapScores[b]!;
    heapRows[b] = keptRow;
    heapScores[b] = keptScore;
  };
  const unrolled = dims - (dims % 4);
  for (let r = 0; r < rows; r += 1) {
    const from = r * dims;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let d = 0; d < unrolled; d += 4) {
      s0 += query[d]! * matrix[from + d]!;
      s1 += query[d + 1]! * matrix[from + d + 1]!;
      s2 += query[d + 2]! * matrix[from + d + 2]!;
      s3 += query[d + 3]! * matrix[from + d + 3]!;
    }
    for (let d = unrolled; d < dims; d += 1) s0 += query[d]! * matrix[from + d]!;
    const dot = s0 + s1 + s2 + s3;
    if (!(dot > 0) || keys[r] === undefined) continue;
    if (filled < size) {
      heapRows[filled] = r;
      heapScores[filled] = dot;
      filled += 1;
      for (let at = filled - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!worse(at, parent)) break;
        swap(at, parent);
        at = parent;
      }
      continue;
    }
    if (dot < heapScores[0]! || (dot === heapScores[0]! && keys[r]! > keys[heapRows[0]!]!)) continue;
    heapRows[0] = r;
    heapScores[0] = dot;
    for (let at = 0; ; ) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < filled && worse(left, least)) least = left;
      if (right < filled && worse(right, least)) least = right;
      if (least === at) break;
      swap(at, least);
      at = least;
    }
  }
  const out: ScoredKey[] = [];
  for (let i = 0; i < filled; i += 1) out.push({ key: keys[heapRows[i]!]!, score: heapScores[i]! });
  return out.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
