/**
 * Samples the process's memory while a fault runs: the peak resident set, and the heap left over afterwards once
 * garbage is collected (a leak shows up there; a big answer that was handled and dropped does not).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

export interface MemoryReport {
  /** Highest RSS seen minus the RSS at the start, in MB. */
  peakRssGrowthMb: number;
  /** Heap in use after a full GC, minus the same at the start, in MB. */
  heapGrowthMb: number;
}

export function collectGarbage(): void {
  gc();
  gc();
}

export function startMemoryProbe(intervalMs = 20): { stop(): MemoryReport } {
  collectGarbage();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      collectGarbage();
      const end = process.memoryUsage();
      return {
        peakRssGrowthMb: (peakRss - start.rss) / 2 ** 20,
        heapGrowthMb: (end.heapUsed - start.heapUsed) / 2 ** 20,
      };
    },
  };
}
