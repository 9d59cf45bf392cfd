import { ANTHROPIC_CACHE_MULTIPLIERS } from "./cache-rules.js";
import { CostInputError } from "./cost-errors.js";
import { type CostFigures, costOf } from "./cost-model.js";

/**
 * What-if mode: the cost arithmetic on numbers the user gives, with no servers and no estimates. Either
 * `tools` × `tokensPerTool`, or `tokens` for the whole array (a `CostInputError` otherwise).
 */
export interface WhatIfInput {
  tools?: number;
  tokensPerTool?: number;
  tokens?: number;
  /** USD per 1M input tokens. */
  price: number;
  requestsPerMonth: number;
  turns: number;
  /** Cache prices, USD per 1M; default: Anthropic's 5-minute multipliers on `price`. */
  cache?: { write: number; read: number; source: string };
  cacheMinimumTokens?: number;
}

/** The what-if arithmetic and the numbers it was done on; `estimate: false` because nothing was estimated. */
export interface WhatIfReport {
  mode: "what-if";
  /** The inputs are the user's own numbers, not estimates. */
  estimate: false;
  tools?: number;
  tokensPerTool?: number;
  /** Tokens of tool definitions per request. */
  tokens: number;
  price: number;
  requestsPerMonth: number;
  turns: number;
  cache: { write: number; read: number; source: string; minimumTokens?: number };
  cost: CostFigures;
}

/** Prices the user's own token numbers per request, per month, per conversation and with prompt caching. */
export function whatIf(input: WhatIfInput): WhatIfReport {
  const tokens = tokensOf(input);
  const cache = input.cache ?? assumedCache(input.price);
  const cost = costOf(
    tokens,
    { input: input.price, cache: { write: cache.write, read: cache.read } },
    {
      requestsPerMonth: input.requestsPerMonth,
      turns: input.turns,
      ...(input.cacheMinimumTokens === undefined ? {} : { cacheMinimumTokens: input.cacheMinimumTokens }),
    },
  );
  return {
    mode: "what-if",
    estimate: false,
    ...(input.tools === undefined ? {} : { tools: input.tools }),
    ...(input.tokensPerTool === undefined ? {} : { tokensPerTool: input.tokensPerTool }),
    tokens,
    price: input.price,
    requestsPerMonth: input.requestsPerMonth,
    turns: input.turns,
    cache: {
      ...cache,
      ...(input.cacheMinimumTokens === undefined ? {} : { minimumTokens: input.cacheMinimumTokens }),
    },
    cost,
  };
}

/** The cache prices what-if mode assumes without a model: Anthropic's 5-minute multipliers on `price`. */
export function assumedCache(price: number): { write: number; read: number; source: string } {
  return {
    write: price * ANTHROPIC_CACHE_MULTIPLIERS.write5m,
    read: price * ANTHROPIC_CACHE_MULTIPLIERS.read,
    source: `assumed: Anthropic's 5-minute cache, write ×${ANTHROPIC_CACHE_MULTIPLIERS.write5m} and read ×${ANTHROPIC_CACHE_MULTIPLIERS.read} of the input price, no minimum length (${ANTHROPIC_CACHE_MULTIPLIERS.source})`,
  };
}

function tokensOf(input: WhatIfInput): number {
  const perTool = input.tools !== undefined || input.tokensPerTool !== undefined;
  if (input.tokens !== undefined) {
    if (perTool) throw new CostInputError("tokens-and-per-tool");
    return input.tokens;
  }
  if (input.tools === undefined || input.tokensPerTool === undefined)
    throw new CostInputError("tokens-missing");
  return input.tools * input.tokensPerTool;
}
