import { porterStem } from "./porter-stemmer.js";
import type { ExpansionTable, FeedbackOptions } from "./query-expansion.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import type { TokenizeOptions } from "./tokenize.js";
import type { ToolText } from "./tool-text.js";

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
   * Task-style queries rewritten first: paths, URLs and selectors to words, numbers and IDs dropped. `"task"`:
   * only a query that holds a URL, email address, path or selector (`isTaskStyle`) is rewritten.
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
}

/**
 * Chosen by measurement on the tuning halves (SHA-1 of the query id even) of ToolLens (alone and with 8,245
 * Smithery distractors), MetaTool and MCPToolBench++ (+1,000 and +8,245): Porter stemming gained 7 points of
 * Recall@5 on MetaTool and was neutral on ToolLens; length normalisation over the whole weighted document beat
 * per-field normalisation by 1 to 4 points; the neighbouring weights and b values (0.5 to 0.9) were all within
 * about a point on average, so k1 and b keep their textbook values. Held-out halves: README "Tool search".
 */
export const DEFAULT_SEARCH_CONFIG: SearchConfig = {
  k1: 1.2,
  b: 0.75,
  weights: { name: 2, description: 1, params: 0.5, server: 2 },
  tokenize: { splitCase: true, stopWords: ENGLISH_STOP_WORDS, stem: porterStem },
  // Untuned (an even split): fusing with plain BM25 lifted R@1 and R@5 on all three left-out sets (README).
  plainFusion: 0.5,
};
