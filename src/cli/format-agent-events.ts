/**
 * How `run` and `chat` show the loop on stderr: one line per tool call when it ends, and warnings. Pure: events
 * in, text out (undefined when an event is not shown).
 */
import type { AgentEvent } from "../agent/agent-events.js";
import type { AgentResult } from "../agent/run-agent.js";

export function formatAgentEvent(event: AgentEvent): string | undefined {
  switch (event.type) {
    case "tool-call-end": {
      const where = event.server === undefined ? event.name : `${event.server}/${event.tool ?? event.name}`;
      const outcome = event.outcome === "ok" ? "ok" : `error ${event.outcome}`;
      return `→ ${where} … ${formatDuration(event.durationMs)} ${outcome}`;
    }
    case "warning":
      return `warning: ${event.warning.message}`;
    default:
      return undefined;
  }
}

export function formatDuration(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** One line saying why a run ended early; undefined when it simply finished. */
export function describeStop(result: AgentResult, provider: string): string | undefined {
  switch (result.stopReason) {
    case "done":
      return undefined;
    case "aborted":
      return "interrupted; every started tool call was answered";
    case "max-turns":
      return `stopped after ${result.turns} turns (--max-turns); the model still wanted to call tools`;
    case "budget":
      return `stopped: budget spent (${result.detail ?? "limit reached"})`;
    case "error":
      return `${provider} request failed: ${result.detail ?? "unknown error"}`;
  }
}
