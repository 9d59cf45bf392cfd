/**
 * Per-call deadlines on one shared timer. A `setTimeout` per call is not free: with calls one after another,
 * each call's timer is alone in its duration's list, so Node creates that list, queues it and re-arms libuv on
 * every call, and tears it all down again when the call ends. Here a call only records when it expires; the one
 * timer is armed for the earliest expiry and, when it fires, expires what is due and re-arms for the next.
 * Expiring later than planned is harmless (the timer fired early or a deadline moved): it finds nothing due and
 * re-arms.
 */
/** The longest delay `setTimeout` honours. */
const maxTimeoutMs = 2_147_483_647;

export class DeadlineClock {
  readonly #running = new Set<Deadline>();
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  /** The expiry the timer is armed for (Infinity: not armed). */
  #armedFor = Number.POSITIVE_INFINITY;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Starts a deadline that calls `expire` once, `ms` from now (or from its last restart), unless stopped. */
  start(ms: number, expire: () => void): Deadline {
    const deadline = new Deadline(this, ms, expire);
    this.#running.add(deadline);
    deadline.restart();
    return deadline;
  }

  /** Deadlines started and not yet stopped or expired. */
  get size(): number {
    return this.#running.size;
  }

  /** Pauses (`true`) or restarts from their full length (`false`) every deadline not yet stopped. */
  pauseAll(paused: boolean): void {
    for (const deadline of this.#running) {
      if (paused) deadline.pause();
      else deadline.restart();
    }
  }

  /** @internal */
  now(): number {
    return this.#now();
  }

  /** @internal Makes sure the timer fires no later than `at`. */
  schedule(at: number): void {
    if (at >= this.#armedFor) return;
    clearTimeout(this.#timer);
    this.#armedFor = at;
    // Capped: Node fires a longer timeout after 1 ms; firing early only means re-arming.
    this.#timer = setTimeout(this.#fire, Math.min(maxTimeoutMs, Math.max(0, at - this.#now())));
    // A call in flight always holds a live handle of its own (the child's pipes, a socket): the clock must not
    // keep a process alive after its last call.
    this.#timer.unref();
  }

  /** @internal */
  remove(deadline: Deadline): void {
    // The timer stays armed when nothing is left to time: clearing it would bring back a timer per call. It is
    // unref'd, and fires at most once for nothing.
    this.#running.delete(deadline);
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#armedFor = Number.POSITIVE_INFINITY;
    const now = this.#now();
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.#running) {
      if (deadline.expiresAt <= now) deadline.fire();
      else if (deadline.expiresAt < next) next = deadline.expiresAt;
    }
    if (next !== Number.POSITIVE_INFINITY) this.schedule(next);
  };
}

/** One call's deadline: can restart from its full length (progress) and pause (the server waits on the client). */
export class Deadline {
  /** When it expires, on the clock's time line (Infinity while paused or once stopped). */
  expiresAt = Number.POSITIVE_INFINITY;
  #stopped = false;

  constructor(
    readonly clock: DeadlineClock,
    readonly ms: number,
    readonly expire: () => void,
  ) {}

  restart(): void {
    if (this.#stopped) return;
    this.expiresAt = this.clock.now() + this.ms;
    this.clock.schedule(this.expiresAt);
  }

  pause(): void {
    this.expiresAt = Number.POSITIVE_INFINITY;
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.expiresAt = Number.POSITIVE_INFINITY;
    this.clock.remove(this);
  }

  /** @internal Called by the clock when due. */
  fire(): void {
    this.stop();
    this.expire();
  }
}
