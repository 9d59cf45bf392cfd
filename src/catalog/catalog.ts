/**
 * The live catalogue of every connected server, as numbered immutable generations. A server's listing enters
 * through `update` (first connect, restart, or a debounced re-list after `list_changed`); the generation number
 * moves only when something actually changed, so a `list_changed` that changes nothing, or a reconnect that
 * lists the same things, leaves the catalogue byte-identical.
 */

import { TypedEmitter } from "../connect/typed-emitter.js";
import type { ConnectionState, ListKind, ServerListing } from "../connect/types.js";
import type { ServerTool } from "../spec/tool.js";
import { deepFreeze } from "./deep-freeze.js";
import { diffServerCatalog, isEmptyDiff } from "./diff.js";
import { compareKeys, toServerCatalog } from "./map-listing.js";
import { reuseUnchanged } from "./reuse-unchanged.js";
import type { CatalogChange, CatalogSnapshot, ServerCatalog } from "./types.js";

export interface CatalogOptions {
  /** Trailing debounce for list_changed storms. Default 50 ms. */
  debounceMs?: number;
  /** A steady storm still re-lists at least this often. Default 1,000 ms. */
  maxWaitMs?: number;
  /** Generations kept for `snapshot(n)`, the current one included. Default 16. */
  keepGenerations?: number;
}

/** What the catalog needs from a connection (`ServerConnection` satisfies it). */
export interface CatalogSource {
  readonly name: string;
  readonly state: ConnectionState;
  readonly listing: ServerListing | undefined;
  on(event: "state", listener: (state: ConnectionState, previous: ConnectionState) => void): () => void;
  on(event: "listChanged", listener: (kind: ListKind) => void): () => void;
  refreshListing(kinds: readonly ListKind[]): Promise<ServerListing>;
}

/** The catalogue's events: every change (a new generation) and every failed re-list. */
export interface CatalogEvents {
  change: (change: CatalogChange) => void;
  /** A re-list after list_changed failed; the server's previous entries stay. */
  error: (server: string, error: unknown) => void;
}

/**
 * The live catalogue of every server's tools, resources and prompts, as numbered snapshots (a new generation per
 * change, debounced). Read it through `host.catalog`; its events tell a loop or a gateway that something changed.
 */
export class Catalog extends TypedEmitter<CatalogEvents> {
  readonly #debounceMs: number;
  readonly #maxWaitMs: number;
  readonly #keep: number;
  readonly #servers = new Map<string, ServerCatalog>();
  readonly #snapshots = new Map<number, CatalogSnapshot>();
  readonly #pending = new Set<Promise<void>>();
  #current: CatalogSnapshot;

  constructor(options: CatalogOptions = {}) {
    super();
    this.#debounceMs = options.debounceMs ?? 50;
    this.#maxWaitMs = options.maxWaitMs ?? 1_000;
    this.#keep = Math.max(1, options.keepGenerations ?? 16);
    this.#current = buildSnapshot(0, []);
    this.#snapshots.set(0, this.#current);
  }

  get generation(): number {
    return this.#current.generation;
  }

  /** The current snapshot, or generation `n` while it is retained (else undefined). */
  snapshot(): CatalogSnapshot;
  snapshot(generation: number): CatalogSnapshot | undefined;
  snapshot(generation?: number): CatalogSnapshot | undefined {
    return generation === undefined ? this.#current : this.#snapshots.get(generation);
  }

  /** Generations `snapshot(n)` can still return, oldest first. */
  retainedGenerations(): number[] {
    return [...this.#snapshots.keys()];
  }

  /**
   * Replaces one server's entries (`undefined` removes the server). Returns the change when something changed,
   * after emitting it; returns undefined when the catalogue stayed the same.
   */
  update(server: string, listing: ServerListing | undefined): CatalogChange | undefined {
    const before = this.#servers.get(server);
    const listed = listing === undefined ? undefined : toServerCatalog(server, listing, before);
    const diff = deepFreeze(diffServerCatalog(before, listed));
    if (isEmptyDiff(diff)) return undefined;
    // Unchanged entries stay the same objects across generations (consumers cache by identity).
    const after = listed === undefined ? undefined : deepFreeze(reuseUnchanged(before, listed, diff));
    if (after === undefined) this.#servers.delete(server);
    else this.#servers.set(server, after);
    const generation = this.#current.generation + 1;
    this.#current = buildSnapshot(generation, [...this.#servers.values()]);
    this.#snapshots.set(generation, this.#current);
    for (const old of this.#snapshots.keys()) {
      if (this.#snapshots.size <= this.#keep) break;
      this.#snapshots.delete(old);
    }
    const change: CatalogChange = Object.freeze({ generation, server, diff });
    this.emit("change", change);
    return change;
  }

  /**
   * Follows a connection: its listing enters when it becomes ready (first connect or restart), leaves when it
   * fails or closes, and is re-listed after list_changed (debounced). Returns a detach function.
   */
  attach(source: CatalogSource): () => void {
    let kinds = new Set<ListKind>();
    let timer: NodeJS.Timeout | undefined;
    let firstSignal: number | undefined;
    /** Settles when the re-list for the current burst of signals has finished; `settled()` waits on it. */
    let burst: (() => void) | undefined;
    let chain: Promise<void> = Promise.resolve();
    let detached = false;

    const flush = () => {
      timer = undefined;
      firstSignal = undefined;
      const wanted = [...kinds].sort();
      const done = burst;
      kinds = new Set();
      burst = undefined;
      chain = chain
        .then(async () => {
          if (detached || source.state !== "ready") return;
          try {
            const listing = await source.refreshListing(wanted);
            if (!detached) this.update(source.name, listing);
          } catch (error) {
            // A restart in progress re-lists on its own when it becomes ready.
            if (!detached && source.state === "ready") this.emit("error", source.name, error);
          }
        })
        .finally(() => done?.());
    };
    const offState = source.on("state", (state) => {
      if (state === "ready" && source.listing !== undefined) this.update(source.name, source.listing);
      else if (state === "failed" || state === "closed") this.update(source.name, undefined);
    });
    const offListChanged = source.on("listChanged", (kind) => {
      kinds.add(kind);
      if (burst === undefined) {
        const work = new Promise<void>((resolve) => {
          burst = resolve;
        });
        this.#pending.add(work);
        void work.then(() => this.#pending.delete(work));
      }
      const now = performance.now();
      firstSignal ??= now;
      if (timer !== undefined) clearTimeout(timer);
      const wait = Math.min(this.#debounceMs, Math.max(0, firstSignal + this.#maxWaitMs - now));
      timer = setTimeout(flush, wait);
    });
    if (source.state === "ready" && source.listing !== undefined) this.update(source.name, source.listing);
    return () => {
      detached = true;
      if (timer !== undefined) clearTimeout(timer);
      burst?.();
      offState();
      offListChanged();
    };
  }

  /**
   * Resolves once the debounced re-lists waiting or running now have finished, and the ones announced meanwhile
   * (tests, the CLI and the agent loop use it to read a settled state). At most three rounds: a server sending
   * list_changed without pause always has a re-list pending, and must not keep the caller waiting forever.
   */
  async settled(): Promise<void> {
    for (let round = 0; round < 3 && this.#pending.size > 0; round += 1) {
      await Promise.allSettled([...this.#pending]);
    }
  }
}

function buildSnapshot(generation: number, servers: readonly ServerCatalog[]): CatalogSnapshot {
  const sorted = [...servers].sort((a, b) => compareKeys(a.server, b.server));
  const tools: ServerTool[] = sorted.flatMap((server) => server.tools);
  return deepFreeze({
    generation,
    servers: sorted,
    tools,
    resources: sorted.flatMap((server) => server.resources),
    resourceTemplates: sorted.flatMap((server) => server.resourceTemplates),
    prompts: sorted.flatMap((server) => server.prompts),
    skills: sorted.flatMap((server) => server.skills ?? []),
  });
}
