/**
 * The fault matrix (`npm run test:faults`): for each way an MCP server can misbehave, the agent loop runs against
 * the strict emulator with a healthy server beside the faulty one, and the row checks that the loop ends, every
 * call is answered exactly once (the emulator rejects a request that leaves one unanswered), the healthy
 * server's calls all succeed and come back to the right call, every error answer names the fault, memory stays
 * bounded, no child process survives, and the faulty server is restarted or reported as its policy says. The
 * model API rotates over the four the emulator speaks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { geminiAdapter } from "../../src/providers/gemini/gemini-adapter.js";
import { openaiChatAdapter } from "../../src/providers/openai-chat/openai-chat-adapter.js";
import { openaiResponsesAdapter } from "../../src/providers/openai-responses/openai-responses-adapter.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, Policy, RequestView } from "../../src/testing/emulator/types.js";
import { type FaultCase, faultCases } from "./fault-cases.js";
import { lostCount, type MatrixRow, renderMatrix } from "./fault-table.js";
import { type AnyAdapter, type CaseRun, casePolicy, runFaultCase } from "./run-fault-case.js";

const adapters: ((emulator: Emulator) => AnyAdapter)[] = [
  (emulator) =>
    anthropicAdapter({
      model: "claude-opus-4-8",
      clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
    }),
  (emulator) =>
    openaiChatAdapter({
      model: "gpt-4.1",
      clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 },
    }),
  (emulator) =>
    openaiResponsesAdapter({
      model: "gpt-5",
      clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 },
    }),
  (emulator) =>
    geminiAdapter({
      model: "gemini-3-flash-preview",
      clientOptions: { apiKey: "test", baseUrl: emulator.baseUrls.gemini },
    }),
];

const policies = new Map<string, Policy>();
const views = new Map<string, RequestView[]>();
for (const fault of faultCases) policies.set(fault.fault, casePolicy(fault, []));

let emulator: Emulator;
const rows: MatrixRow[] = [];

beforeAll(async () => {
  emulator = await startEmulator({
    script: (view) => {
      views.set(view.system, [...(views.get(view.system) ?? []), view]);
      const policy = policies.get(view.system);
      if (policy === undefined) throw new Error(`no fault named ${view.system}`);
      return policy(view);
    },
  });
});

afterAll(async () => {
  await emulator?.close();
  if (rows.length > 0) console.log(`\nfault matrix\n\n${renderMatrix(rows)}\n`);
});

describe("fault matrix", () => {
  faultCases.forEach((fault, index) => {
    it(`${fault.fault}: every call answered, healthy calls unharmed, nothing left running`, async () => {
      const make = adapters[index % adapters.length]!;
      const run = await runFaultCase(
        fault,
        { adapter: make(emulator), statuses: () => emulator.requests.map((request) => request.status) },
        () => views.get(fault.fault) ?? [],
      );
      rows.push({ fault, run });
      assertRow(fault, run);
    }, 120_000);
  });
});

function assertRow(fault: FaultCase, run: CaseRun): void {
  // The loop ends, normally, and the strict emulator accepted every request (so every call was answered in the
  // provider's shape and position).
  expect(run.loopError).toBeUndefined();
  expect(run.result?.stopReason, run.result?.detail).toBe("done");
  expect(run.accepted, `statuses ${run.statuses.join(",")}`).toBe(true);
  // Nothing lost, nothing duplicated: one answer per call the model made, and every planned call was made.
  expect(run.calls).toHaveLength(run.planned);
  expect(lostCount(run)).toBe(0);
  expect(run.duplicates).toBe(0);
  expect(new Set(run.calls.map((call) => call.id)).size).toBe(run.planned);
  expect(run.result?.toolCalls).toHaveLength(run.planned);

  // The healthy server's calls all succeed and each answer belongs to its own call (no misrouting).
  for (const call of run.calls.filter((entry) => entry.role === "healthy")) {
    expect(call.outcome, call.text).toBe("ok");
    expect(call.text).toBe(`healthy:${call.id}`);
  }
  // The faulty server's calls: an allowed outcome; an answer that is its own, or an error naming the fault.
  const faulty = run.calls.filter((entry) => entry.role === "faulty");
  for (const call of faulty) {
    expect(fault.allowed, `${call.id}: ${call.text}`).toContain(call.outcome);
    if (call.outcome === "ok") {
      const own = call.name === "faulty__work" ? `faulty:${call.id}` : `faulty:${call.name.slice(8)}`;
      // A long answer is cut for the model; the part kept still starts with the call's own id.
      expect(call.text === own || call.text.startsWith(`${own} `), call.text).toBe(true);
    } else {
      // Chat Completions and Responses have no error flag: the text says it (`Error (<kind>): ...`).
      if (run.provider === "anthropic") expect(call.isError).toBe(true);
      expect(call.text).toMatch(fault.names);
    }
  }
  if (fault.expected !== undefined) expect(faulty.map((call) => call.outcome)).toContain(fault.expected);

  // Policy: restarted, reported failed, or answered while staying connected.
  if (fault.policy === "restart") {
    expect(run.restarts).toBeGreaterThanOrEqual(1);
    expect(run.faultyState).toBe("ready");
    expect(run.outageMs).toBeDefined();
    // After the restart, the last turn's calls to it succeed again.
    const lastTurn = Math.max(...faulty.map((call) => call.turn));
    expect(faulty.filter((call) => call.turn === lastTurn).map((call) => call.outcome)).toEqual(
      faulty.filter((call) => call.turn === lastTurn).map(() => "ok"),
    );
  } else if (fault.policy === "report-failed") {
    expect(run.faultyState).toBe("failed");
    expect(run.faultyReason).toMatch(fault.reason ?? /./);
  } else {
    expect(run.faultyState).toBe("ready");
    expect(run.restarts).toBe(0);
  }

  // Bounded memory, and no process left behind.
  expect(run.memory.heapGrowthMb, "heap left after GC").toBeLessThan(48);
  expect(run.memory.peakRssGrowthMb, "peak RSS growth").toBeLessThan(400);
  expect(run.survivors).toEqual([]);
  modeChecks(fault, run);
}

/** What each fault specifically promises beyond the common checks. */
function modeChecks(fault: FaultCase, run: CaseRun): void {
  switch (fault.mode) {
    case "stderr-flood":
      // The tail kept for reports stays small however much the server writes.
      expect(run.stderrTailBytes).toBeGreaterThan(0);
      expect(run.stderrTailBytes).toBeLessThan(20_000);
      break;
    case "garbage":
      // Each stray line was reported, none was fatal.
      expect(run.errorEvents).toBeGreaterThanOrEqual(5);
      break;
    case "list-changed-storm":
      // ~1,000 notifications a second, debounced to about one re-list per maxWait (250 ms); nothing changed, so
      // no new generation.
      expect(run.stats?.lists).toBeLessThan(run.totalMs / 200 + 10);
      expect(run.catalogChanges).toBe(0);
      break;
    case "churn":
      expect(run.catalogChanges).toBeGreaterThan(0);
      // Calls in flight while the tools churned were not disturbed.
      for (const call of run.calls.filter((entry) => entry.name === "faulty__work"))
        expect(call.outcome).toBe("ok");
      break;
    case "slow-start":
      // Connected in parallel: the healthy server did not wait for the slow one.
      expect(run.readyInMs.faulty).toBeGreaterThanOrEqual(1_500);
      expect(run.readyInMs.healthy).toBeLessThan((run.readyInMs.faulty ?? 0) - 1_000);
      break;
    case "hang":
      // The frozen process ignored stdin EOF and SIGTERM; close still ended it (SIGKILL) within the grace periods.
      expect(run.closeMs).toBeLessThan(3_000);
      break;
  }
}
