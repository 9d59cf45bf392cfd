/**
 * `switchboard cost`'s flags: parsing their text, and saying which flag fixes a library error. The library
 * reports what is wrong in its own terms (`CostInputError.problem`, `ExactCountUnavailableError`); the CLI
 * alone knows the flags.
 */
import { CostInputError, ExactCountUnavailableError } from "../cost/cost-errors.js";
import { isSwitchboardError, SwitchboardError } from "../errors.js";

/** A whole number flag (`1,000` and `1_000` read as 1000), `fallback` when absent; below `min` is a USAGE error. */
export function parseWhole(flag: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const digits = value.replace(/[,_]/g, "");
  const parsed = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min) {
    throw new SwitchboardError("USAGE", `${flag} expects a whole number >= ${min}, got "${value}"`);
  }
  return parsed;
}

/** `--price`: USD per 1M input tokens, a leading `$` allowed. */
export function parsePrice(value: string): number {
  const text = value.replace(/^\$/, "");
  const parsed = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(parsed)) {
    throw new SwitchboardError(
      "USAGE",
      `--price expects USD per 1M input tokens, e.g. 3 or 0.25, got "${value}"`,
    );
  }
  return parsed;
}

/** Appended to the assumed cache's source in what-if mode without `--model`. */
export const MODEL_HINT = "--model uses a model's own prices and minimum";

/**
 * The USAGE error naming the flags that fix a cost library error, or `error` itself when it is not one. The
 * original stays the `cause`.
 */
export function withCostFlagHint(error: unknown): unknown {
  if (!isSwitchboardError(error)) return error;
  const message = hintFor(error);
  return message === undefined ? error : new SwitchboardError("USAGE", message, { cause: error });
}

function hintFor(error: SwitchboardError): string | undefined {
  if (error instanceof CostInputError) {
    switch (error.problem) {
      case "tokens-and-per-tool":
        return "Give either --tokens, or --tools with --tokens-per-tool, not both";
      case "tokens-missing":
        return "What-if mode needs --tools and --tokens-per-tool (or --tokens for the whole array)";
      case "price-missing":
        return "What-if mode needs --price (USD per 1M input tokens) or --model";
      case "model-unpriced":
        return `No price for model "${error.model}"; pass --price`;
    }
  }
  if (error instanceof ExactCountUnavailableError) {
    return error.variable === undefined
      ? `--exact: ${error.reason}`
      : `--exact needs ${error.variable} (it asks the provider to count tokens): export it, or drop --exact`;
  }
  return undefined;
}
