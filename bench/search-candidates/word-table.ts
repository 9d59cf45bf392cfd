/** Parses a generated `key<TAB>word word…` table (bench/search-candidates/data/) into a map, once, on first use. */
export function lazyWordTable(source: () => string): () => ReadonlyMap<string, readonly string[]> {
  let table: Map<string, readonly string[]> | undefined;
  return () => {
    if (table !== undefined) return table;
    table = new Map();
    for (const line of source().split("\n")) {
      const tab = line.indexOf("\t");
      if (tab > 0) table.set(line.slice(0, tab), line.slice(tab + 1).split(" "));
    }
    return table;
  };
}
