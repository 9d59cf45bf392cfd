/**
 * Faults on the gateway's client side (`npm run test:faults`): a client of `switchboard serve --stdio` that writes
 * one message far over the 10 MB limit. A 100 MB `tools/call` streamed while another call is running, and a 12 MB
 * answer to the gateway's own sampling request. Each row checks that the oversized message is answered (or, for
 * an answer, fails the request it answered) with an error naming the limit, that the call running beside it and
 * the calls after it are answered, that the gateway's peak memory stays far below the message's size (the line
 * is discarded as it streams past, never buffered), and that EOF still ends the gateway with no child left.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderTable } from "../../src/cli/render-table.js";
import { childPids } from "../e2e/helpers.js";
import { type RawGateway, startRawGateway, writeTwinConfig } from "../e2e/raw-gateway-stdio.js";

const mb = 1024 * 1024;

interface Row {
  fault: string;
  calls: number;
  answered: number;
  refusal: string;
  refusedInMs: number;
  peakRssGrowthMb: number;
  exitMs: number;
  childrenLeft: number;
}

const rows: Row[] = [];
let dir: string;
let config: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "switchboard-gateway-faults-"));
  config = writeTwinConfig(dir);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (rows.length === 0) return;
  const table = renderTable(rows, [
    { header: "fault", value: (row) => row.fault },
    { header: "calls", value: (row) => String(row.calls), align: "right" },
    { header: "answered", value: (row) => String(row.answered), align: "right" },
    { header: "refusal", value: (row) => row.refusal },
    { header: "refused in", value: (row) => `${Math.round(row.refusedInMs)} ms`, align: "right" },
    { header: "peak RSS", value: (row) => `+${Math.round(row.peakRssGrowthMb)} MB`, align: "right" },
    { header: "exit on EOF", value: (row) => `${Math.round(row.exitMs)} ms`, align: "right" },
    { header: "children left", value: (row) => String(row.childrenLeft), align: "right" },
  ]);
  console.log(`\ngateway input faults\n\n${table}\n`);
});

/** Starts a process's peak-RSS count afresh from its current RSS (Linux `clear_refs`), so start-up is not counted. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** Resident memory of a process, now and at its peak (Linux `/proc`), in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Streams a line of `bytes` bytes made of `head`, padding and `tail`, without ever holding it whole. */
async function streamLine(gateway: RawGateway, head: string, tail: string, bytes: number): Promise<void> {
  await gateway.write(head);
  const piece = Buffer.alloc(mb, "x");
  let left = bytes - head.length - tail.length;
  while (left > 0) {
    const size = Math.min(left, piece.length);
    await gateway.write(size === piece.length ? piece : piece.subarray(0, size));
    left -= size;
  }
  await gateway.write(`${tail}\n`);
}

async function finish(gateway: RawGateway, row: Omit<Row, "exitMs" | "childrenLeft">): Promise<void> {
  const servers = childPids(gateway.pid);
  expect(servers.length).toBeGreaterThan(0);
  const started = performance.now();
  expect(await gateway.hangUp()).toEqual({ code: 0, signal: null });
  const exitMs = performance.now() - started;
  // The gateway's servers are gone too (not merely orphaned).
  const childrenLeft = servers.filter((pid) => existsSync(`/proc/${pid}`)).length;
  rows.push({ ...row, exitMs, childrenLeft });
  expect(childrenLeft).toBe(0);
  // Bounded: well below the 100 MB line (buffering it would cost more than that; garbage awaiting collection
  // accounts for what growth there is: 50 MB lines measured +32 MB, 150 MB lines +41 MB).
  expect(row.peakRssGrowthMb).toBeLessThan(64);
}

const echo = (text: string) => ({ name: "twin__echo", arguments: { text } });

describe("gateway input faults", () => {
  it("a 100 MB tools/call line beside a running call: refused naming the limit, everything else answered", async () => {
    const gateway = await startRawGateway(config, { home: dir });
    try {
      resetPeak(gateway.pid);
      const before = memoryOf(gateway.pid);
      await gateway.request("slow", "tools/call", { name: "twin__slow", arguments: { steps: 10 } });
      const started = performance.now();
      await streamLine(
        gateway,
        '{"method":"tools/call","params":{"name":"twin__echo","arguments":{"text":"',
        '"}},"jsonrpc":"2.0","id":"huge"}',
        100 * mb,
      );
      const refused = await gateway.answerTo("huge", 60_000);
      const refusedInMs = performance.now() - started;
      expect(refused.error?.message).toMatch(/was 100\.0 MB, over the 10\.0 MB limit for one message/);
      await gateway.request("after", "tools/call", echo("after the flood"));
      const slow = await gateway.answerTo("slow");
      const after = await gateway.answerTo("after");
      expect(JSON.stringify(slow.result)).toMatch(/finished 10 steps/);
      expect(JSON.stringify(after.result)).toMatch(/after the flood/);
      const peak = memoryOf(gateway.pid).peakMb;
      await finish(gateway, {
        fault: "100 MB request line",
        calls: 3,
        answered: [refused, slow, after].length,
        refusal: `${refused.error?.code} (id ${JSON.stringify(refused.id)})`,
        refusedInMs,
        peakRssGrowthMb: peak - before.rssMb,
      });
    } finally {
      gateway.kill();
    }
  });

  it("a 12 MB answer to the gateway's sampling request: the call that asked fails at once, naming the limit", async () => {
    const gateway = await startRawGateway(config, { home: dir, capabilities: { sampling: {} } });
    try {
      resetPeak(gateway.pid);
      const before = memoryOf(gateway.pid);
      await gateway.request("ask", "tools/call", { name: "twin__ask_sampling", arguments: {} });
      let sampling: { id?: string | number | null } | undefined;
      await expect
        .poll(
          () => {
            sampling = gateway.answers.find(
              (line) => (line as { method?: string }).method === "sampling/createMessage",
            );
            return sampling;
          },
          { timeout: 30_000 },
        )
        .toBeDefined();
      const started = performance.now();
      await streamLine(
        gateway,
        `{"jsonrpc":"2.0","id":${JSON.stringify(sampling?.id)},"result":{"model":"m","role":"assistant","content":{"type":"text","text":"`,
        '"}}}',
        12 * mb,
      );
      const asked = await gateway.answerTo("ask", 60_000);
      const refusedInMs = performance.now() - started;
      expect(JSON.stringify(asked)).toMatch(/answer was 12\.0 MB, over the 10\.0 MB limit for one message/);
      await gateway.request("after", "tools/call", echo("still answering"));
      const after = await gateway.answerTo("after");
      expect(JSON.stringify(after.result)).toMatch(/still answering/);
      const peak = memoryOf(gateway.pid).peakMb;
      await finish(gateway, {
        fault: "12 MB answer to sampling",
        calls: 2,
        answered: [asked, after].length,
        refusal: "tool error",
        refusedInMs,
        peakRssGrowthMb: peak - before.rssMb,
      });
    } finally {
      gateway.kill();
    }
  });
});
