/**
 * Signals as faults (`npx vitest run -c vitest.faults.config.ts test/faults/signals.test.ts`): `switchboard run
 * --json` with a healthy server and a stubborn one (ignores stdin EOF, SIGTERM, SIGINT, SIGHUP) behind `sh -c`,
 * stopped by SIGINT, SIGTERM or SIGHUP during start-up (the stubborn server never answers `initialize`) or while
 * its call hangs beside finished healthy calls. Each row checks the exit code, that every call the model made
 * has exactly one answer in the run's report (0 lost), that the healthy calls kept their results, and that no
 * process of the run (the CLI, its servers, the wrapper and its child) is alive 5 s after the exit.
 */
import { mkdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunReport } from "../../src/cli/commands/run.js";
import { renderTable } from "../../src/cli/render-table.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { childPids, isAlive, waitFor } from "../e2e/helpers.js";
import { startCli } from "../e2e/run-cli.js";
import { fixtureCommand, loggedPids, stubbornLog, wrappedStubborn } from "../fixtures/fixture-command.js";

type Signal = "SIGINT" | "SIGTERM" | "SIGHUP";
type Phase = "start-up" | "mid-call";

const exitCodes: Record<Signal, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** What the model asks for in its first turn: three healthy calls and the one that hangs. */
const firstTurn = [
  { name: "healthy__work", arguments: { id: "h1" } },
  { name: "healthy__work", arguments: { id: "h2", ms: 50 } },
  { name: "stubborn__hang", arguments: {} },
  { name: "healthy__work", arguments: { id: "h3" } },
];

interface Row {
  signal: Signal;
  phase: Phase;
  made: number;
  answered: number;
  lost: number;
  code: number | null;
  survivors: number;
}

let scratch: string;
let emulator: Emulator;
const rows: Row[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "switchboard-fault-signals-"));
  emulator = await startEmulator({
    script: (view: RequestView): Turn =>
      view.toolResults.length === 0 ? { toolCalls: firstTurn } : { text: "done" },
  });
});

afterAll(async () => {
  await emulator?.close();
  await rm(scratch, { recursive: true, force: true });
  if (rows.length > 0) {
    const order = (row: Row) =>
      cases.findIndex(([signal, phase]) => signal === row.signal && phase === row.phase);
    const table = renderTable(
      [...rows].sort((a, b) => order(a) - order(b)),
      [
        { header: "signal", value: (row) => row.signal },
        { header: "phase", value: (row) => row.phase },
        { header: "calls", value: (row) => String(row.made), align: "right" },
        { header: "answered", value: (row) => String(row.answered), align: "right" },
        { header: "lost", value: (row) => String(row.lost), align: "right" },
        { header: "exit", value: (row) => String(row.code), align: "right" },
        { header: "left running", value: (row) => String(row.survivors), align: "right" },
      ],
    );
    console.log(`\nsignals (stubborn server behind sh -c)\n\n${table}\n`);
  }
});

const cases = (["start-up", "mid-call"] as const).flatMap((phase) =>
  (["SIGINT", "SIGTERM", "SIGHUP"] as const).map((signal) => [signal, phase] as const),
);

describe.concurrent("signals during a run", () => {
  it.each(cases)(
    "%s during %s: every call answered, nothing left running",
    async (signal, phase) => {
      const dir = join(scratch, `${signal}-${phase}`);
      mkdirSync(dir);
      const log = join(dir, "pids.log");
      const config = join(dir, "switchboard.json");
      const healthy = fixtureCommand("fault-stdio");
      await writeFile(
        config,
        JSON.stringify({
          mcpServers: {
            healthy: { ...healthy, env: { FAULT: "none", FAULT_LABEL: "healthy" } },
            stubborn: wrappedStubborn(log, { hangStart: phase === "start-up" }),
          },
        }),
      );
      const output = startCli(["run", "go", "--json", "--config", config], {
        cwd: dir,
        anthropicBaseUrl: emulator.baseUrls.anthropic,
      });
      const child = output.child;
      await waitFor(() => loggedPids(log).length === 2, 20_000, "the stubborn server's start");
      if (phase === "mid-call") {
        await waitFor(() => stubbornLog(log).includes("call hang"), 20_000, "the hanging call");
        // The healthy calls have finished (each is reported on stderr as it does).
        await waitFor(
          () => (output.stderr().match(/healthy\/work .* ok$/gm) ?? []).length === 3,
          20_000,
          "the healthy calls",
        );
      }
      // The CLI's own children (the healthy server, the wrapper) and the wrapper's child (the stubborn server).
      const cli = child.pid ?? 0;
      const pids = [cli, ...childPids(cli), ...loggedPids(log)];
      child.kill(signal);
      const code = await output.exited;
      let survivors: number[] = [];
      try {
        await waitFor(() => pids.every((pid) => !isAlive(pid)), 5_000, "the run's processes to be gone");
      } catch {
        survivors = pids.filter(isAlive);
        for (const pid of survivors) process.kill(pid, "SIGKILL");
      }

      const report = phase === "mid-call" ? (JSON.parse(output.stdout()) as RunReport) : undefined;
      const made = phase === "mid-call" ? firstTurn.length : 0;
      const answers = report?.toolCalls ?? [];
      const row: Row = {
        signal,
        phase,
        made,
        answered: answers.length,
        lost: made - answers.length,
        code,
        survivors: survivors.length,
      };
      rows.push(row);

      expect(survivors).toEqual([]);
      expect(code, output.stderr()).toBe(exitCodes[signal]);
      expect(row.lost).toBe(0);
      if (report !== undefined) {
        expect(report.stopReason).toBe("aborted");
        // One answer per call, and each healthy call kept its own result.
        expect(answers.map((call) => `${call.server}/${call.tool}`).sort()).toEqual(
          firstTurn.map((call) => call.name.replace("__", "/")).sort(),
        );
        for (const call of answers.filter((entry) => entry.server === "healthy"))
          expect(call.outcome).toBe("ok");
        expect(answers.find((call) => call.tool === "hang")?.outcome).not.toBe("ok");
      }
    },
    90_000,
  );
});
