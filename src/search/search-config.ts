import type { DenseFieldWeights } from "./dense-tool-index.js";
import { porterStem } from "./porter-stemmer.js";
import type { ExpansionTable, FeedbackOptions } from "./query-expansion.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import type { TokenizeOptions } from "./tokenize.js";
import type { ToolText } from "./tool-text.js";
import type { WordVectors } from "./word-vectors.js";

/** How `createToolIndex` tokenises, weights, fuses and rewrites; `DEFAULT_SEARCH_CONFIG` is the measured default. */
export interface SearchConfig {
  /** BM25 term-frequency saturation. */
  k1: number;
  /** Length normalisation by the tool's weighted length over all fields, 0 (none) to 1 (full). */
  b: number;
  /** Weight of a term occurrence per field; 0 leaves the field out. */
  weights: Record<keyof ToolText, number>;
  tokenize: TokenizeOptions;
  /**
   * When set, each query also runs through a plain BM25 index (one field, no stems or weights) and the two
   * top-50 lists are fused: scores min-max normalised per list, `plainFusion` the BM25F list's share.
   */
  plainFusion?: number;
  /**
   * Queries rewritten first (query-cleanup.ts): paths, URLs and selectors to words, IDs and long numbers and
   * request boilerplate dropped. `"task"`: only a query that holds a URL, email address, path or selector
   * (`isTaskStyle`) is rewritten.
   */
  queryCleanup?: boolean | "task";
  /** Words related to the query's words join it at a lower weight (BM25F side only). */
  expansions?: readonly ExpansionTable[];
  /** Pseudo-relevance feedback on the BM25F side: a second pass with terms the first results share. */
  feedback?: FeedbackOptions;
  /**
   * Index-time gloss of tool text in another language: English words for it, added to the description (and
   * the plain document), so English queries reach a tool described in, say, Chinese.
   */
  gloss?: (text: string) => string;
  /**
   * When set, each query also runs through a word-vector index (dense-tool-index.ts: tools and query as
   * idf-weighted means of pre-trained word vectors, cosine similarity), and its top 50 is fused with the
   * lexical top 50 (after `plainFusion`), min-max normalised, `denseFusion` the lexical list's share.
   */
  denseFusion?: number;
  /** The word vectors for `denseFusion`; default the shipped GloVe vectors (data/word-vectors.bin), read on first use. */
  wordVectors?: () => WordVectors;
  /** Field weights of the word-vector side; default name 2, description 1, parameters 0.5, server 1. */
  denseFields?: DenseFieldWeights;
}

/**
 * BM25F (k1 and b at their textbook values; field weights and Porter stemming chosen earlier on tuning halves of
 * ToolLens, MetaTool and MCPToolBench++), fused with plain BM25 (an untuned even split), then with the word-vector
 * ranking at a 0.3 share, queries cleaned up. What leave-one-dataset-out tuning (bench/tune-search.ts) picks
 * when tuned on all three sets' samples is exactly this configuration; tuned on two and run on the third it kept
 * it for MetaTool and MCPToolBench++ and added associations and synonyms for ToolLens. Numbers: README "Tool search".
 */
export const DEFAULT_SEARCH_CONFIG: SearchConfig = {
  k1: 1.2,
  b: 0.75,
  weights: { name: 2, description: 1, params: 0.5, server: 2 },
  tokenize: { splitCase: true, stopWords: ENGLISH_STOP_WORDS, stem: porterStem },
  // Untuned (an even split): fusing with plain BM25 lifted R@1 and R@5 on all three left-out sets (README).
  plainFusion: 0.5,
  denseFusion: 0.7,
  // Always: since long numbers alone are dropped (short ones name things), it is at or above the task-text-only
  // rule and no cleanup on all three sets.
  queryCleanup: true,
};

/**
 * The default without the word-vector side: BM25F fused with plain BM25 only. A query then finds only tools that
 * share a word (or a stem) with it, and one that shares none finds nothing; the word vectors are never read.
 */
export const LEXICAL_SEARCH_CONFIG: SearchConfig = (() => {
  const { denseFusion: _dense, ...lexical } = DEFAULT_SEARCH_CONFIG;
  return lexical;
})();
