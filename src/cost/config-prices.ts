import { PRICES, type PriceOverrides, type PriceTable, withPriceOverrides } from "./price-table.js";

/**
 * The price table a configuration prices with: the shipped dated table, with the config's `prices` entries
 * laid over it. The config schema checks only the shape (model → object); `withPriceOverrides` checks every
 * field and names a bad one with the config file.
 */
export function priceTableOf(config: { prices?: unknown; file?: string } | undefined): PriceTable {
  const overrides = config?.prices as PriceOverrides | undefined;
  return overrides === undefined ? PRICES : withPriceOverrides(PRICES, overrides, config?.file);
}
