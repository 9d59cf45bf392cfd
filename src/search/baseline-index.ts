import type { ServerTool } from "../spec/tool.js";
import { Bm25fIndex } from "./bm25f.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import { tokenize } from "./tokenize.js";
import { parseToolKey, type SearchHit, toolKey } from "./tool-index.js";
import { parameterText } from "./tool-text.js";

const PLAIN = { k1: 1.2, b: 0.75, weights: [1] };
const plain = (text: string) => tokenize(text, { splitCase: false, stopWords: ENGLISH_STOP_WORDS });

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
  for (const { server, tool } of tools) {
    const text = [tool.name, server, tool.description ?? "", parameterText(tool.inputSchema)].join("\n");
    index.add(toolKey(server, tool.name), [plain(text)]);
  }
  return {
    search(query, limit) {
      return index
        .search(plain(query), limit, PLAIN)
        .map(({ key, score }) => ({ ...parseToolKey(key), score }));
    },
  };
}
