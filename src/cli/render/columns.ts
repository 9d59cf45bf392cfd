/**
 * Columns the command tables share, so a token or dollar figure reads the same in `cost`, `inspect` and
 * `usage`: right-aligned, `≈` on estimated tokens, `-` where there is no figure.
 */
import type { CostFigures } from "../../cost/cost-model.js";
import { formatMoney, formatTokens } from "../../cost/format-money.js";
import type { Column } from "../render-table.js";

/** A right-aligned column of `value`. */
export function right<Row>(header: string, value: (row: Row) => string): Column<Row> {
  return { header, value, align: "right" };
}

/** A right-aligned count (`String(n)`). */
export function countColumn<Row>(header: string, count: (row: Row) => number): Column<Row> {
  return right(header, (row) => String(count(row)));
}

/** Token counts; `estimated` marks each with `≈`; an undefined count shows as `-`. */
export function tokensColumn<Row>(
  tokens: (row: Row) => number | undefined,
  options: { header?: string; estimated?: boolean } = {},
): Column<Row> {
  return right(options.header ?? "tokens", (row) => {
    const value = tokens(row);
    return value === undefined ? "-" : formatTokens(value, options.estimated === true);
  });
}

/** `$/request` and `$/month` of each row's cost. */
export function perRequestColumns<Row>(cost: (row: Row) => CostFigures): Column<Row>[] {
  return [
    right("$/request", (row) => formatMoney(cost(row).perRequest)),
    right("$/month", (row) => formatMoney(cost(row).perMonth)),
  ];
}

/**
 * The five dollar columns of a priced array: per request, per month, per `turns`-turn conversation, and the
 * last two with prompt caching (`-` when the cache prices are unknown).
 */
export function moneyColumns<Row>(cost: (row: Row) => CostFigures, turns: number): Column<Row>[] {
  const cached = (row: Row, pick: "perConversation" | "perMonth") => {
    const figures = cost(row).cached;
    return figures === undefined ? "-" : formatMoney(figures[pick]);
  };
  return [
    ...perRequestColumns(cost),
    right(`$/${turns}-turn conv`, (row) => formatMoney(cost(row).perConversation)),
    right(`cached $/${turns}-turn`, (row) => cached(row, "perConversation")),
    right("cached $/month", (row) => cached(row, "perMonth")),
  ];
}
