/** A terminal sparkline: one block character per value, heights from 0 to the largest value. */
const BLOCKS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] as const;

export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  return values
    .map((value) => {
      if (!Number.isFinite(value) || value <= 0 || max === 0) return BLOCKS[0];
      const level = Math.ceil((value / max) * BLOCKS.length) - 1;
      return BLOCKS[Math.min(BLOCKS.length - 1, Math.max(0, level))];
    })
    .join("");
}
