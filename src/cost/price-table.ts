import { typeName } from "../config/describe-value.js";
import { formatJsonPath } from "../config/json-path.js";
import { ConfigError, type ConfigIssue } from "../errors.js";
import { lookupModel } from "./model-lookup.js";
import data from "./prices.json" with { type: "json" };

/** One model's list prices, USD per 1M tokens, with when and where they were read. */
export interface ModelPrice {
  provider: string;
  input: number;
  output: number;
  /** Writing the prompt cache at the provider's default TTL (Anthropic: 5 minutes). Absent: billed as input. */
  cacheWrite?: number;
  /** Anthropic's 1-hour TTL write price. */
  cacheWrite1h?: number;
  /** Reading a cached prefix. Absent: caching is not priced for this model. */
  cacheRead?: number;
  /** Prices for prompts above `aboveTokens` (Gemini 2.5 Pro, Claude Haiku 5.5). */
  longContext?: { aboveTokens: number; input: number; output: number };
  /** ISO date the price was read. */
  checkedOn: string;
  source: string;
}

export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** A config entry: any subset of a price; a model not in the table needs at least `input` and `output`. */
export type PriceOverride = Partial<ModelPrice>;
export type PriceOverrides = Readonly<Record<string, PriceOverride>>;

const NUMBER_FIELDS = ["input", "output", "cacheWrite", "cacheWrite1h", "cacheRead"] as const;
const TEXT_FIELDS = ["provider", "checkedOn", "source"] as const;
const KNOWN_FIELDS = new Set<string>([...NUMBER_FIELDS, ...TEXT_FIELDS, "longContext"]);

/** The bundled table (`cost/prices.json`), checked when this module loads. */
export const PRICES: PriceTable = parsePriceTable(data.models, "src/cost/prices.json");

/** The price row for `model` (exact id or a dated variant), with the table key it matched. */
export function priceFor(
  model: string,
  table: PriceTable = PRICES,
): { model: string; price: ModelPrice } | undefined {
  const found = lookupModel(table, model);
  return found === undefined ? undefined : { model: found.key, price: found.value };
}

/**
 * The table with `overrides` merged in, field by field: an override of a listed model keeps the fields it does
 * not name; a new model must name `input` and `output`. An overridden row's `source` says it came from `file`
 * unless the override gives its own. Throws a ConfigError naming the JSON path of every bad value.
 */
export function withPriceOverrides(
  table: PriceTable,
  overrides: PriceOverrides,
  file = "<inline>",
  basePath: readonly string[] = ["prices"],
): PriceTable {
  const merged: Record<string, ModelPrice> = { ...table };
  const issues: ConfigIssue[] = [];
  for (const [model, override] of Object.entries(overrides)) {
    const path = [...basePath, model];
    if (!isRecord(override)) {
      issues.push({
        path: formatJsonPath(path),
        message: `expected an object of prices, got ${typeName(override)}`,
      });
      continue;
    }
    const base = Object.hasOwn(table, model) ? table[model] : undefined;
    const candidate: Record<string, unknown> = {
      ...(base ?? { provider: "other" }),
      checkedOn: base?.checkedOn ?? "unknown",
      ...override,
      source:
        typeof override.source === "string"
          ? override.source
          : `${file} (overrides ${Object.keys(override).join(", ")}${base === undefined ? "" : ` of: ${base.source}`})`,
    };
    const price = checkPrice(candidate, path, issues);
    if (price !== undefined) merged[model] = price;
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
  return merged;
}

function parsePriceTable(value: unknown, file: string): PriceTable {
  const issues: ConfigIssue[] = [];
  const table: Record<string, ModelPrice> = {};
  if (!isRecord(value))
    throw new ConfigError(file, [{ path: "$.models", message: "expected an object of models" }]);
  for (const [model, entry] of Object.entries(value)) {
    const price = checkPrice(entry, ["models", model], issues);
    if (price !== undefined) table[model] = price;
  }
  if (issues.length > 0) throw new ConfigError(file, issues);
  return table;
}

function checkPrice(value: unknown, path: readonly string[], issues: ConfigIssue[]): ModelPrice | undefined {
  const at = (key?: string) => formatJsonPath(key === undefined ? path : [...path, key]);
  if (!isRecord(value)) {
    issues.push({ path: at(), message: `expected an object of prices, got ${typeName(value)}` });
    return undefined;
  }
  const before = issues.length;
  for (const key of Object.keys(value)) {
    if (!KNOWN_FIELDS.has(key)) {
      issues.push({
        path: at(key),
        message: `unknown price field; expected one of: ${[...KNOWN_FIELDS].join(", ")}`,
      });
    }
  }
  for (const key of NUMBER_FIELDS) {
    const field = value[key];
    const required = key === "input" || key === "output";
    if (field === undefined && !required) continue;
    if (!isPrice(field)) {
      issues.push({
        path: at(key),
        message: `expected a price in USD per 1M tokens (a number >= 0), got ${describeNumber(field)}`,
      });
    }
  }
  for (const key of TEXT_FIELDS) {
    if (typeof value[key] !== "string") {
      issues.push({ path: at(key), message: `expected a string, got ${typeName(value[key])}` });
    }
  }
  const long = value.longContext;
  if (
    long !== undefined &&
    !(isRecord(long) && isPrice(long.aboveTokens) && isPrice(long.input) && isPrice(long.output))
  ) {
    issues.push({
      path: at("longContext"),
      message: "expected { aboveTokens, input, output } with numbers >= 0",
    });
  }
  return issues.length === before ? (value as unknown as ModelPrice) : undefined;
}

function isPrice(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Prices are not secrets, so a bad number may be shown; anything else is named by type. */
function describeNumber(value: unknown): string {
  if (value === undefined) return "nothing";
  return typeof value === "number" ? String(value) : typeName(value);
}
