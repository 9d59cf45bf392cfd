/**
 * The lock file after a person approved some pending checks: new and changed tools get a pin of what the server
 * lists now, removed tools lose theirs. Checks not approved leave the lock as it was (a changed tool keeps its
 * old pin, and so stays withheld).
 */
import type { PinCheck } from "./check-pins.js";
import { type LockFile, lockFile, pinKey, type ToolPin } from "./lock-file.js";

export interface ApproveOptions {
  /** When the approval happened. */
  now: Date;
  /** Approve only these checks (default: every pending one). */
  only?: (check: PinCheck) => boolean;
}

export function approvePins(
  lock: LockFile | undefined,
  checks: readonly PinCheck[],
  options: ApproveOptions,
): LockFile {
  const pins = new Map<string, ToolPin>((lock?.pins ?? []).map((pin) => [pinKey(pin.server, pin.tool), pin]));
  const approvedAt = options.now.toISOString();
  for (const check of checks) {
    if (check.status === "pinned" || (options.only !== undefined && !options.only(check))) continue;
    const key = pinKey(check.server, check.tool);
    if (check.status === "removed") pins.delete(key);
    else if (check.current !== undefined && check.currentHash !== undefined) {
      pins.set(key, {
        server: check.server,
        tool: check.tool,
        hash: check.currentHash,
        approvedAt,
        definition: check.current,
      });
    }
  }
  return lockFile([...pins.values()]);
}
