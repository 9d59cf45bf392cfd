#!/usr/bin/env node
/**
 * Where switchboard's heap goes on the peer bench's `memory10x200` path (bench/peers/measure.mjs): import the
 * built barrel, connectHost 10 bench servers × 200 tools, re-list and build the Anthropic toolset the way
 * bench/peers/adapters/switchboard.mjs does. Reports heapUsed after a full GC at each stage, so each stage's
 * delta is the memory it keeps. Runs in a fresh process per round (module caches and JIT state reset).
 *
 *   node bench/heap-profile.mjs [--rounds N] [--snapshot DIR] [--json]
 *
 * --snapshot writes a V8 heap snapshot per stage into DIR (one round; open them in DevTools → Memory, or diff
 * them by constructor). --json prints the medians as one JSON line (bench/memory.bench.ts reads it). Needs
 * `npm run build` first (it imports what `import "switchboard"` resolves to: the bundle).
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const serverPath = join(here, "peers", "server", "server.mjs");
const STAGES = ["start", "import", "connect", "toolset"];

const mb = (bytes) => bytes / 2 ** 20;

async function settle() {
  for (let i = 0; i < 3; i += 1) globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

function configOf(count, tools) {
  const entries = Array.from({ length: count }, (_, index) => [
    `s${index}`,
    {
      kind: "stdio",
      name: `s${index}`,
      command: process.execPath,
      args: [serverPath, "--tools", String(tools)],
      env: {},
      enabled: true,
      timeoutMs: 60_000,
      connectTimeoutMs: 30_000,
      tools: {},
      maxConcurrentCalls: 32,
    },
  ]);
  return { file: "<bench>", servers: Object.fromEntries(entries), agents: {} };
}

/** One round in this process: heapUsed per stage, and snapshots if asked. */
async function child(snapshotDir) {
  const heap = {};
  const mark = async (stage) => {
    heap[stage] = await settle();
    if (snapshotDir !== undefined) v8.writeHeapSnapshot(join(snapshotDir, `${stage}.heapsnapshot`));
  };
  await mark("start");
  // What `import "switchboard"` resolves to (package.json `exports`: the bundle), as a user's program loads it.
  const sb = await import(
    pathToFileURL(createRequire(join(root, "package.json")).resolve("switchboard")).href
  );
  await mark("import");
  const host = await sb.connectHost(configOf(10, 200), { catalog: { debounceMs: 0 } });
  if (host.servers.some((status) => status.state !== "ready")) throw new Error("a server is not ready");
  await mark("connect");
  const cache = new sb.ToolTranslationCache();
  await Promise.all(
    host.pool.connections.map(async (connection) => {
      host.catalog.update(connection.name, await connection.refreshListing(["tools"]));
    }),
  );
  const toolset = sb.buildToolset(host.catalog.snapshot().tools, "anthropic", {
    generation: host.catalog.generation,
    cache,
  });
  await mark("toolset");
  const count = toolset.tools.length;
  await host.close();
  process.stdout.write(`${JSON.stringify({ heap, tools: count })}\n`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function parent(argv) {
  const rounds = argv.includes("--rounds") ? Number(argv[argv.indexOf("--rounds") + 1]) : 5;
  const snapshot = argv.includes("--snapshot") ? argv[argv.indexOf("--snapshot") + 1] : undefined;
  const runs = [];
  for (let round = 0; round < (snapshot ? 1 : rounds); round += 1) {
    const args = ["--expose-gc", fileURLToPath(import.meta.url), "--child"];
    if (snapshot) args.push(snapshot);
    const result = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 24 });
    if (result.status !== 0) throw new Error(`round ${round} failed:\n${result.stderr}`);
    runs.push(JSON.parse(result.stdout.trim().split("\n").at(-1)));
  }
  if (argv.includes("--json")) {
    const medians = Object.fromEntries(
      STAGES.map((stage) => [stage, mb(median(runs.map((run) => run.heap[stage])))]),
    );
    console.log(
      JSON.stringify({ node: process.version, rounds: runs.length, tools: runs[0].tools, heap_mb: medians }),
    );
    return;
  }
  console.log(`heap used (MB, median of ${runs.length} on ${process.version}; delta = kept by the stage)`);
  let previous = 0;
  for (const stage of STAGES) {
    const value = mb(median(runs.map((run) => run.heap[stage])));
    console.log(`${stage.padEnd(8)} ${value.toFixed(2).padStart(7)}  +${(value - previous).toFixed(2)}`);
    previous = value;
  }
  console.log(`tools: ${runs[0].tools}`);
}

if (process.argv[2] === "--child") {
  if (typeof globalThis.gc !== "function") throw new Error("run with --expose-gc");
  await child(process.argv[3]);
} else {
  parent(process.argv.slice(2));
}
