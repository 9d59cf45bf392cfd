/**
 * When a `list_changed` reaches the model. `next-turn` (default): the next request carries the new tools, which
 * rewrites the cached prefix. `next-conversation`: the array is frozen at its first build for the rest of the
 * conversation, so the prefix stays byte for byte in the cache; a tool removed meanwhile is still offered and
 * dispatch answers a call to it with a stale-tool error result (it checks the live catalogue, not the array).
 */
import { SwitchboardError } from "../errors.js";

/** When a `list_changed` reaches the model: at the next turn, or only at the next conversation (keeps the cache). */
export type ListChangedPolicy = "next-turn" | "next-conversation";

export const LIST_CHANGED_POLICIES: readonly ListChangedPolicy[] = ["next-turn", "next-conversation"];

export function parseListChangedPolicy(value: string): ListChangedPolicy {
  const found = LIST_CHANGED_POLICIES.find((policy) => policy === value);
  if (found !== undefined) return found;
  throw new SwitchboardError(
    "USAGE",
    `Unknown listChanged policy "${value}"; expected one of: ${LIST_CHANGED_POLICIES.join(", ")}`,
  );
}

/** What the `listChanged` tools policy may wait for before each request: `settle`, a re-list already under way. */
export interface ListChangedPolicyOptions {
  /**
   * With `next-conversation`: waited for before each request (`catalog.settled`), so a re-list already under way
   * lands in the catalogue dispatch checks, and a call to a tool removed meanwhile is answered as stale instead
   * of reaching a server that no longer has it.
   */
  settle?: () => Promise<void> | undefined;
}

/**
 * `build` under `policy`. The wrapper is one conversation's: with `next-conversation` it builds once and returns
 * that toolset from then on (a new conversation makes a new wrapper). A failed first build is retried next time.
 */
export function withListChangedPolicy<Args extends unknown[], T>(
  build: (...args: Args) => T | Promise<T>,
  policy: ListChangedPolicy,
  options: ListChangedPolicyOptions = {},
): (...args: Args) => Promise<T> {
  if (policy === "next-turn") return async (...args) => build(...args);
  let frozen: Promise<T> | undefined;
  return async (...args) => {
    if (frozen !== undefined) {
      await options.settle?.();
      return frozen;
    }
    frozen = Promise.resolve(build(...args)).catch((error: unknown) => {
      frozen = undefined;
      throw error;
    });
    return frozen;
  };
}
