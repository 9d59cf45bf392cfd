/**
 * Benchmark runner: `npm run bench` runs every `bench/*.bench.ts`; `npm run bench -- connect` only the files whose
 * name contains "connect". A bench file default-exports an async function that receives a `BenchContext` and
 * reports rows; the runner prints them and writes `bench/results/<file>.json` (git-ignored).
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface BenchRow {
  name: string;
  /** Measured values, e.g. `{ median_ms: 412, rounds: 7 }`. */
  values: Record<string, number | string>;
}

export interface BenchContext {
  report(row: BenchRow): void;
  log(message: string): void;
}

export type BenchFile = (context: BenchContext) => Promise<void>;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(filters: string[]): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(here)
    .filter((file) => file.endsWith(".bench.ts"))
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort();
  if (files.length === 0) throw new Error(`No bench file matches ${filters.join(", ")}`);
  mkdirSync(join(here, "results"), { recursive: true });
  for (const file of files) {
    const rows: BenchRow[] = [];
    console.log(`\n# ${file}`);
    const module = (await import(pathToFileURL(join(here, file)).href)) as { default: BenchFile };
    await module.default({
      report(row) {
        rows.push(row);
        const values = Object.entries(row.values)
          .map(([key, value]) => `${key}=${value}`)
          .join("  ");
        console.log(`${row.name.padEnd(48)} ${values}`);
      },
      log: (message) => console.log(`  ${message}`),
    });
    const result = { file, node: process.version, date: new Date().toISOString(), rows };
    writeFileSync(
      join(here, "results", file.replace(/\.ts$/, ".json")),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
