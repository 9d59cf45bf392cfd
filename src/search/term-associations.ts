/**
 * Learned term associations (see learn-associations.ts) as a query expansion table: a query word's related
 * tool words join the query at a low weight.
 */
import type { AssociationTable } from "./learn-associations.js";
import type { ExpansionTable } from "./query-expansion.js";
import { type TokenizeOptions, tokenize } from "./tokenize.js";

/**
 * An expansion table over `table` (query term → related words). A query word is looked up by its index term
 * under `tokenizeOptions`, the options the table was learned with.
 */
export function associationExpansion(
  table: AssociationTable | ReadonlyMap<string, readonly string[]>,
  weight: number,
  tokenizeOptions: TokenizeOptions,
  maxShare?: number,
): ExpansionTable {
  const map: ReadonlyMap<string, readonly string[]> = table instanceof Map ? table : new Map(table);
  const options = { ...tokenizeOptions, splitCase: false };
  return {
    weight,
    ...(maxShare === undefined ? {} : { maxShare }),
    related(word) {
      const [term] = tokenize(word, options);
      return term === undefined ? undefined : map.get(term);
    },
  };
}
