import type { ServerTool } from "../spec/tool.js";
import { Bm25fIndex } from "./bm25f.js";
import { tokenize } from "./tokenize.js";
import { parseToolKey, type SearchHit, toolKey } from "./tool-index.js";

const PLAIN = { k1: 1.2, b: [0.75], weights: [1] };

/**
 * The yardstick for search-eval: textbook BM25 (k1 1.2, b 0.75) over one field, the tool name and description
 * joined, split only on non-alphanumerics and lower-cased: no case splitting, stop words, stemming, parameter
 * or server text. This is what "plain BM25 over name + description" means in the README table.
 */
export function createBaselineIndex(tools: readonly ServerTool[]): {
  search(query: string, limit: number): SearchHit[];
} {
  const index = new Bm25fIndex(1);
  const plain = (text: string) => tokenize(text, { splitCase: false });
  for (const { server, tool } of tools) {
    index.add(toolKey(server, tool.name), [plain(`${tool.name} ${tool.description ?? ""}`)]);
  }
  return {
    search(query, limit) {
      return index
        .search(plain(query), limit, PLAIN)
        .map(({ key, score }) => ({ ...parseToolKey(key), score }));
    },
  };
}
