/**
 * Display rounding, the only rounding the cost layer does. The rules:
 *
 * 1. |v| >= $1: two decimals with thousands separators: `$468.00`, `$3,120.00`.
 * 2. 0 < |v| < $1: at least four decimals and at least two significant digits, so small per-request figures
 *    keep their meaning: `$0.0156`, `$0.00234` → `$0.0023`, `$0.0000234` → `$0.000023`.
 * 3. Zero is `$0.00`; a negative amount is `-` before the formatted magnitude.
 * 4. A value that reaches $1 only by rounding (`$0.99996`) is formatted by rule 1 (`$1.00`).
 *
 * Rounding is `toFixed`'s: round half away from zero on the exact binary value.
 */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot format ${value} as money`);
  if (value < 0) return `-${formatMoney(-value)}`;
  if (value === 0) return "$0.00";
  if (value < 1) {
    const decimals = Math.max(4, 1 - Math.floor(Math.log10(value)));
    const text = value.toFixed(decimals);
    if (Number(text) < 1) return `$${text}`;
  }
  const [whole = "0", cents = "00"] = value.toFixed(2).split(".");
  return `$${groupThousands(whole)}.${cents}`;
}

/** A token count for display: whole tokens, thousands separators, `≈` before an estimate. */
export function formatTokens(tokens: number, estimate = false): string {
  const text = groupThousands(String(Math.round(Math.abs(tokens))));
  return `${estimate ? "≈" : ""}${tokens < 0 ? "-" : ""}${text}`;
}

/** A whole count with thousands separators: `200,000`. */
export function formatCount(count: number): string {
  return groupThousands(String(Math.round(count)));
}

/** A price per 1M tokens as given, without trailing zeros: `$3/M`, `$0.3/M`, `$1.25/M`. */
export function formatRate(pricePerMillion: number): string {
  return `$${Number(pricePerMillion.toFixed(6))}/M`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
