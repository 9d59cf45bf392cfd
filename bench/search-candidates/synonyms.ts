/** Measured, not shipped (README "Tool search").  WordNet synonyms as a query expansion table (the shipped extract, see bench/build-search-data.ts). */

import type { ExpansionTable } from "../../src/search/query-expansion.js";
import { SYNONYM_TABLE } from "./data/synonyms.js";
import { lazyWordTable } from "./word-table.js";

const table = lazyWordTable(() => SYNONYM_TABLE);

/** Synonyms of a query word (most frequent sense per part of speech) joining the query at `weight`. */
export function wordnetSynonyms(weight: number): ExpansionTable {
  return { weight, related: (word) => table().get(word) };
}
