import { SwitchboardError } from "../errors.js";

/**
 * What is wrong with the numbers a cost calculation was given:
 * - `tokens-and-per-tool`: both a whole-array token count and a per-tool count;
 * - `tokens-missing`: neither a whole-array count nor both of tools and tokens per tool;
 * - `price-missing`: no input price and no model to look one up;
 * - `model-unpriced`: the model is not in the price table (`model` says which).
 */
export type CostInputProblem = "tokens-and-per-tool" | "tokens-missing" | "price-missing" | "model-unpriced";

const MESSAGES: Readonly<Record<CostInputProblem, string>> = {
  "tokens-and-per-tool": "Give either a whole-array token count, or tools with tokens per tool, not both",
  "tokens-missing": "Needs tools and tokens per tool (or a token count for the whole array)",
  "price-missing": "Needs an input price (USD per 1M input tokens) or a model to price",
  "model-unpriced": "No price for the model",
};

/** A cost calculation's input is incomplete or contradictory; `problem` says how (code `COST_INPUT`). */
export class CostInputError extends SwitchboardError {
  override name = "CostInputError";
  readonly problem: CostInputProblem;
  /** The model without a price, for `model-unpriced`. */
  readonly model: string | undefined;

  constructor(problem: CostInputProblem, options: { model?: string; cause?: unknown } = {}) {
    super(
      "COST_INPUT",
      options.model === undefined ? MESSAGES[problem] : `${MESSAGES[problem]} "${options.model}"`,
      options,
    );
    this.problem = problem;
    this.model = options.model;
  }
}

/**
 * Exact token counting cannot start: the wire format has no count-tokens endpoint (`reason` says why), or the
 * provider's key is not set (`variable` names it). Code `EXACT_COUNT_UNAVAILABLE`.
 */
export class ExactCountUnavailableError extends SwitchboardError {
  override name = "ExactCountUnavailableError";
  readonly wire: string;
  /** Why the wire has no exact count, when that is the problem. */
  readonly reason: string | undefined;
  /** The environment variable that must hold the key, when it is missing. */
  readonly variable: string | undefined;

  constructor(wire: string, problem: { reason: string } | { variable: string }) {
    super(
      "EXACT_COUNT_UNAVAILABLE",
      "reason" in problem
        ? problem.reason
        : `exact counting needs ${problem.variable} (it asks the provider to count tokens)`,
    );
    this.wire = wire;
    this.reason = "reason" in problem ? problem.reason : undefined;
    this.variable = "variable" in problem ? problem.variable : undefined;
  }
}
