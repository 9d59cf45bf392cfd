/**
 * Query-side expansion: extra terms, each with a weight below 1, added to a query's own terms. The tables map
 * a lower-cased query word to words a tool description might use instead (WordNet synonyms, associations
 * learned from training queries); pseudo-relevance feedback adds the terms the first results share.
 */
import type { Bm25fIndex } from "./bm25f.js";

/** Query terms with a weight each: the query's own at 1, expansion terms below. */
export interface WeightedTerms {
  terms: string[];
  weights: number[];
}

/** A word → related words table with the weight its additions get. */
export interface ExpansionTable {
  related(word: string): readonly string[] | undefined;
  weight: number;
  /**
   * When set, only query words whose index terms are each in at most this share of the indexed tools are
   * expanded (0: only words no tool uses), so a word that already finds its tools is left alone.
   */
  maxShare?: number;
}

/** Pseudo-relevance feedback: the `terms` best terms of the first `documents` results join at `weight`. */
export interface FeedbackOptions {
  documents: number;
  terms: number;
  weight: number;
}

/** At most this many expansion terms per query, so a long query cannot multiply its own cost. */
const MAX_EXPANSION_TERMS = 24;

/**
 * Adds the related words of each query word (as index terms through `toTerms`) at the table's weight; a term
 * already in the query, or already added, is not added again. `share` is a term's share of the indexed tools
 * (for `maxShare`).
 */
export function expandQuery(
  words: readonly string[],
  base: WeightedTerms,
  tables: readonly ExpansionTable[],
  toTerms: (text: string) => string[],
  share: (term: string) => number = () => 0,
): WeightedTerms {
  if (tables.length === 0) return base;
  const seen = new Set(base.terms);
  const terms = [...base.terms];
  const weights = [...base.weights];
  let added = 0;
  for (const table of tables) {
    for (const word of words) {
      const relatedWords = table.related(word);
      if (relatedWords === undefined) continue;
      const { maxShare } = table;
      if (maxShare !== undefined && toTerms(word).some((term) => share(term) > maxShare)) continue;
      for (const related of relatedWords) {
        for (const term of toTerms(related)) {
          if (seen.has(term) || added >= MAX_EXPANSION_TERMS) continue;
          seen.add(term);
          terms.push(term);
          weights.push(table.weight);
          added += 1;
        }
      }
    }
  }
  return { terms, weights };
}

/**
 * The feedback terms for a query: terms of the top `documents` results, scored by how many of them hold the
 * term times its inverse document frequency; terms in the query already, and terms in a single result only, are
 * left out (one result's vocabulary is that tool, not the topic).
 */
export function feedbackTerms(
  index: Bm25fIndex,
  topKeys: readonly string[],
  query: WeightedTerms,
  options: FeedbackOptions,
): WeightedTerms {
  const inQuery = new Set(query.terms);
  const counts = new Map<string, number>();
  for (const key of topKeys.slice(0, options.documents)) {
    for (const term of index.termsOf(key)) {
      if (!inQuery.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  const size = Math.max(1, index.size);
  const scored: { term: string; score: number }[] = [];
  for (const [term, count] of counts) {
    if (count < 2) continue;
    const df = index.documentFrequency(term);
    scored.push({ term, score: count * Math.log(1 + (size - df + 0.5) / (df + 0.5)) });
  }
  scored.sort((x, y) => y.score - x.score || (x.term < y.term ? -1 : x.term > y.term ? 1 : 0));
  const picked = scored.slice(0, options.terms).map(({ term }) => term);
  return {
    terms: [...query.terms, ...picked],
    weights: [...query.weights, ...picked.map(() => options.weight)],
  };
}
