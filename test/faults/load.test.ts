/**
 * Load: 10 servers, 10,000 calls through dispatch with 256 in flight at all times. Every call must come back
 * exactly once, to the call that made it, from the server it was addressed to; each server must have run each of
 * its calls once and never more at a time than its `maxConcurrentCalls`. Reports throughput and latency.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { dispatchToolCalls } from "../../src/dispatch/dispatch-tool-calls.js";
import type { ToolCall, ToolResult } from "../../src/spec/tool-call.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";
import { childPids } from "../e2e/helpers.js";
import { fixtureServer } from "../fixtures/fixture-command.js";
import { type MemoryReport, startMemoryProbe } from "./memory-probe.js";

const SERVERS = 10;
const CALLS = 10_000;
const IN_FLIGHT = 256;
/** Per-server concurrency limits: most servers are a bottleneck, so calls queue in the host. */
const LIMITS = [2, 4, 4, 8, 8, 8, 16, 16, 32, 64];

let host: Host;

beforeAll(async () => {
  const servers = Array.from({ length: SERVERS }, (_, index) =>
    fixtureServer("fault-stdio", {
      name: `s${index}`,
      env: { FAULT: "none", FAULT_LABEL: `s${index}` },
      maxConcurrentCalls: LIMITS[index] ?? 8,
      timeoutMs: 60_000,
    }),
  );
  host = await connectHost({
    file: "<load>",
    servers: Object.fromEntries(servers.map((server) => [server.name, server])),
    agents: {},
  });
  expect(host.servers.map((server) => server.state)).toEqual(servers.map(() => "ready"));
});

afterAll(async () => {
  await host?.close();
  expect(childPids()).toEqual([]);
});

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

describe("load", () => {
  it(`${CALLS} calls over ${SERVERS} servers, ${IN_FLIGHT} in flight: none lost, duplicated or misrouted`, async () => {
    const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic", {
      generation: host.catalog.generation,
    });
    const calls: ToolCall[] = Array.from({ length: CALLS }, (_, index) => ({
      id: `call_${index}`,
      name: `s${index % SERVERS}__work`,
      arguments: { id: `call_${index}`, ms: 2 + (index % 5) },
    }));
    const results = new Map<string, ToolResult[]>();
    let next = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const probe = startMemoryProbe();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < calls.length) {
          const call = calls[next++]!;
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          const [result] = await dispatchToolCalls([call], { toolset, host });
          inFlight -= 1;
          results.set(call.id, [...(results.get(call.id) ?? []), result!]);
        }
      }),
    );
    const elapsedMs = performance.now() - started;
    const hostCpu = process.cpuUsage(cpu);
    const memory: MemoryReport = probe.stop();

    // Every call answered exactly once, by its own result, from the server it named, with its own payload.
    expect(results.size).toBe(CALLS);
    const wrong: string[] = [];
    for (const [index, call] of calls.entries()) {
      const answers = results.get(call.id) ?? [];
      const result = answers[0];
      const text = result?.content[0]?.type === "text" ? result.content[0].text : "";
      const server = `s${index % SERVERS}`;
      if (
        answers.length !== 1 ||
        result?.callId !== call.id ||
        result.outcome !== "ok" ||
        result.server !== server ||
        text !== `${server}:${call.id}`
      )
        wrong.push(`${call.id}: ${answers.length} answers, ${JSON.stringify(result).slice(0, 200)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(maxInFlight).toBe(IN_FLIGHT);

    // Each server ran each of its calls once, and never more at once than its limit (and did reach it).
    const perServer: { server: string; limit: number; calls: number; maxRunning: number }[] = [];
    for (let index = 0; index < SERVERS; index += 1) {
      const answer = await host.callTool(`s${index}`, "stats", {});
      const stats = JSON.parse((answer.content[0] as { text: string }).text) as {
        calls: number;
        maxRunning: number;
      };
      perServer.push({ server: `s${index}`, limit: LIMITS[index] ?? 8, ...stats });
    }
    for (const row of perServer) {
      expect(row.calls, row.server).toBe(CALLS / SERVERS);
      expect(row.maxRunning, row.server).toBeLessThanOrEqual(row.limit);
    }
    // The limits were really exercised (calls queued in the host), not merely never approached.
    expect(perServer.filter((row) => row.maxRunning === row.limit).length).toBeGreaterThanOrEqual(
      SERVERS / 2,
    );

    const latencies = [...results.values()]
      .map((answers) => answers[0]?.durationMs ?? 0)
      .sort((a, b) => a - b);
    const throughput = CALLS / (elapsedMs / 1_000);
    console.log(
      [
        "",
        `load: ${CALLS} calls, ${SERVERS} servers (limits ${LIMITS.join("/")}), ${IN_FLIGHT} in flight`,
        `  lost 0, duplicated 0, misrouted 0 (checked per call and per server)`,
        `  elapsed ${(elapsedMs / 1_000).toFixed(2)} s, throughput ${Math.round(throughput)} calls/s (10 server processes and the host share this machine's cores)`,
        `  host CPU ${((hostCpu.user + hostCpu.system) / 1_000 / CALLS).toFixed(3)} ms per call (dispatch, queueing, JSON-RPC, SDK validation)`,
        `  latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms (includes queueing behind each server's limit)`,
        `  per server max running: ${perServer.map((row) => `${row.server} ${row.maxRunning}/${row.limit}`).join(", ")}`,
        `  memory: peak RSS +${Math.round(memory.peakRssGrowthMb)} MB, heap after GC +${memory.heapGrowthMb.toFixed(1)} MB`,
        "",
      ].join("\n"),
    );
    expect(memory.heapGrowthMb).toBeLessThan(64);
  }, 120_000);
});
