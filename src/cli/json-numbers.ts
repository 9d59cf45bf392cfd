/**
 * JSON for reports a person or a script reads: numbers rounded to what they mean. Token counts are estimates made
 * of scaled sums (`2018.9000000000003`), so any key naming tokens (or a token `estimate`) is an integer; every other fraction (dollars,
 * shares, factors) keeps 6 decimals, a millionth of a dollar being below any price a provider bills.
 */
export function reportJson(value: unknown): string {
  return JSON.stringify(value, roundNumbers, 2);
}

function roundNumbers(this: unknown, key: string, value: unknown): unknown {
  if (typeof value !== "number" || !Number.isFinite(value) || Number.isInteger(value)) return value;
  if (/tokens$/i.test(key) || key === "estimate") return Math.round(value);
  return Math.round(value * 1_000_000) / 1_000_000;
}
