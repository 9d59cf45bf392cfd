import { ENGLISH_STOP_WORDS } from "../../src/search/stop-words.js";
import type { ServerTool } from "../../src/spec/tool.js";
import { tokenize } from "./tokenize.js";
import { parameterText } from "./tool-text.js";

/** Textbook BM25 parameters over a single field. */
export const PLAIN_BM25 = { k1: 1.2, b: 0.75, weights: [1] };

/** Plain terms: split on non-alphanumerics, lower-cased, English stop words dropped; no case splitting or stems. */
export function plainTerms(text: string): string[] {
  return tokenize(text, { splitCase: false, stopWords: ENGLISH_STOP_WORDS });
}

/**
 * Everything a tool says about itself as one field: name, server, description, parameter text (`params`, when the
 * caller has already built it with `parameterText`).
 */
export function plainDocument(
  { server, tool }: ServerTool,
  params = parameterText(tool.inputSchema),
): string[] {
  return plainTerms([tool.name, server, tool.description ?? "", params].join("\n"));
}
