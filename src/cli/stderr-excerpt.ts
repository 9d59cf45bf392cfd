/**
 * A failed server's stderr for a terminal: short enough to read beside a table, and never without its first lines,
 * which usually say why (the rest is often a stack trace, whose last lines say where).
 */

/** Lines of stderr shown when it is short; a longer one shows its first and last lines around a count. */
export const stderrExcerptLimits = { whole: 8, head: 3, tail: 4 } as const;

/** The excerpt's lines: all of them when few, else the head, `… N lines …`, and the tail. */
export function stderrExcerpt(text: string, limits = stderrExcerptLimits): string[] {
  const lines = text.trim().split("\n");
  if (lines.length <= limits.whole) return lines;
  const hidden = lines.length - limits.head - limits.tail;
  return [...lines.slice(0, limits.head), `… ${hidden} lines …`, ...lines.slice(-limits.tail)];
}
