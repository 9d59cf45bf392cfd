/**
 * A tiny typed event emitter. Unlike node:events it never throws for an unheard `error` event (a failing server
 * must not crash the host because nobody subscribed) and a throwing listener cannot stop the others.
 */
// biome-ignore lint/suspicious/noExplicitAny: listener argument tuples are checked per event map
type EventMap<Events> = { [K in keyof Events]: (...args: any[]) => void };

export class TypedEmitter<Events extends EventMap<Events>> {
  readonly #listeners = new Map<keyof Events, Set<Events[keyof Events]>>();

  on<E extends keyof Events>(event: E, listener: Events[E]): () => void {
    let set = this.#listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => this.off(event, listener);
  }

  off<E extends keyof Events>(event: E, listener: Events[E]): void {
    this.#listeners.get(event)?.delete(listener);
  }

  /** Resolves with the arguments of the next `event` (test and orchestration helper). */
  once<E extends keyof Events>(event: E): Promise<Parameters<Events[E]>> {
    return new Promise((resolve) => {
      const off = this.on(event, ((...args: Parameters<Events[E]>) => {
        off();
        resolve(args);
      }) as Events[E]);
    });
  }

  protected emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
    const set = this.#listeners.get(event);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        listener(...args);
      } catch {
        // A listener's bug is its own; the connection keeps its state machine consistent regardless.
      }
    }
  }

  listenerCount(event: keyof Events): number {
    return this.#listeners.get(event)?.size ?? 0;
  }
}
