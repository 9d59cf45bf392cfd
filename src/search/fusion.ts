/** Combining two rankings of the same documents into one (lexical and embedding search). */
import { type ScoredKey, topK } from "./bm25f.js";

export type Fusion =
  /** Reciprocal-rank fusion (Cormack et al., SIGIR 2009): Σ 1/(k + rank). Ignores score scales; k defaults to 60. */
  | { kind: "rrf"; k?: number }
  /**
   * Scores min-max normalised within each list, then `lexicalWeight · lexical + (1 − lexicalWeight) · dense`
   * (default 0.5). A document missing from a list counts 0 there.
   */
  | { kind: "weighted"; lexicalWeight?: number };

export function fuse(
  lexical: readonly ScoredKey[],
  dense: readonly ScoredKey[],
  fusion: Fusion,
  limit: number,
): ScoredKey[] {
  const fused = new Map<string, number>();
  const add = (key: string, value: number): void => {
    fused.set(key, (fused.get(key) ?? 0) + value);
  };
  if (fusion.kind === "rrf") {
    const k = fusion.k ?? 60;
    for (const list of [lexical, dense]) {
      for (const [index, hit] of list.entries()) add(hit.key, 1 / (k + index + 1));
    }
  } else {
    const weight = fusion.lexicalWeight ?? 0.5;
    for (const [list, share] of [
      [lexical, weight],
      [dense, 1 - weight],
    ] as const) {
      const scores = list.map((hit) => hit.score);
      const low = Math.min(...scores);
      const span = Math.max(...scores) - low;
      // One hit, or all equal: each counts fully.
      for (const hit of list) add(hit.key, share * (span > 0 ? (hit.score - low) / span : 1));
    }
  }
  return topK(
    [...fused].map(([key, score]) => ({ key, score })),
    limit,
  );
}

/** Cosine similarity of every stored vector with the query, best `limit` first. Vectors are stored unit-length. */
export function denseSearch(
  query: readonly number[],
  vectors: ReadonlyMap<string, Float64Array>,
  limit: number,
): ScoredKey[] {
  const unit = normalise(query);
  if (unit === undefined) return [];
  const results: ScoredKey[] = [];
  for (const [key, vector] of vectors) {
    if (vector.length !== unit.length) continue;
    let dot = 0;
    for (let i = 0; i < unit.length; i += 1) dot += (unit[i] ?? 0) * (vector[i] ?? 0);
    results.push({ key, score: dot });
  }
  return topK(results, limit);
}

/** The vector scaled to length 1, or undefined for a zero or non-finite vector. */
export function normalise(vector: readonly number[]): Float64Array | undefined {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  if (!Number.isFinite(length) || length === 0) return undefined;
  return Float64Array.from(vector, (value) => value / length);
}
