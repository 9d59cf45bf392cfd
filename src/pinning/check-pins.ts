/**
 * The catalogue against the lock file, tool by tool:
 * - `pinned`: the definition is the approved one;
 * - `new`: never approved (no pin);
 * - `changed`: pinned, but its title, description, schemas or hints changed since: withheld until approved;
 * - `removed`: pinned, but the server (which did list) no longer lists it. A server that is down lists nothing,
 *   so its pins are not reported removed.
 */
import type { ServerTool } from "../spec/tool.js";
import { type LockFile, pinKey, type ToolPin } from "./lock-file.js";
import { definitionHash, type PinnedDefinition, pinnedDefinition } from "./tool-definition.js";

export type PinStatus = "pinned" | "new" | "changed" | "removed";

export interface PinCheck {
  server: string;
  tool: string;
  status: PinStatus;
  /** The definition the server lists now (absent when removed). */
  current?: PinnedDefinition;
  currentHash?: string;
  /** The approved pin (absent when new). */
  pin?: ToolPin;
}

export function checkPins(
  tools: readonly ServerTool[],
  lock: LockFile | undefined,
  listedServers: ReadonlySet<string> = new Set(tools.map((entry) => entry.server)),
): PinCheck[] {
  const pins = new Map((lock?.pins ?? []).map((pin) => [pinKey(pin.server, pin.tool), pin]));
  const checks: PinCheck[] = [];
  const seen = new Set<string>();
  for (const { server, tool } of tools) {
    const key = pinKey(server, tool.name);
    if (seen.has(key)) continue;
    seen.add(key);
    const current = pinnedDefinition(tool);
    const currentHash = definitionHash(current);
    const pin = pins.get(key);
    const status: PinStatus = pin === undefined ? "new" : pin.hash === currentHash ? "pinned" : "changed";
    checks.push({
      server,
      tool: tool.name,
      status,
      current,
      currentHash,
      ...(pin === undefined ? {} : { pin }),
    });
  }
  for (const pin of pins.values()) {
    if (seen.has(pinKey(pin.server, pin.tool)) || !listedServers.has(pin.server)) continue;
    checks.push({ server: pin.server, tool: pin.tool, status: "removed", pin });
  }
  return checks.sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
}

/** Whether a check needs a person's approval before the lock file is up to date. */
export function isPending(check: PinCheck): boolean {
  return check.status !== "pinned";
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
