import type { ServerTool } from "../spec/tool.js";
import { Bm25fIndex } from "./bm25f.js";
import { PLAIN_BM25, plainDocument, plainTerms } from "./plain-bm25.js";
import { parseToolKey, type SearchHit, toolKey } from "./tool-index.js";

/**
 * The yardstick for search-eval: textbook BM25 (k1 1.2, b 0.75) over one field holding everything a tool says
 * about itself (name, server, description, parameter names and descriptions), split on non-alphanumerics,
 * lower-cased, English stop words dropped, and nothing else: no case splitting, stemming, field weights or query
 * rewriting. A retriever that cannot beat this has not earned its extra machinery.
 */
export function createBaselineIndex(tools: readonly ServerTool[]): {
  search(query: string, limit: number): SearchHit[];
} {
  const index = new Bm25fIndex(1);
  for (const item of tools) index.add(toolKey(item.server, item.tool.name), [plainDocument(item)]);
  return {
    search(query, limit) {
      return index
        .search(plainTerms(query), limit, PLAIN_BM25)
        .map(({ key, score }) => ({ ...parseToolKey(key), score }));
    },
  };
}
