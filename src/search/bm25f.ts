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

export class Bm25fIndex {
  readonly fieldCount: number;
  private readonly documents = new Map<string, StoredDocument>();
  /** term → slot → term frequencies per field, packed (see `pack`). */
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly totalLengths: number[];
  private readonly keys: (string | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Field lengths by slot, `fieldCount` numbers per slot. */
  private readonly slotLengths: number[] = [];
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

  /** Adds (or replaces) a document given as one term list per field. */
  add(key: string, fields: readonly (readonly string[])[]): void {
    if (fields.length !== this.fieldCount) {
      throw new RangeError(`expected ${this.fieldCount} fields, got ${fields.length}`);
    }
    this.remove(key);
    const slot = this.freeSlots.pop() ?? this.keys.length;
    this.keys[slot] = key;
    const counts = new Map<string, number>();
    fields.forEach((terms, field) => {
      const unit = FIELD_UNITS[field] ?? 0;
      for (const term of terms) {
        const packed = counts.get(term) ?? 0;
        // Saturate at 255 per field: far past where BM25's tf / (k1 + tf) stops moving.
        if (Math.floor(packed / unit) % 256 < 255) counts.set(term, packed + unit);
        else counts.set(term, packed);
      }
      this.totalLengths[field] = (this.totalLengths[field] ?? 0) + terms.length;
      this.slotLengths[slot * this.fieldCount + field] = terms.length;
    });
    for (const [term, tf] of counts) {
      let posting = this.postings.get(term);
      if (posting === undefined) {
        posting = new Map();
        this.postings.set(term, posting);
      }
      posting.set(slot, tf);
    }
    this.documents.set(key, {
      slot,
      lengths: fields.map((terms) => terms.length),
      terms: [...counts.keys()],
    });
  }

  remove(key: string): boolean {
    const document = this.documents.get(key);
    if (document === undefined) return false;
    for (const term of document.terms) {
      const posting = this.postings.get(term);
      posting?.delete(document.slot);
      if (posting?.size === 0) this.postings.delete(term);
    }
    document.lengths.forEach((length, field) => {
      this.totalLengths[field] = (this.totalLengths[field] ?? 0) - length;
    });
    this.keys[document.slot] = undefined;
    this.freeSlots.push(document.slot);
    this.documents.delete(key);
    return true;
  }

  /** Document frequency of a term (documents containing it in any field). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  /**
   * The `limit` best documents for the query terms, best first; equal scores are ordered by key so the
   * result does not depend on insertion order. A repeated query term counts once per repetition.
   */
  search(terms: readonly string[], limit: number, params: Bm25Params): ScoredKey[] {
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
    if (this.scores.length < this.keys.length) {
      this.scores = new Float64Array(this.keys.length * 2);
      this.stamps = new Uint32Array(this.keys.length * 2);
      this.stamp = 0;
    }
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.stamps.fill(0);
    const { scores, stamps, stamp, slotLengths, fieldCount } = this;
    const touched: number[] = [];
    for (const term of terms) {
      const posting = this.postings.get(term);
      if (posting === undefined) continue;
      const df = posting.size;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      for (const [slot, tf] of posting) {
        if (stamps[slot] !== stamp) {
          stamps[slot] = stamp;
          scores[slot] = 0;
          touched.push(slot);
        }
        let weighted = 0;
        if (perField) {
          for (let field = 0; field < fieldCount; field += 1) {
            const frequency = Math.floor(tf / (FIELD_UNITS[field] ?? 1)) % 256;
            const norm = norms[field];
            if (frequency === 0 || norm === undefined || norm.w === 0) continue;
            const length = slotLengths[slot * fieldCount + field] ?? 0;
            weighted += (norm.w * frequency) / (norm.a + norm.c * length);
          }
        } else {
          let length = 0;
          for (let field = 0; field < fieldCount; field += 1) {
            const w = norms[field]?.w ?? 0;
            weighted += w * (Math.floor(tf / (FIELD_UNITS[field] ?? 1)) % 256);
            length += w * (slotLengths[slot * fieldCount + field] ?? 0);
          }
          weighted /= 1 - documentB + documentScale * length;
        }
        if (weighted > 0) scores[slot] = (scores[slot] ?? 0) + (idf * weighted * (k1 + 1)) / (k1 + weighted);
      }
    }
    const results: ScoredKey[] = [];
    for (const slot of touched) {
      const score = scores[slot] ?? 0;
      if (score > 0) results.push({ key: this.keys[slot] ?? "", score });
    }
    return topK(results, limit);
  }
}

/** Best `limit` by score, ties by key (code-unit order). */
export function topK(results: ScoredKey[], limit: number): ScoredKey[] {
  results.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return results.slice(0, limit);
}
