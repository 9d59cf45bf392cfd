/**
 * A FIFO concurrency gate: at most `limit` holders at once, waiters served strictly in arrival order (a freed
 * slot is handed to the oldest waiter directly, so a late caller can never overtake). Waiters can be aborted
 * and can all be rejected at once when the server goes away.
 */
interface Waiter {
  grant: (release: () => void) => void;
  fail: (error: unknown) => void;
}

export class CallQueue {
  readonly #limit: number;
  readonly #waiters: Waiter[] = [];
  #active = 0;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`Concurrency limit must be >= 1, got ${limit}`);
    this.#limit = limit;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiters.length;
  }

  /**
   * A one-shot `release` at once when a slot is free, or undefined when the caller must `acquire` and wait. The
   * hot path of a call that does not queue: no promise, no turn of the microtask queue. Never overtakes a waiter
   * (while anyone waits, every slot is taken: a freed slot goes straight to the oldest waiter).
   */
  tryAcquire(): (() => void) | undefined {
    if (this.#active >= this.#limit) return undefined;
    this.#active += 1;
    return this.#releaser();
  }

  /** Resolves with a one-shot `release` once a slot is free. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const release = this.tryAcquire();
    if (release !== undefined) return Promise.resolve(release);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
        fail: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiters.push(waiter);
    });
  }

  /** Rejects every waiter (holders keep their slots until they release). */
  rejectWaiting(error: unknown): void {
    for (const waiter of this.#waiters.splice(0)) waiter.fail(error);
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next === undefined) this.#active -= 1;
      else next.grant(this.#releaser());
    };
  }
}
