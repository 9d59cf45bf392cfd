/**
 * What an exact token counter gives (a provider's count-tokens endpoint, made in `providers/exact-tokens.ts`):
 * declared here so the cost report can price exact counts without importing the provider folders.
 */

/** The count of a tools array: with, without, and the difference. */
export interface ExactToolsetTokens {
  exact: true;
  /** Input tokens of the probe request with the tools. */
  withTools: number;
  /** Input tokens of the same request without tools. */
  withoutTools: number;
  /** `withTools - withoutTools`: what the tools array costs in one request's input. */
  total: number;
}

/** Counts tools arrays against one provider and model. */
export interface ExactCounter {
  /** The endpoint asked, for the report ("anthropic count_tokens"). */
  source: string;
  count(tools: readonly unknown[]): Promise<ExactToolsetTokens>;
}
