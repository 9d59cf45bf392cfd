/** The fault matrix as a plain-text table: one row per fault, the columns the issue asks for and a few more. */
import { renderTable } from "../../src/cli/render-table.js";
import type { FaultCase } from "./fault-cases.js";
import type { CaseRun } from "./run-fault-case.js";

export interface MatrixRow {
  fault: FaultCase;
  run: CaseRun;
}

export function answeredCount(run: CaseRun): number {
  return run.calls.filter((call) => call.answered).length;
}

/** Calls the model made that never got an answer, plus calls planned but never made (the loop died). */
export function lostCount(run: CaseRun): number {
  return run.planned - answeredCount(run);
}

export function recovery({ fault, run }: MatrixRow): string {
  if (fault.policy === "restart")
    return run.outageMs === undefined ? "not restarted" : `restarted in ${ms(run.outageMs)}`;
  if (fault.policy === "report-failed")
    return run.outageMs === undefined ? "not reported" : `failed after ${ms(run.outageMs)}`;
  if (fault.mode === "slow-start") return `ready in ${ms(run.readyInMs.faulty ?? 0)}`;
  const errors = run.calls.filter((call) => call.role === "faulty" && call.outcome !== "ok");
  if (errors.length === 0) return "no interruption";
  return `answered in ≤${ms(Math.max(...errors.map((call) => call.durationMs ?? 0)))}`;
}

function outcomes(run: CaseRun): string {
  const counts = new Map<string, number>();
  for (const call of run.calls) {
    if (call.role !== "faulty" || call.outcome === "ok") continue;
    const key = call.outcome ?? "?";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([outcome, count]) => `${outcome} ${count}`).join(", ") || "-";
}

function ms(value: number): string {
  return value >= 1_000 ? `${(value / 1_000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

export function renderMatrix(rows: readonly MatrixRow[]): string {
  const table = renderTable(rows, [
    { header: "fault", value: (row) => row.fault.fault },
    { header: "wire", value: (row) => row.fault.transport },
    { header: "model API", value: (row) => row.run.provider },
    { header: "calls", value: (row) => String(row.run.planned), align: "right" },
    { header: "answered", value: (row) => String(answeredCount(row.run)), align: "right" },
    { header: "lost", value: (row) => String(lostCount(row.run)), align: "right" },
    {
      header: "healthy ok",
      value: ({ run }) => {
        const healthy = run.calls.filter((call) => call.role === "healthy");
        return `${healthy.filter((call) => call.outcome === "ok").length}/${healthy.length}`;
      },
      align: "right",
    },
    { header: "faulty errors", value: (row) => outcomes(row.run) },
    { header: "policy", value: (row) => row.fault.policy },
    { header: "time to recover", value: recovery },
    {
      header: "peak RSS",
      value: (row) => `+${Math.round(row.run.memory.peakRssGrowthMb)} MB`,
      align: "right",
    },
    { header: "children left", value: (row) => String(row.run.survivors.length), align: "right" },
    { header: "close", value: (row) => ms(row.run.closeMs), align: "right" },
    { header: "row time", value: (row) => ms(row.run.totalMs), align: "right" },
  ]);
  const lost = rows.reduce((sum, row) => sum + lostCount(row.run), 0);
  const calls = rows.reduce((sum, row) => sum + row.run.planned, 0);
  return `${table}\n\n${rows.length} faults, ${calls} calls, ${lost} lost`;
}
