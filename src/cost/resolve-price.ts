import type { PriceUsed } from "./cost-report.js";
import { type PriceTable, priceFor } from "./price-table.js";

/**
 * The price to use for `model`: its table row, or, with `inputPrice` (the user's own, USD per 1M input
 * tokens), that input price with the row's cache prices scaled by the same ratio so the provider's cache
 * multipliers still hold. An unknown model with `inputPrice` is priced for input only. Undefined when neither
 * the table nor the user gives a price. `inputPriceLabel` names where `inputPrice` came from in the row's
 * `source` (a command line says which flag).
 */
export function resolvePrice(
  model: string,
  table: PriceTable,
  inputPrice: number | undefined,
  today: string,
  inputPriceLabel = "the given input price",
): PriceUsed | undefined {
  const found = priceFor(model, table);
  if (found === undefined) {
    if (inputPrice === undefined) return undefined;
    return {
      model,
      provider: "unknown",
      input: inputPrice,
      checkedOn: today,
      source: `${inputPriceLabel} (input only)`,
    };
  }
  const row: PriceUsed = { ...found.price, model: found.model };
  if (inputPrice === undefined) return row;
  const scale = (value: number | undefined) =>
    value === undefined || row.input === 0 ? value : (value * inputPrice) / row.input;
  const cacheWrite = scale(row.cacheWrite);
  const cacheWrite1h = scale(row.cacheWrite1h);
  const cacheRead = scale(row.cacheRead);
  const { output: _output, longContext: _long, ...rest } = row;
  return {
    ...rest,
    input: inputPrice,
    ...(cacheWrite === undefined ? {} : { cacheWrite }),
    ...(cacheWrite1h === undefined ? {} : { cacheWrite1h }),
    ...(cacheRead === undefined ? {} : { cacheRead }),
    checkedOn: today,
    source: `${inputPriceLabel}; cache prices scaled from ${found.model}'s row (${row.source}, checked ${row.checkedOn})`,
  };
}
