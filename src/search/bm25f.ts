/**
 * A BM25F index (Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009, §3.5): per-field term
 * frequencies are length-normalised, weighted and summed before the saturation `tf / (k1 + tf)`, so a term that
 * appears in the name and in the description is not counted twice as two independent pieces of evidence.
 *
 * All collection statistics are integers (document count, document frequency, total field lengths), and a
 * document's score depends only on them and its own term counts. Adding and removing documents in any order
 * therefore gives bit-for-bit the same scores as building the same set from scratch.
 */

const MAX_FIELDS = 6;
/** Per-field term frequencies are packed into one number, 8 bits per field (6 × 8 bits fit a double exactly). */
const FIELD_UNITS = Array.from({ length: MAX_FIELDS }, (_, field) => 256 ** field);

export interface Bm25Params {
  /** Term-frequency saturation. */
  k1: number;
  /**
   * Length normalisation, 0 (none) to 1 (full). One number: by the document's weighted length over all fields
   * (as in Zaragoza et al.'s simple BM25F). One number per field: each field by its own length.
   */
  b: number | readonly number[];
  /** Weight per field. */
  weights: readonly number[];
}

export interface ScoredKey {
  key: string;
  score: number;
}

interface StoredDocument {
  slot: number;
  lengths: readonly number[];
  terms: readonly string[];
}

/**
 * One term's postings as parallel arrays (slot, packed per-field frequencies): iterating them allocates nothing,
 * unlike a Map's entries. Order is arbitrary (removal swaps the last entry in); a slot's score sums its terms in
 * query order, so the order never changes a score.
 */
interface Posting {
  slots: number[];
  frequencies: number[];
  /** Weighted frequency per entry for `weightedFor` (document-level normalisation), rebuilt after a change. */
  weighted: Float64Array | undefined;
  weightedFor: readonly number[] | undefined;
}

export class Bm25fIndex {
  readonly fieldCount: number;
  private readonly documents = new Map<string, StoredDocument>();
  private readonly postings = new Map<string, Posting>();
  private readonly totalLengths: number[];
  private readonly keys: (string | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Field lengths by slot, `fieldCount` numbers per slot. */
  private readonly slotLengths: number[] = [];
  /** Weighted document length per slot for `slotWeightsFor`, rebuilt when documents or weights change. */
  private slotWeighted = new Float64Array(0);
  private slotWeightsFor: readonly number[] | undefined;
  private scores = new Float64Array(0);
  /** Which query last touched a slot, so `scores` needs no clearing between queries. */
  private stamps = new Uint32Array(0);
  private stamp = 0;

  constructor(fieldCount: number) {
    if (!Number.isInteger(fieldCount) || fieldCount < 1 || fieldCount > MAX_FIELDS) {
      throw new RangeError(`a BM25F index has 1 to ${MAX_FIELDS} fields, not ${fieldCount}`);
    }
    this.fieldCount = fieldCount;
    this.totalLengths = new Array<number>(fieldCount).fill(0);
  }

  get size(): number {
    return this.documents.size;
  }

  has(key: string): boolean {
    return this.documents.has(key);
  }

  /** The distinct terms of a stored document (any field), or none for an unknown key. */
  termsOf(key: string): readonly string[] {
    return this.documents.get(key)?.terms ?? [];
  }

  /** Adds (or replaces) a document given as one term list per field. */
  add(key: string, fields: readonly (readonly string[])[]): void {
    if (fields.length !== this.fieldCount) {
      throw new RangeError(`expected ${this.fieldCount} fields, got ${fields.length}`);
    }
    this.remove(key);
    const slot = this.freeSlots.pop() ?? this.keys.length;
    this.keys[slot] = key;
    const lengths: number[] = [];
    const distinct: string[] = [];
    for (let field = 0; field < fields.length; field += 1) {
      const terms = fields[field] ?? [];
      const unit = FIELD_UNITS[field] ?? 0;
      for (const term of terms) {
        let posting = this.postings.get(term);
        if (posting === undefined) {
          posting = { slots: [], frequencies: [], weighted: undefined, weightedFor: undefined };
          this.postings.set(term, posting);
        }
        // This document's entry, when it has one, is the last: entries are appended while it is being added.
        const last = posting.slots.length - 1;
        if (posting.slots[last] !== slot) {
          posting.slots.push(slot);
          posting.frequencies.push(unit);
          posting.weighted = undefined;
          distinct.push(term);
        } else {
          const packed = posting.frequencies[last] ?? 0;
          // Saturate at 255 per field: far past where BM25's tf / (k1 + tf) stops moving.
          if (Math.floor(packed / unit) % 256 < 255) posting.frequencies[last] = packed + unit;
        }
      }
      this.totalLengths[field] = (this.totalLengths[field] ?? 0) + terms.length;
      this.slotLengths[slot * this.fieldCount + field] = terms.length;
      lengths.push(terms.length);
    }
    this.documents.set(key, { slot, lengths, terms: distinct });
    this.slotWeightsFor = undefined;
  }

  remove(key: string): boolean {
    const document = this.documents.get(key);
    if (document === undefined) return false;
    for (const term of document.terms) {
      const posting = this.postings.get(term);
      if (posting === undefined) continue;
      const at = posting.slots.indexOf(document.slot);
      const last = posting.slots.length - 1;
      if (at >= 0) {
        posting.slots[at] = posting.slots[last] ?? 0;
        posting.frequencies[at] = posting.frequencies[last] ?? 0;
        posting.slots.pop();
        posting.frequencies.pop();
        posting.weighted = undefined;
      }
      if (posting.slots.length === 0) this.postings.delete(term);
    }
    document.lengths.forEach((length, field) => {
      this.totalLengths[field] = (this.totalLengths[field] ?? 0) - length;
    });
    this.keys[document.slot] = undefined;
    this.freeSlots.push(document.slot);
    this.documents.delete(key);
    this.slotWeightsFor = undefined;
    return true;
  }

  /** Document frequency of a term (documents containing it in any field). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.slots.length ?? 0;
  }

  /**
   * The `limit` best documents for the query terms, best first; equal scores are ordered by key so the
   * result does not depend on insertion order. A repeated query term counts once per repetition. `termWeights`,
   * parallel to `terms`, scales each term's contribution (1 when absent), for expansion terms.
   */
  search(
    terms: readonly string[],
    limit: number,
    params: Bm25Params,
    termWeights?: readonly number[],
  ): ScoredKey[] {
    const count = this.documents.size;
    if (count === 0 || limit <= 0) return [];
    const { k1 } = params;
    const perField = typeof params.b !== "number";
    const norms = this.totalLengths.map((total, field) => {
      const average = total / count;
      const b = typeof params.b === "number" ? params.b : (params.b[field] ?? 0.75);
      return { a: 1 - b, c: average > 0 ? b / average : 0, w: params.weights[field] ?? 0 };
    });
    // Document-level normalisation: 1 - b + b * (weighted length / average weighted length).
    const documentB = typeof params.b === "number" ? params.b : 0;
    let weightedTotal = 0;
    this.totalLengths.forEach((total, field) => {
      weightedTotal += (params.weights[field] ?? 0) * total;
    });
    const documentScale = weightedTotal > 0 ? (documentB * count) / weightedTotal : 0;
    const documentA = 1 - documentB;
    if (this.scores.length < this.keys.length) {
      this.scores = new Float64Array(this.keys.length * 2);
      this.stamps = new Uint32Array(this.keys.length * 2);
      this.stamp = 0;
    }
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.stamps.fill(0);
    const { scores, stamps, stamp, slotLengths, fieldCount } = this;
    const slotWeighted = perField ? this.slotWeighted : this.weightedLengths(params.weights);
    const touched: number[] = [];
    for (let t = 0; t < terms.length; t += 1) {
      const posting = this.postings.get(terms[t] ?? "");
      if (posting === undefined) continue;
      const { slots, frequencies } = posting;
      const df = slots.length;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5)) * (termWeights?.[t] ?? 1);
      const weightedTf = perField ? undefined : this.weightedFrequencies(posting, params.weights);
      for (let i = 0; i < df; i += 1) {
        const slot = slots[i] ?? 0;
        if (stamps[slot] !== stamp) {
          stamps[slot] = stamp;
          scores[slot] = 0;
          touched.push(slot);
        }
        let weighted = 0;
        if (weightedTf !== undefined) {
          weighted = (weightedTf[i] ?? 0) / (documentA + documentScale * (slotWeighted[slot] ?? 0));
        } else {
          const tf = frequencies[i] ?? 0;
          for (let field = 0; field < fieldCount; field += 1) {
            const frequency = Math.floor(tf / (FIELD_UNITS[field] ?? 1)) % 256;
            const norm = norms[field];
            if (frequency === 0 || norm === undefined || norm.w === 0) continue;
            const length = slotLengths[slot * fieldCount + field] ?? 0;
            weighted += (norm.w * frequency) / (norm.a + norm.c * length);
          }
        }
        if (weighted > 0) scores[slot] = (scores[slot] ?? 0) + (idf * weighted * (k1 + 1)) / (k1 + weighted);
      }
    }
    return this.best(touched, limit);
  }

  /** Σ weight × frequency per posting entry, cached until the posting or the weights change. */
  private weightedFrequencies(posting: Posting, weights: readonly number[]): Float64Array {
    if (posting.weighted !== undefined && sameNumbers(posting.weightedFor, weights)) return posting.weighted;
    const { frequencies } = posting;
    const weighted = new Float64Array(frequencies.length);
    for (let i = 0; i < frequencies.length; i += 1) {
      const tf = frequencies[i] ?? 0;
      let sum = 0;
      for (let field = 0; field < this.fieldCount; field += 1) {
        sum += (weights[field] ?? 0) * (Math.floor(tf / (FIELD_UNITS[field] ?? 1)) % 256);
      }
      weighted[i] = sum;
    }
    posting.weighted = weighted;
    posting.weightedFor = weights;
    return weighted;
  }

  /** Σ weight × field length per slot, cached until a document or the weights change. */
  private weightedLengths(weights: readonly number[]): Float64Array {
    if (this.slotWeightsFor !== undefined && sameNumbers(this.slotWeightsFor, weights))
      return this.slotWeighted;
    const { fieldCount, slotLengths } = this;
    const lengths = new Float64Array(this.keys.length);
    for (let slot = 0; slot < this.keys.length; slot += 1) {
      let sum = 0;
      for (let field = 0; field < fieldCount; field += 1) {
        sum += (weights[field] ?? 0) * (slotLengths[slot * fieldCount + field] ?? 0);
      }
      lengths[slot] = sum;
    }
    this.slotWeighted = lengths;
    this.slotWeightsFor = weights;
    return lengths;
  }

  /** The best `limit` touched slots: a min-heap of the `limit` best scores finds the cut, only those are ordered. */
  private best(touched: readonly number[], limit: number): ScoredKey[] {
    const { scores, keys } = this;
    const cut = touched.length > limit ? kthLargest(scores, touched, limit) : 0;
    const results: ScoredKey[] = [];
    for (const slot of touched) {
      const score = scores[slot] ?? 0;
      if (score > 0 && score >= cut) results.push({ key: keys[slot] ?? "", score });
    }
    return topK(results, limit);
  }
}

/** The `k`-th largest of `scores` over `slots` (k ≤ slots.length), by a size-k min-heap. */
function kthLargest(scores: Float64Array, slots: readonly number[], k: number): number {
  const heap = new Float64Array(k);
  for (let i = 0; i < k; i += 1) {
    // Sift up.
    let at = i;
    const value = scores[slots[i] ?? 0] ?? 0;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((heap[parent] ?? 0) <= value) break;
      heap[at] = heap[parent] ?? 0;
      at = parent;
    }
    heap[at] = value;
  }
  for (let i = k; i < slots.length; i += 1) {
    const value = scores[slots[i] ?? 0] ?? 0;
    if (value <= (heap[0] ?? 0)) continue;
    // Replace the root and sift down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= k) break;
      const right = left + 1;
      const child = right < k && (heap[right] ?? 0) < (heap[left] ?? 0) ? right : left;
      if ((heap[child] ?? 0) >= value) break;
      heap[at] = heap[child] ?? 0;
      at = child;
    }
    heap[at] = value;
  }
  return heap[0] ?? 0;
}

/** Same numbers in the same order (the same array is the common case). */
function sameNumbers(a: readonly number[] | undefined, b: readonly number[]): boolean {
  if (a === b) return true;
  if (a === undefined || a.length !== b.length) return false;
  return a.every((value, i) => value === b[i]);
}

/** Best `limit` by score, ties by key (code-unit order). */
export function topK(results: ScoredKey[], limit: number): ScoredKey[] {
  results.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return results.slice(0, limit);
}
