/**
 * Connect-and-list time for 1 and for 10 stdio servers started together: spawn, `initialize` and a full first
 * listing, until every server is ready. Several rounds, median. With perfect overlap t(10) ≈ t(1), so the ratio
 * t(10)/t(1) is 1 and the overlap 10·t(1)/t(10) is 10; fully serial connects would give 10 and 1. Booting a
 * Node server is CPU-bound (~0.2 s), so on a 2-core machine 10 boots cannot beat ~5× t(1); the delayed fixture
 * separates the host's overlap from the machine's core count.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerConfig, SwitchboardConfig } from "../src/config/types.js";
import { ConnectionPool } from "../src/connect/connection-pool.js";
import { fixtureServer, npmStdioServer } from "../test/fixtures/fixture-command.js";
import { type BenchContext, median } from "./run.js";

const rounds = 7;
const counts = [1, 10] as const;

type ServerFactory = (index: number, scratch: string) => ServerConfig;

const kinds: Record<string, ServerFactory> = {
  "server-memory": (index, scratch) =>
    npmStdioServer("memory", [], {
      name: `memory-${index}`,
      env: { MEMORY_FILE_PATH: join(scratch, `memory-${index}.jsonl`) },
    }),
  "paging fixture": (index) => ({ ...fixtureServer("paging-server"), name: `paging-${index}` }),
  // Mostly waiting, little CPU: shows how well connects overlap once the machine's cores are not the limit.
  "paging fixture, 500 ms start delay": (index) => ({
    ...fixtureServer("paging-server", { env: { FIXTURE_START_DELAY_MS: "500" } }),
    name: `paging-delay-${index}`,
  }),
};

function configOf(servers: ServerConfig[]): SwitchboardConfig {
  return {
    file: "<bench>",
    servers: Object.fromEntries(servers.map((server) => [server.name, server])),
    agents: {},
  };
}

/** Milliseconds from "connect these" to "all ready and listed"; shutdown is not timed. */
async function connectOnce(servers: ServerConfig[]): Promise<number> {
  const started = performance.now();
  const pool = await ConnectionPool.connect(configOf(servers));
  const elapsed = performance.now() - started;
  const failed = pool.statuses().filter((status) => status.state !== "ready");
  await pool.closeAll();
  if (failed.length > 0)
    throw new Error(`Bench server failed: ${failed.map((status) => status.reason).join("; ")}`);
  return elapsed;
}

export default async function connectBench(context: BenchContext): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), "switchboard-bench-"));
  try {
    for (const [kind, make] of Object.entries(kinds)) {
      const medians = new Map<number, number>();
      for (const count of counts) {
        const servers = Array.from({ length: count }, (_, index) => make(index, scratch));
        await connectOnce(servers); // warm-up: disk caches, compiled fixtures
        const times: number[] = [];
        for (let round = 0; round < rounds; round += 1) times.push(await connectOnce(servers));
        medians.set(count, median(times));
        context.report({
          name: `${kind} × ${count}`,
          values: {
            median_ms: Math.round(median(times)),
            min_ms: Math.round(Math.min(...times)),
            max_ms: Math.round(Math.max(...times)),
            rounds,
          },
        });
      }
      const one = medians.get(1)!;
      const ten = medians.get(10)!;
      context.report({
        name: `${kind} parallelism`,
        values: {
          "t(10)/t(1)": (ten / one).toFixed(2),
          "overlap 10·t(1)/t(10)": ((10 * one) / ten).toFixed(2),
        },
      });
    }
    context.log(`cores: ${(await import("node:os")).availableParallelism()}, node ${process.version}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
