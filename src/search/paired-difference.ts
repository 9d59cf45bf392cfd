/**
 * Paired comparison of two retrievers on the same queries: the mean per-query difference and its 95% confidence
 * interval (normal approximation of the paired differences). Pairing matters: two retrievers share most of their
 * hits, so the interval of the difference is far narrower than the two recalls' own intervals would suggest.
 */

/** A mean difference with its 95% confidence interval, in the units of the inputs. */
export interface PairedDifference {
  mean: number;
  low: number;
  high: number;
}

const Z95 = 1.959964;

/** `a[i] - b[i]` averaged over the queries, with its 95% interval; both arrays must be equally long. */
export function pairedDifference(a: readonly number[], b: readonly number[]): PairedDifference {
  if (a.length !== b.length) {
    throw new RangeError(`paired samples differ in length (${a.length} and ${b.length})`);
  }
  const n = a.length;
  if (n === 0) return { mean: 0, low: 0, high: 0 };
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += (a[i] ?? 0) - (b[i] ?? 0);
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i += 1) squares += ((a[i] ?? 0) - (b[i] ?? 0) - mean) ** 2;
  const half = n < 2 ? 0 : Z95 * Math.sqrt(squares / (n - 1) / n);
  return { mean, low: mean - half, high: mean + half };
}

/** 95% interval of a proportion (Wilson score), for one retriever's recall on `n` queries. */
export function wilsonInterval(share: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 0 };
  const z2 = Z95 * Z95;
  const centre = (share + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
