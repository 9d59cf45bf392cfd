/**
 * EXACT token counts for a tools array, from the provider's own count-tokens endpoint through its official SDK.
 * The tools' share is the count of a one-character request with the tools minus the same request without them,
 * so it includes every hidden tool prompt and framing token the provider adds. Needs the provider's key. Each
 * provider's call is its module's `countTokens` (`providers/<p>/count-tokens.ts`).
 */
import { ExactCountUnavailableError } from "../cost/cost-errors.js";
import type { ExactCounter, ExactToolsetTokens } from "../cost/exact-counter.js";
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

export type { ExactCounter, ExactToolsetTokens };

/** What an exact counter is made for. */
export interface ExactCounterOptions {
  wire: string;
  model: string;
  env: Env;
  /** For tests and proxies. */
  fetch?: typeof fetch;
}

/**
 * A counter for `wire`'s provider; the request without tools is made once and reused. Throws an
 * `ExactCountUnavailableError` naming the key variable when it is not set, or saying why the wire has no exact
 * count.
 */
export async function createExactCounter(options: ExactCounterOptions): Promise<ExactCounter> {
  const counting = countTokensOf(options.wire);
  if (counting === undefined || !counting.supported) {
    throw new ExactCountUnavailableError(options.wire, {
      reason: (exactSupportFor(options.wire) as { reason: string }).reason,
    });
  }
  if ((options.env[counting.variable] ?? "").trim() === "") {
    throw new ExactCountUnavailableError(options.wire, { variable: counting.variable });
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
