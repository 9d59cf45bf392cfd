import type { CatalogChange } from "../catalog/types.js";
import type { DispatchCatalog } from "./types.js";

/** When and in which generation a server stopped listing a tool. */
export interface Removal {
  server: string;
  tool: string;
  generation: number;
  /** Epoch milliseconds, when the removal was observed live; absent when reconstructed from snapshots. */
  at?: number;
}

export interface RemovalLog {
  /** The latest removal of (server, tool) still in effect, if one was seen. */
  lookup(server: string, tool: string): Removal | undefined;
  stop(): void;
}

/**
 * Records tool removals from a catalogue's change events, with the time they happened (catalogue changes carry
 * a generation but no timestamp). A tool that comes back is forgotten.
 */
export function trackRemovals(catalog: DispatchCatalog, now: () => number = Date.now): RemovalLog {
  const removed = new Map<string, Removal>();
  const off = catalog.on?.("change", (change: CatalogChange) => {
    const at = now();
    for (const tool of change.diff.tools.removed) {
      removed.set(key(change.server, tool), {
        server: change.server,
        tool,
        generation: change.generation,
        at,
      });
    }
    for (const tool of change.diff.tools.added) removed.delete(key(change.server, tool));
  });
  return {
    lookup: (server, tool) => removed.get(key(server, tool)),
    stop: () => off?.(),
  };
}

const shared = new WeakMap<DispatchCatalog, RemovalLog>();

/** One log per catalogue, attached the first time dispatch meets it and kept for the catalogue's life. */
export function removalLogFor(catalog: DispatchCatalog): RemovalLog {
  let log = shared.get(catalog);
  if (log === undefined) {
    log = trackRemovals(catalog);
    shared.set(catalog, log);
  }
  return log;
}

/**
 * Without a live record, the first retained generation after `since` that no longer lists the tool (no time).
 */
export function findRemoval(
  catalog: DispatchCatalog,
  server: string,
  tool: string,
  since: number | undefined,
): Removal | undefined {
  if (since === undefined || catalog.retainedGenerations === undefined) return undefined;
  for (const generation of catalog.retainedGenerations()) {
    if (generation <= since) continue;
    const snapshot = catalog.snapshot(generation);
    if (snapshot === undefined) continue;
    const listed = snapshot.tools.some((entry) => entry.server === server && entry.tool.name === tool);
    if (!listed) return { server, tool, generation };
  }
  return undefined;
}

function key(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}
