/** Capped exponential backoff for restarts: attempt 1 waits `initialDelayMs`, each next attempt doubles. */
export interface RestartPolicy {
  /** Restart attempts after an unexpected exit before the server is marked failed. Default 5. */
  maxAttempts: number;
  /** Default 250 ms. */
  initialDelayMs: number;
  /** Default 30,000 ms. */
  maxDelayMs: number;
}

export const defaultRestartPolicy: RestartPolicy = {
  maxAttempts: 5,
  initialDelayMs: 250,
  maxDelayMs: 30_000,
};

export function backoffDelay(
  attempt: number,
  policy: Pick<RestartPolicy, "initialDelayMs" | "maxDelayMs">,
): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2 ** 1024 is Infinity, which Math.min caps; no overflow to worry about.
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** exponent);
}
