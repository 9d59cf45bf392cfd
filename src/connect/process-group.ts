/**
 * A stdio server runs in a process group of its own (on POSIX), so that shutdown reaches what it started too: a
 * wrapper (`sh -c`, `npx`) and its grandchildren, which signalling the direct child alone would leave behind.
 * The group's id is the direct child's pid.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Process groups exist on POSIX only; on Windows the direct child is all we can address. */
export const ownProcessGroup = process.platform !== "win32";

/** Sends `signal` to every process of the group `pgid`; false when none is left. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while a process of the group `pgid` is alive. kill(2) also reaches zombies nobody has reaped yet (an
 * orphaned grandchild's new parent may reap late, or never), so on Linux /proc tells the living from the dead.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return livingMember(pgid) ?? true;
}

/** Whether /proc lists a non-zombie process of the group; undefined without a readable /proc. */
function livingMember(pgid: number): boolean | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while we looked
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so read after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[2] === String(pgid) && fields[0] !== "Z" && fields[0] !== "X") return true;
  }
  return false;
}
