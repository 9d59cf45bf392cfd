/**
 * Runs once around the whole test run and owns the final leak check: after every test file has finished, no
 * process started during the run may still be alive in the runner's process group or from this checkout (an
 * orphaned child is re-parented to init, so this catches leaks a parent-pid walk would miss). A
 * survivor fails the run, and is killed so one leak does not poison the machine for the next run.
 */
import { readdirSync, readFileSync } from "node:fs";

interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  command: string;
}

function processes(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised command name: state ppid pgrp ...
      const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z") continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      list.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), command });
    } catch {
      // Gone while reading.
    }
  }
  return list;
}

/**
 * Live processes in our process group, below us, or started from this checkout, other than ourselves. stdio
 * servers run in process groups (and sessions) of their own, so an orphaned one is found by its command line,
 * which names a file in this checkout (a fixture, or a server under node_modules).
 */
function ours(): ProcessInfo[] {
  const all = processes();
  const self = all.find((info) => info.pid === process.pid);
  const found = new Map<number, ProcessInfo>();
  const checkout = `${process.cwd()}/`;
  for (const info of all) {
    if ((self !== undefined && info.pgid === self.pgid) || info.command.includes(checkout))
      found.set(info.pid, info);
  }
  let frontier = [process.pid];
  while (frontier.length > 0) {
    const children = all.filter((info) => frontier.includes(info.ppid));
    for (const child of children) found.set(child.pid, child);
    frontier = children.map((info) => info.pid);
  }
  found.delete(process.pid);
  return [...found.values()];
}

export default function setup(): () => Promise<void> {
  const before = new Set(ours().map((info) => info.pid));
  return async () => {
    // vitest's own workers are shutting down around now; give them a moment, then judge what is left.
    let survivors: ProcessInfo[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      survivors = ours().filter((info) => !before.has(info.pid));
      if (survivors.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const survivor of survivors) {
      try {
        process.kill(survivor.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    // vitest logs a teardown error but keeps exit code 0; the run must fail.
    process.exitCode = 1;
    throw new Error(
      `Leak check: ${survivors.length} process(es) outlived the test run:\n${survivors
        .map((info) => `  pid ${info.pid} (parent ${info.ppid}): ${info.command}`)
        .join("\n")}`,
    );
  };
}
