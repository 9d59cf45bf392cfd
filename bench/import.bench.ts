/**
 * Package import time: `import("switchboard")` (and the other entry points) in fresh Node processes, timed
 * inside the child from just before the `import()` to its settling, so Node's own start is not counted. Each
 * row is the median of `ROUNDS` processes after one warm-up (file cache). Imports what package.json's `exports`
 * resolves each name to (the bundle, dist/bundle/), and, as the baseline in the same run, tsc's module tree
 * (dist/index.js) the bundle is made from: run `npm run build` first. Which modules an import loads is asserted in test/e2e/import-cost.test.ts; the time
 * is only measured here.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BenchContext, median } from "./run.js";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const ROUNDS = 9;

/**
 * Milliseconds one fresh process spends in `import(url)`: wall clock, and CPU (user + system), which a busy
 * machine inflates less.
 */
function importOnce(url: string): { wall: number; cpu: number } {
  const script = [
    "const t = performance.now(), c = process.cpuUsage();",
    `await import(${JSON.stringify(url)});`,
    "const u = process.cpuUsage(c);",
    "console.log(performance.now() - t, (u.user + u.system) / 1000);",
  ].join(" ");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
  });
  const [wall, cpu] = out.trim().split(" ").map(Number);
  return { wall: wall ?? Number.NaN, cpu: cpu ?? Number.NaN };
}

export default async function importBench(context: BenchContext): Promise<void> {
  // Resolved the way a user's `import "switchboard/..."` is: through the package's own exports.
  const resolve = createRequire(join(root, "package.json")).resolve;
  const entries: [string, string][] = [
    ["switchboard", resolve("switchboard")],
    ["switchboard/gateway", resolve("switchboard/gateway")],
    ["switchboard/testing", resolve("switchboard/testing")],
    ["dist/index.js (tsc's module tree, unbundled)", join(root, "dist/index.js")],
  ];
  for (const [name, path] of entries) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
    const url = pathToFileURL(path).href;
    importOnce(url); // warm the file cache
    const samples = Array.from({ length: ROUNDS }, () => importOnce(url));
    const wall = samples.map((sample) => sample.wall);
    context.report({
      name: name.startsWith("switchboard") ? `import "${name}"` : `import ${name}`,
      values: {
        median_ms: Number(median(wall).toFixed(0)),
        min_ms: Number(Math.min(...wall).toFixed(0)),
        cpu_median_ms: Number(median(samples.map((sample) => sample.cpu)).toFixed(0)),
        rounds: ROUNDS,
      },
    });
  }
}
