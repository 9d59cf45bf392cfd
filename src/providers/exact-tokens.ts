/**
 * EXACT token counts for a tools array, from the provider's own count-tokens endpoint through its official SDK.
 * The tools' share is the count of a one-character request with the tools minus the same request without them,
 * so it includes every hidden tool prompt and framing token the provider adds. Needs the provider's key. Each
 * provider's call is its module's `countTokens` (`providers/<p>/count-tokens.ts`).
 */
import { SwitchboardError } from "../errors.js";
import type { CountTokensSupport } from "./provider-module.js";
import { providerModules } from "./registry.js";

type Env = Readonly<Record<string, string | undefined>>;

/** The one-message request both counts share; only the tools differ. */
const PROBE = ".";

/** Whether a wire shape's provider counts a tools array exactly, and the variable holding its key. */
export type ExactSupport = { supported: true; variable: string } | { supported: false; reason: string };

/** Whether `wire`'s provider counts a tools array exactly (any string: an unknown wire is unsupported). */
export function exactSupportFor(wire: string): ExactSupport {
  const support = countTokensOf(wire);
  if (support === undefined)
    return { supported: false, reason: `exact counting is not supported for ${wire}` };
  return support.supported ? { supported: true, variable: support.variable } : support;
}

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

/** What an exact counter is made for. */
export interface ExactCounterOptions {
  wire: string;
  model: string;
  env: Env;
  /** For tests and proxies. */
  fetch?: typeof fetch;
}

/**
 * A counter for `wire`'s provider; the request without tools is made once and reused. Throws a `USAGE` error
 * naming the key variable when it is not set, or saying why the wire has no exact count.
 */
export async function createExactCounter(options: ExactCounterOptions): Promise<ExactCounter> {
  const counting = countTokensOf(options.wire);
  if (counting === undefined || !counting.supported) {
    throw new SwitchboardError(
      "USAGE",
      `--exact: ${(exactSupportFor(options.wire) as { reason: string }).reason}`,
    );
  }
  if ((options.env[counting.variable] ?? "").trim() === "") {
    throw new SwitchboardError(
      "USAGE",
      `--exact needs ${counting.variable} (it asks the provider to count tokens): export it, or drop --exact`,
    );
  }
  const countOnce = await counting.counter({
    model: options.model,
    probe: PROBE,
    env: options.env,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  let baseline: Promise<number> | undefined;
  return {
    source: counting.source,
    async count(tools) {
      baseline ??= countOnce(undefined);
      const withoutTools = await baseline;
      const withTools = tools.length === 0 ? withoutTools : await countOnce(tools);
      return { exact: true, withTools, withoutTools, total: withTools - withoutTools };
    },
  };
}

function countTokensOf(wire: string): CountTokensSupport | undefined {
  return providerModules().find((module) => module.id === wire)?.countTokens;
}
