/**
 * Heap kept by the host path the peer benchmark's `memory10x200` row measures (10 bench servers × 200 tools,
 * connect, re-list, Anthropic toolset), per stage: importing the barrel, connecting, translating. Each round is a
 * fresh process (bench/heap-profile.mjs, which also writes heap snapshots for a closer look). Runs the built
 * package: `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchContext } from "./run.js";

const here = dirname(fileURLToPath(import.meta.url));

interface Profile {
  node: string;
  rounds: number;
  tools: number;
  heap_mb: Record<"start" | "import" | "connect" | "toolset", number>;
}

export default async function memoryBench(context: BenchContext): Promise<void> {
  if (!existsSync(join(here, "..", "dist", "index.js")))
    throw new Error("dist/ is missing: run `npm run build`");
  const result = spawnSync(process.execPath, [join(here, "heap-profile.mjs"), "--rounds", "5", "--json"], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`heap-profile failed:\n${result.stderr}`);
  const profile = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "") as Profile;
  const { start, import: imported, connect, toolset } = profile.heap_mb;
  const mb = (value: number) => Number(value.toFixed(2));
  context.report({
    name: `heap, 10 servers × 200 tools (${profile.tools} tools)`,
    values: {
      total_mb: mb(toolset),
      import_mb: mb(imported - start),
      connect_mb: mb(connect - imported),
      toolset_mb: mb(toolset - connect),
      rounds: profile.rounds,
    },
  });
}
