import type { ServerTool } from "../spec/tool.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";
import { tokenize } from "./tokenize.js";
import { parameterText } from "./tool-text.js";

/** Textbook BM25 parameters over a single field. */
export const PLAIN_BM25 = { k1: 1.2, b: 0.75, weights: [1] };

/** The plain document's stop words: a standard English list. */
export const PLAIN_STOP_WORDS: ReadonlySet<string> = ENGLISH_STOP_WORDS;

/** Plain terms: split on non-alphanumerics, lower-cased, English stop words dropped; no case splitting or stems. */
export function plainTerms(text: string): string[] {
  return tokenize(text, { splitCase: false, stopWords: PLAIN_STOP_WORDS });
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
