/**
 * The table entry for `model`: an exact id, or a dated variant of a listed id (`claude-sonnet-4-5-20250929`,
 * `claude-opus-4-1@20250805`, `gpt-4o-2024-08-06`). Returns the key that matched so a report can say which
 * row it used.
 */
export function lookupModel<T>(
  table: Readonly<Record<string, T>>,
  model: string,
): { key: string; value: T } | undefined {
  if (Object.hasOwn(table, model)) return { key: model, value: table[model] as T };
  const base = /^(.*?)(?:-\d{8}|@\d{8}|-\d{4}-\d{2}-\d{2})$/.exec(model)?.[1];
  if (base !== undefined && Object.hasOwn(table, base)) return { key: base, value: table[base] as T };
  return undefined;
}
