/**
 * Every stdio server still running in this process, each as a synchronous "SIGKILL all of it". A forced exit
 * (the CLI's second Ctrl-C) uses it, and so does the process's `exit` event: whatever path ends the process
 * short of a signal nobody can catch (`process.exit`, an uncaught exception, a forgotten `close()`), no server
 * or grandchild is left running. A SIGKILL to us leaves nothing to run; the servers then only see EOF.
 */

const live = new Set<() => void>();
let exitHooked = false;

/** Registers a running server; returns the function that forgets it (once it is gone). */
export function trackServerProcess(killNow: () => void): () => void {
  if (!exitHooked) {
    exitHooked = true;
    process.on("exit", () => killServerProcesses());
  }
  live.add(killNow);
  return () => live.delete(killNow);
}

/**
 * SIGKILL to every running stdio server's process group (its wrappers and grandchildren included), at once and
 * synchronously. For a forced exit only: a graceful shutdown closes the host instead. Returns how many there were.
 */
export function killServerProcesses(): number {
  const count = live.size;
  for (const killNow of [...live]) {
    try {
      killNow();
    } catch {
      // Already gone.
    }
  }
  return count;
}
