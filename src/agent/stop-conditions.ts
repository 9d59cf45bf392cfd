/**
 * When a run must stop for cost: token budgets as pure checks, plus a hook for budgets the loop cannot compute
 * itself (a dollar budget needs a price table; it plugs in through `check`).
 */
import type { TokenUsage } from "../spec/model-adapter.js";

export interface BudgetState {
  /** Totals over every request of the run so far. */
  usage: TokenUsage;
  /** Model requests made. */
  turns: number;
  provider: string;
  model: string;
}

/** Token limits for a run: `runAgent` stops with `budget` once the totals over its requests pass one. */
export interface TokenBudget {
  /** Sum of every request's `inputTokens` (cached tokens included). */
  maxInputTokens?: number;
  maxOutputTokens?: number;
  /** Input plus output. */
  maxTotalTokens?: number;
  /** Any other limit (dollars from a price table, a quota): return why the run must stop, or undefined. */
  check?: (state: BudgetState) => string | undefined;
}

export const ZERO_USAGE: Readonly<TokenUsage> = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}

/** Why the budget is spent, or undefined while it is not. A limit is exceeded when the total goes past it. */
export function budgetExceeded(budget: TokenBudget | undefined, state: BudgetState): string | undefined {
  if (budget === undefined) return undefined;
  const { usage } = state;
  const total = usage.inputTokens + usage.outputTokens;
  if (budget.maxInputTokens !== undefined && usage.inputTokens > budget.maxInputTokens) {
    return `input tokens ${usage.inputTokens} exceed maxInputTokens ${budget.maxInputTokens}`;
  }
  if (budget.maxOutputTokens !== undefined && usage.outputTokens > budget.maxOutputTokens) {
    return `output tokens ${usage.outputTokens} exceed maxOutputTokens ${budget.maxOutputTokens}`;
  }
  if (budget.maxTotalTokens !== undefined && total > budget.maxTotalTokens) {
    return `total tokens ${total} exceed maxTotalTokens ${budget.maxTotalTokens}`;
  }
  return budget.check?.(state);
}
