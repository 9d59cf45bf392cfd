/**
 * Tool pinning for the commands that put tools in front of a model (`run`, `chat`, `serve`): when the config's
 * folder holds `switchboard.lock`, the model sees the catalogue through `pinnedCatalog`, so a tool whose
 * definition changed since it was approved (or that was never approved) is withheld until `switchboard pin`
 * approves it, and a call to it is refused with that reason. Without a lock file nothing changes: pinning is
 * opted into by running `switchboard pin` once.
 */
import { dirname, join } from "node:path";
import type { Catalog } from "../catalog/catalog.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { PinCheck } from "../pinning/check-pins.js";
import { LOCK_FILE_NAME, readLockFile } from "../pinning/lock-file.js";
import { type PinnedCatalog, pinnedCatalog } from "../pinning/pinned-catalog.js";
import { untrustedLine } from "../pinning/untrusted-text.js";

export interface AppliedPins {
  /** The catalogue the model may see: the pinned view, or the live catalogue when there is no lock file. */
  catalog: PinnedCatalog | Catalog;
  /** Where the lock file is (or would be). */
  lockPath: string;
  /** Stops reporting newly withheld tools. */
  close(): void;
}

export function lockPathFor(config: Pick<SwitchboardConfig, "file">): string {
  return join(dirname(config.file), LOCK_FILE_NAME);
}

/**
 * Reads the lock file next to the config and wraps `catalog` with it. Every tool withheld now, and every tool
 * withheld later by a catalogue change, is reported once through `report` (names only, never the new text).
 */
export async function applyPins(
  config: Pick<SwitchboardConfig, "file">,
  catalog: Catalog,
  report: (line: string) => void,
): Promise<AppliedPins> {
  const lockPath = lockPathFor(config);
  const lock = await readLockFile(lockPath);
  if (lock === undefined) return { catalog, lockPath, close: () => {} };
  const pinned = pinnedCatalog(catalog, lock);
  const reported = new Set<string>();
  const announce = () => {
    const fresh = pinned.withheld().filter((check) => !reported.has(keyOf(check)));
    if (fresh.length === 0) return;
    for (const check of fresh) reported.add(keyOf(check));
    report(withheldLine(fresh, lockPath));
  };
  announce();
  const off = catalog.on("change", announce);
  return { catalog: pinned, lockPath, close: off };
}

function keyOf(check: PinCheck): string {
  return JSON.stringify([check.server, check.tool, check.currentHash ?? ""]);
}

/** One line naming the withheld tools (names made inert: they come from servers). */
export function withheldLine(checks: readonly PinCheck[], lockPath: string): string {
  const count = `${checks.length} tool${checks.length === 1 ? "" : "s"}`;
  return `pinning: ${count} withheld until approved (run \`switchboard pin\`, ${lockPath}): ${checks.map(describe).join(", ")}`;
}

function describe(check: PinCheck): string {
  return `${untrustedLine(check.server)}/${untrustedLine(check.tool)} (${check.status})`;
}
