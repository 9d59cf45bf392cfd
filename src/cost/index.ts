/** Cost layer: token estimates for tools arrays, dated prices and overheads, and the cost arithmetic. */
export type { CacheMinimum } from "./cache-rules.js";
export { ANTHROPIC_CACHE_MULTIPLIERS, CACHE_RULES_CHECKED_ON, cacheMinimumFor } from "./cache-rules.js";
export { COST_CSV_COLUMNS, costReportCsv, whatIfCsv } from "./cost-csv.js";
export type { CachedCost, CacheTtl, CostFigures, CostOptions, CostPricing } from "./cost-model.js";
export { costOf, dollars, pricingOf } from "./cost-model.js";
export type {
  AlternativeId,
  AlternativeInput,
  AlternativeRow,
  CostReport,
  CostReportInput,
  PriceUsed,
  Sendability,
  ServerCostRow,
  ToolCostRow,
} from "./cost-report.js";
export { buildCostReport } from "./cost-report.js";
export { DEFAULT_MODELS, defaultModelFor } from "./default-models.js";
export type {
  ServerTokenEstimate,
  ToolsetLike,
  ToolsetTokenEstimate,
  ToolTokenEstimate,
} from "./estimate-tokens.js";
export { countTextTokens, estimateToolsetTokens, familyOfWire } from "./estimate-tokens.js";
export { FACADE_NOTE, FACADE_SERVER, FACADE_TOOLS } from "./facade-definition.js";
export { formatCount, formatMoney, formatRate, formatTokens } from "./format-money.js";
export type { OverheadPart, Overheads, ProviderFamily, ToolChoice } from "./overheads.js";
export {
  ANTHROPIC_NEW_TOKENIZER,
  ANTHROPIC_TOOL_PROMPT,
  GEMINI_OVERHEAD,
  OPENAI_FUNCTION_FRAMING,
  OVERHEADS_CHECKED_ON,
  overheadsFor,
} from "./overheads.js";
export type { ModelPrice, PriceOverride, PriceOverrides, PriceTable } from "./price-table.js";
export { PRICES, priceFor, withPriceOverrides } from "./price-table.js";
export { resolvePrice } from "./resolve-price.js";
export type { WhatIfInput, WhatIfReport } from "./what-if.js";
export { whatIf } from "./what-if.js";
