/**
 * Term associations learned from development queries and their gold tools: a query word is related to the words
 * the tools it asked for are described with ("meal" → "recipe", "paper" → "research"). Counting is done once
 * (`countAssociations`); selection (`selectAssociations`) keeps, per query term, the tool words with the best
 * smoothed pointwise mutual information among pairs seen in enough queries and with enough different gold tools
 * (so one tool's own name is not mistaken for a topic).
 */
import type { ServerTool } from "../spec/tool.js";
import { splitIdentifier, type TokenizeOptions, tokenize, words } from "./tokenize.js";

/** One development query with the catalogue tools that answer it. */
export interface AssociationExample {
  query: string;
  tools: readonly ServerTool[];
}

/** How associations are selected. */
export interface AssociationOptions {
  /** Queries a (query word, tool word) pair must occur in. */
  minCount: number;
  /** Different gold tools the pair must be seen with (at most 3 are told apart). */
  minTools: number;
  /** Related words kept per query word, best first. */
  topK: number;
  /** Pairs below this score are dropped. */
  minPmi: number;
  /**
   * Added to the tool word's count in the PMI denominator: larger values favour frequent tool words over rare
   * ones that happen to co-occur a few times (0: plain PMI).
   */
  smoothing?: number;
}

/** Query term → related tool words (surface forms, best first), ordered by query term. */
export type AssociationTable = [string, string[]][];

/** Co-occurrence counts over a set of examples; see `countAssociations`. */
export interface AssociationCounts {
  /** Examples with at least one query term and one gold tool. */
  total: number;
  terms: string[];
  /** Surface form per term id (its most frequent spelling in gold tool text). */
  surface: string[];
  queryCount: Map<number, number>;
  toolWordCount: Map<number, number>;
  /** Query term id → tool word id → the pair's queries and its first distinct gold tools (up to 3). */
  pairs: Map<number, Map<number, PairCount>>;
}

/** One (query term, tool word) pair: the queries it occurs in and the first few distinct gold tools. */
export interface PairCount {
  count: number;
  tools: number[];
}

const TOOLS_TOLD_APART = 3;
const DIGITS = /^[0-9]+$/;

/** Counts query-term / gold-tool-word co-occurrences. Terms are index terms under `tokenizeOptions`. */
export function countAssociations(
  examples: readonly AssociationExample[],
  tokenizeOptions: TokenizeOptions,
): AssociationCounts {
  const ids = new Map<string, number>();
  const terms: string[] = [];
  const spellings: Map<string, number>[] = [];
  const idOf = (term: string): number => {
    let id = ids.get(term);
    if (id === undefined) {
      id = terms.length;
      ids.set(term, id);
      terms.push(term);
      spellings.push(new Map());
    }
    return id;
  };
  const single = { ...tokenizeOptions, splitCase: false };
  const textTerms = (text: string, into: Map<number, string>, split: boolean): void => {
    for (const word of words(text, split)) {
      if (DIGITS.test(word) || word.length < 2) continue;
      for (const term of tokenize(word, single)) {
        const id = idOf(term);
        if (!into.has(id)) into.set(id, word);
      }
    }
  };
  const toolCache = new Map<string, { id: number; terms: Map<number, string> }>();
  const toolOf = (item: ServerTool) => {
    const key = `${item.server}\u0000${item.tool.name}`;
    let found = toolCache.get(key);
    if (found === undefined) {
      const own = new Map<number, string>();
      textTerms(splitIdentifier(item.tool.name).join(" "), own, false);
      textTerms(item.tool.description ?? "", own, tokenizeOptions.splitCase ?? true);
      found = { id: toolCache.size, terms: own };
      toolCache.set(key, found);
    }
    return found;
  };

  const counts: AssociationCounts = {
    total: 0,
    terms,
    surface: [],
    queryCount: new Map(),
    toolWordCount: new Map(),
    pairs: new Map(),
  };
  const bump = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const example of examples) {
    const queryTerms = new Set<number>();
    for (const term of tokenize(example.query, single)) {
      if (!DIGITS.test(term) && term.length > 1) queryTerms.add(idOf(term));
    }
    if (queryTerms.size === 0 || example.tools.length === 0) continue;
    counts.total += 1;
    const inGold = new Map<number, number[]>();
    for (const item of example.tools) {
      const tool = toolOf(item);
      for (const [term, word] of tool.terms) {
        const list = inGold.get(term);
        if (list === undefined) inGold.set(term, [tool.id]);
        else if (!list.includes(tool.id)) list.push(tool.id);
        const forms = spellings[term];
        forms?.set(word, (forms.get(word) ?? 0) + 1);
      }
    }
    for (const q of queryTerms) bump(counts.queryCount, q);
    for (const t of inGold.keys()) bump(counts.toolWordCount, t);
    for (const q of queryTerms) {
      let row = counts.pairs.get(q);
      if (row === undefined) {
        row = new Map();
        counts.pairs.set(q, row);
      }
      for (const [t, toolIds] of inGold) {
        if (t === q) continue;
        let pair = row.get(t);
        if (pair === undefined) {
          pair = { count: 0, tools: [] };
          row.set(t, pair);
        }
        pair.count += 1;
        for (const id of toolIds) {
          if (pair.tools.length >= TOOLS_TOLD_APART) break;
          if (!pair.tools.includes(id)) pair.tools.push(id);
        }
      }
    }
  }
  counts.surface = spellings.map((forms, id) => mostFrequent(forms, terms[id] ?? ""));
  return counts;
}

/** The association table under `options`. Deterministic: ties go to the more frequent pair, then the term. */
export function selectAssociations(counts: AssociationCounts, options: AssociationOptions): AssociationTable {
  const smoothing = options.smoothing ?? 0;
  const term = (id: number) => counts.terms[id] ?? "";
  const table: AssociationTable = [];
  for (const [q, row] of counts.pairs) {
    const list: { t: number; score: number; count: number }[] = [];
    const ofQuery = counts.queryCount.get(q) ?? 1;
    for (const [t, { count, tools }] of row) {
      if (count < options.minCount || tools.length < options.minTools) continue;
      const score = Math.log(
        (count * counts.total) / (ofQuery * ((counts.toolWordCount.get(t) ?? 1) + smoothing)),
      );
      if (score >= options.minPmi) list.push({ t, score, count });
    }
    if (list.length === 0) continue;
    list.sort((x, y) => y.score - x.score || y.count - x.count || compare(term(x.t), term(y.t)));
    table.push([term(q), list.slice(0, options.topK).map(({ t }) => counts.surface[t] ?? term(t))]);
  }
  return table.sort((x, y) => compare(x[0], y[0]));
}

/** `countAssociations` then `selectAssociations`. */
export function learnAssociations(
  examples: readonly AssociationExample[],
  options: AssociationOptions,
  tokenizeOptions: TokenizeOptions,
): AssociationTable {
  return selectAssociations(countAssociations(examples, tokenizeOptions), options);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function mostFrequent(forms: ReadonlyMap<string, number>, fallback: string): string {
  let best = fallback;
  let bestCount = -1;
  for (const [form, count] of forms) {
    if (count > bestCount || (count === bestCount && form < best)) [best, bestCount] = [form, count];
  }
  return best;
}
