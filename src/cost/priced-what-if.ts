import { cacheMinimumFor } from "./cache-rules.js";
import { CostInputError } from "./cost-errors.js";
import { type CacheTtl, pricingOf } from "./cost-model.js";
import type { ProviderFamily } from "./overheads.js";
import { PRICES, type PriceTable } from "./price-table.js";
import { resolvePrice } from "./resolve-price.js";
import { type WhatIfReport, whatIf } from "./what-if.js";

/** What-if numbers plus where the price comes from: the user's input price, a model's table row, or both. */
export interface PricedWhatIfInput {
  tools?: number;
  tokensPerTool?: number;
  tokens?: number;
  requestsPerMonth: number;
  turns: number;
  /** USD per 1M input tokens; with `model`, it replaces the row's input price and scales its cache prices. */
  inputPrice?: number;
  /** A model whose table row gives the input and cache prices and the minimum cacheable prefix. */
  model?: string;
  /** Default: the dated table shipped with switchboard. */
  prices?: PriceTable;
  /** Default `5m`. */
  cacheTtl?: CacheTtl;
  /** The `checkedOn` date of a price the user gave (YYYY-MM-DD). */
  today: string;
  /** Names the user's input price in the price row's source (see `resolvePrice`). */
  inputPriceLabel?: string;
}

/**
 * What-if arithmetic priced from a model's row when one is named (its cache prices and minimum apply), else
 * from the input price alone with the assumed cache multipliers. Throws a `CostInputError` when there is no
 * price (`price-missing`), the model is not in the table (`model-unpriced`) or the token numbers do not add up.
 */
export function pricedWhatIf(input: PricedWhatIfInput): WhatIfReport {
  const base = {
    ...(input.tools === undefined ? {} : { tools: input.tools }),
    ...(input.tokensPerTool === undefined ? {} : { tokensPerTool: input.tokensPerTool }),
    ...(input.tokens === undefined ? {} : { tokens: input.tokens }),
    requestsPerMonth: input.requestsPerMonth,
    turns: input.turns,
  };
  if (input.model === undefined) {
    if (input.inputPrice === undefined) throw new CostInputError("price-missing");
    return whatIf({ ...base, price: input.inputPrice });
  }
  const price = resolvePrice(
    input.model,
    input.prices ?? PRICES,
    input.inputPrice,
    input.today,
    ...(input.inputPriceLabel === undefined ? [] : [input.inputPriceLabel]),
  );
  if (price === undefined) throw new CostInputError("model-unpriced", { model: input.model });
  const pricing = pricingOf(price, input.cacheTtl ?? "5m");
  const family = familyOfProvider(price.provider);
  const minimum = family === undefined ? undefined : cacheMinimumFor(family, input.model);
  return whatIf({
    ...base,
    price: price.input,
    ...(pricing.cache === undefined
      ? {}
      : {
          cache: { ...pricing.cache, source: `${price.model}: ${price.source}, checked ${price.checkedOn}` },
        }),
    ...(minimum === undefined ? {} : { cacheMinimumTokens: minimum.tokens }),
  });
}

/** The provider family of a price row's `provider`, when it is one switchboard knows the cache rules of. */
export function familyOfProvider(provider: string): ProviderFamily | undefined {
  return provider === "anthropic" || provider === "openai" || provider === "gemini" ? provider : undefined;
}
