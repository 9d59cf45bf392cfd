/** Capped exponential backoff for restarts: attempt 1 waits `initialDelayMs`, each next attempt doubles. */
export interface RestartPolicy {
  /** Restart attempts after an unexpected exit before the server is marked failed. Default 5. */
  maxAttempts: number;
  /** Default 250 ms. */
  initialDelayMs: number;
  /** Default 30,000 ms. */
  maxDelayMs: number;
  /**
   * A server marked failed (at start, or when its restarts ran out) is tried again after this long, and again
   * after each failed revival, so a long-lived host (`serve`, `chat`) gets back a server that was down for a while.
   * 0 never revives. Default 60,000 ms.
   */
  reviveAfterMs: number;
}

export const defaultRestartPolicy: RestartPolicy = {
  maxAttempts: 5,
  initialDelayMs: 250,
  maxDelayMs: 30_000,
  reviveAfterMs: 60_000,
};

export function backoffDelay(
  attempt: number,
  policy: Pick<RestartPolicy, "initialDelayMs" | "maxDelayMs">,
): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2 ** 1024 is Infinity, which Math.min caps; no overflow to worry about.
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** exponent);
}
