import { SwitchboardError } from "../errors.js";
import type { ModelPrice } from "./price-table.js";

/**
 * What tool definitions cost, as pure arithmetic on unrounded numbers. Nothing here rounds: a monthly figure is
 * exactly the per-request figure times the request count, so `$0.00234 × 200,000 = $468.00`, never the
 * `$0.0023 × 200,000 = $460` a rounded intermediate would give. Round only in `format-money.ts`, for display.
 */

export type CacheTtl = "5m" | "1h";

/** Prices in USD per 1M tokens. */
export interface CostPricing {
  input: number;
  /** Absent when the model's cached-read price is unknown: caching is then not modelled. */
  cache?: { write: number; read: number };
}

export interface CostOptions {
  requestsPerMonth: number;
  /** Turns (requests) per conversation; the definitions are sent, and paid, on every one. */
  turns: number;
  /** The model's minimum cacheable prefix; below it nothing is cached. */
  cacheMinimumTokens?: number;
  /**
   * The prefix the minimum applies to, when `tokens` is only a share of it (one server's part of a request).
   * Defaults to `tokens`.
   */
  prefixTokens?: number;
}

export interface CachedCost {
  /** False when the prefix is below the model's minimum: every turn pays full price. */
  applies: boolean;
  reason?: string;
  /** Per conversation: tokens written to the cache on the first turn. */
  writeTokens: number;
  /** Per conversation: tokens read from the cache on turns 2..k. */
  readTokens: number;
  perConversation: number;
  /** Average over the conversation's turns. */
  perRequest: number;
  perMonth: number;
}

export interface CostFigures {
  tokens: number;
  perRequest: number;
  perMonth: number;
  conversationTokens: number;
  perConversation: number;
  /** With prompt caching; absent when the model's cache prices are unknown. */
  cached?: CachedCost;
}

/** Dollars for `tokens` at `pricePerMillion` USD per 1M tokens. */
export function dollars(tokens: number, pricePerMillion: number): number {
  return (tokens * pricePerMillion) / 1_000_000;
}

/** The prices the cost model needs from a price row: input, and cache write/read at the chosen TTL. */
export function pricingOf(
  price: Pick<ModelPrice, "input" | "cacheWrite" | "cacheWrite1h" | "cacheRead">,
  ttl: CacheTtl = "5m",
): CostPricing {
  if (price.cacheRead === undefined) return { input: price.input };
  const write = (ttl === "1h" ? (price.cacheWrite1h ?? price.cacheWrite) : price.cacheWrite) ?? price.input;
  return { input: price.input, cache: { write, read: price.cacheRead } };
}

/**
 * The cost of sending `tokens` of tool definitions with every request: per request, per month of
 * `requestsPerMonth` requests, per `turns`-turn conversation, and with caching: the first turn writes the prefix
 * at the write price, turns 2..k read it at the read price. Each conversation is assumed to write its own cache
 * (conservative: a cache kept warm across conversations would read more).
 */
export function costOf(tokens: number, pricing: CostPricing, options: CostOptions): CostFigures {
  if (!Number.isInteger(options.turns) || options.turns < 1) {
    throw new SwitchboardError("USAGE", `turns must be a whole number >= 1, got ${options.turns}`);
  }
  if (!(options.requestsPerMonth >= 0) || !(tokens >= 0)) {
    throw new SwitchboardError("USAGE", "tokens and requests per month must be numbers >= 0");
  }
  const perRequest = dollars(tokens, pricing.input);
  const figures: CostFigures = {
    tokens,
    perRequest,
    perMonth: perRequest * options.requestsPerMonth,
    conversationTokens: tokens * options.turns,
    perConversation: perRequest * options.turns,
  };
  if (pricing.cache === undefined) return figures;
  const prefix = options.prefixTokens ?? tokens;
  const minimum = options.cacheMinimumTokens ?? 0;
  if (prefix < minimum) {
    return {
      ...figures,
      cached: {
        applies: false,
        reason: `the prefix (${Math.round(prefix)} tokens) is below the model's minimum cacheable length (${minimum})`,
        writeTokens: 0,
        readTokens: 0,
        perConversation: figures.perConversation,
        perRequest: figures.perRequest,
        perMonth: figures.perMonth,
      },
    };
  }
  const perConversation =
    dollars(tokens, pricing.cache.write) + (options.turns - 1) * dollars(tokens, pricing.cache.read);
  const perCachedRequest = perConversation / options.turns;
  return {
    ...figures,
    cached: {
      applies: true,
      writeTokens: tokens,
      readTokens: tokens * (options.turns - 1),
      perConversation,
      perRequest: perCachedRequest,
      perMonth: perCachedRequest * options.requestsPerMonth,
    },
  };
}
