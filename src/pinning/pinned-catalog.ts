/**
 * The catalogue as the model may see it under a lock file: a tool whose definition differs from its pin is
 * withheld until a person approves the change (a server cannot change a trusted tool behind the user's back),
 * and so is a tool never approved, unless `unpinned: "allow"`. It wraps the live catalogue and can stand in for
 * it wherever a catalogue is read: `liveToolset({ catalog })` builds the tools from it, and a host whose
 * `catalog` is this one makes dispatch refuse a call to a tool that changed after the request was built.
 *
 *   const pinned = pinnedCatalog(host.catalog, await readLockFile(lockPath));
 *   runAgent({ host: { callTool: host.callTool, catalog: pinned }, buildTools: liveToolset({ catalog: pinned, target }) })
 */
import type { Catalog } from "../catalog/catalog.js";
import type { CatalogChange, CatalogSnapshot } from "../catalog/types.js";
import { checkPins, type PinCheck } from "./check-pins.js";
import type { LockFile } from "./lock-file.js";

export interface PinnedCatalogOptions {
  /** Tools the lock file has never seen: `withhold` (default) or `allow` (trust on first use). */
  unpinned?: "withhold" | "allow";
}

/** The catalogue as the model may see it under a lock file; stands in for `host.catalog` where one is read. */
export interface PinnedCatalog {
  readonly generation: number;
  snapshot(): CatalogSnapshot;
  snapshot(generation: number): CatalogSnapshot | undefined;
  retainedGenerations(): number[];
  on(event: "change", listener: (change: CatalogChange) => void): () => void;
  settled(): Promise<void>;
  /** Tools kept from the model in the current snapshot, and why (`changed` or `new`). */
  withheld(): PinCheck[];
  /** The reason (server, tool) is withheld now, worded for the model; undefined when it is not withheld. */
  withheldReason(server: string, tool: string): string | undefined;
}

/** Why a withheld tool cannot run, in words a model (and the person reading the transcript) can act on. */
export function withheldMessage(check: PinCheck): string {
  return check.status === "changed"
    ? `its definition changed since it was approved${check.pin === undefined ? "" : ` (${check.pin.approvedAt})`}, and the change awaits approval (switchboard pin)`
    : "it is new since the lock file was written and awaits approval (switchboard pin)";
}

/**
 * Wraps the live catalogue so a tool whose definition differs from its pin (or was never approved) is
 * withheld until a person approves it: a server cannot change a trusted tool behind the user's back.
 */
export function pinnedCatalog(
  catalog: Catalog,
  lock: LockFile | undefined,
  options: PinnedCatalogOptions = {},
): PinnedCatalog {
  const allowNew = options.unpinned === "allow";
  const filtered = new WeakMap<CatalogSnapshot, { snapshot: CatalogSnapshot; withheld: PinCheck[] }>();
  const view = (snapshot: CatalogSnapshot) => {
    let entry = filtered.get(snapshot);
    if (entry === undefined) {
      const checks = checkPins(snapshot.tools, lock);
      const blocked = checks.filter(
        (check) => check.status === "changed" || (check.status === "new" && !allowNew),
      );
      const blockedKeys = new Set(blocked.map((check) => JSON.stringify([check.server, check.tool])));
      const allowed = (server: string, tool: string) => !blockedKeys.has(JSON.stringify([server, tool]));
      entry = {
        snapshot: Object.freeze({
          ...snapshot,
          servers: snapshot.servers.map((server) =>
            Object.freeze({
              ...server,
              tools: server.tools.filter((item) => allowed(item.server, item.tool.name)),
            }),
          ),
          tools: snapshot.tools.filter((item) => allowed(item.server, item.tool.name)),
        }),
        withheld: blocked,
      };
      filtered.set(snapshot, entry);
    }
    return entry;
  };
  function snapshot(): CatalogSnapshot;
  function snapshot(generation: number): CatalogSnapshot | undefined;
  function snapshot(generation?: number): CatalogSnapshot | undefined {
    const source = generation === undefined ? catalog.snapshot() : catalog.snapshot(generation);
    return source === undefined ? undefined : view(source).snapshot;
  }
  return {
    get generation() {
      return catalog.generation;
    },
    snapshot,
    retainedGenerations: () => catalog.retainedGenerations(),
    on: (event, listener) => catalog.on(event, listener),
    settled: () => catalog.settled(),
    withheld: () => view(catalog.snapshot()).withheld,
    withheldReason: (server, tool) => {
      const check = view(catalog.snapshot()).withheld.find(
        (item) => item.server === server && item.tool === tool,
      );
      return check === undefined ? undefined : withheldMessage(check);
    },
  };
}
