/**
 * The fault matrix: one row per way an MCP server can misbehave. Each row names the fixture mode, the calls the
 * scripted model makes per turn (to the faulty server and to a healthy one beside it), how the host's policy
 * should handle the fault, and what an answer to a faulted call must say.
 */
import type { StdioServerConfig } from "../../src/config/types.js";
import type { ToolOutcome } from "../../src/spec/tool-call.js";

export type Role = "healthy" | "faulty";

export interface PlannedCall {
  server: Role;
  /** The server's tool (default `work`), or pick one from the tool names each earlier request offered. */
  tool?: string | ((offered: readonly (readonly string[])[]) => string);
  args?: Record<string, unknown>;
}

/**
 * - `restart`: the faulty server goes away and comes back by itself (restarts >= 1, ready at the end);
 * - `report-failed`: it never becomes usable and is reported `failed` with a reason naming the fault;
 * - `answer`: it stays connected and each faulted call is answered with what went wrong.
 */
export type Policy = "restart" | "report-failed" | "answer";

export interface FaultCase {
  fault: string;
  transport: "stdio" | "http";
  /** `FAULT` for the fault-stdio or fault-http fixture. */
  mode: string;
  env?: Record<string, string>;
  server?: Partial<Pick<StdioServerConfig, "timeoutMs" | "connectTimeoutMs" | "maxConcurrentCalls">>;
  turns: PlannedCall[][];
  policy: Policy;
  /** Outcomes a call to the faulty server may get. */
  allowed: readonly ToolOutcome[];
  /** At least one call gets this outcome: the fault really happened. */
  expected?: ToolOutcome;
  /** Every error answer from the faulty server says this (names the fault). */
  names: RegExp;
  /** The `failed` reason, for `report-failed`. */
  reason?: RegExp;
  /** Read the faulty server's `stats` after the run (it must still answer). */
  readStats?: boolean;
  /** The model sees only the tool-search facade and makes every call through `call_tool`. */
  toolSearch?: "facade";
}

const healthy = (args: Record<string, unknown> = {}): PlannedCall => ({ server: "healthy", args });
const faulty = (args: Record<string, unknown> = {}): PlannedCall => ({ server: "faulty", args });
const times = (count: number, call: () => PlannedCall): PlannedCall[] => Array.from({ length: count }, call);

/** Turn 1 trips the fault among ordinary calls; turn 2 gives a restart time (a slow healthy call); turn 3 checks. */
function standardTurns(trigger: Record<string, unknown>, settleMs = 0): PlannedCall[][] {
  return [
    [faulty({ ms: 60 }), faulty(trigger), faulty({ ms: 120 }), ...times(3, () => healthy())],
    [healthy({ ms: settleMs }), ...times(2, () => faulty()), healthy()],
    [...times(3, () => faulty()), ...times(2, () => healthy())],
  ];
}

/** Calls to the tool of the faulty server the model never got (it failed to start): a hallucinated name. */
const unreachable: PlannedCall[][] = [
  [...times(3, () => healthy()), faulty()],
  [healthy(), faulty()],
];

/** The ephemeral tool offered in the first request (gone a turn later), or in the latest one. */
const ephemeralIn = (offered: readonly string[] | undefined) =>
  (offered ?? []).find((name) => name.startsWith("faulty__ephemeral_"))?.replace("faulty__", "") ??
  "ephemeral_0";
const firstEphemeral = (offered: readonly (readonly string[])[]) => ephemeralIn(offered[0]);
const latestEphemeral = (offered: readonly (readonly string[])[]) => ephemeralIn(offered.at(-1));

export const faultCases: readonly FaultCase[] = [
  {
    fault: "crash mid-call",
    transport: "stdio",
    mode: "crash-mid-call",
    turns: standardTurns({ fault: true }, 700),
    policy: "restart",
    allowed: ["ok", "server-crashed"],
    expected: "server-crashed",
    names: /exited with code 3|is restarting after an unexpected exit/,
  },
  {
    fault: "hang forever",
    transport: "stdio",
    mode: "hang",
    server: { timeoutMs: 1_000 },
    turns: [
      [faulty({ fault: true }), faulty({ ms: 100 }), ...times(3, () => healthy())],
      [...times(2, () => faulty()), ...times(2, () => healthy())],
    ],
    policy: "answer",
    allowed: ["timeout"],
    expected: "timeout",
    names: /timed out after 1000 ms/,
  },
  {
    fault: "exit on start",
    transport: "stdio",
    mode: "exit-on-start",
    turns: unreachable,
    policy: "report-failed",
    allowed: ["unknown-tool"],
    expected: "unknown-tool",
    names: /There is no tool named "faulty__work"/,
    reason: /exited with code 1 before it was ready/,
  },
  {
    fault: "never initialize",
    transport: "stdio",
    mode: "never-initialize",
    server: { connectTimeoutMs: 1_500 },
    turns: unreachable,
    policy: "report-failed",
    allowed: ["unknown-tool"],
    expected: "unknown-tool",
    names: /There is no tool named "faulty__work"/,
    reason: /did not become ready within 1500 ms/,
  },
  {
    fault: "schema nested 800 levels deep",
    transport: "stdio",
    mode: "deep-schema",
    env: { SCHEMA_DEPTH: "800" },
    turns: unreachable,
    policy: "report-failed",
    allowed: ["unknown-tool"],
    expected: "unknown-tool",
    names: /There is no tool named "faulty__work"/,
    reason: /answer was nested more than 1000 levels deep/,
  },
  {
    fault: "garbage + partial JSON on stdout",
    transport: "stdio",
    mode: "garbage",
    server: { timeoutMs: 1_000 },
    turns: standardTurns({ fault: true }),
    policy: "answer",
    allowed: ["ok", "timeout"],
    expected: "timeout",
    names: /timed out after 1000 ms/,
  },
  {
    fault: "50 MB response",
    transport: "stdio",
    mode: "big-response",
    turns: [
      [
        faulty({ fault: true }),
        faulty({ bytes: 8_000_000 }),
        faulty({ ms: 50 }),
        ...times(3, () => healthy()),
      ],
      [...times(2, () => faulty()), healthy()],
    ],
    policy: "answer",
    allowed: ["ok", "server-error"],
    expected: "server-error",
    names: /answer was 50\.0 MB, over the 10\.0 MB limit/,
  },
  {
    fault: "stderr flood (64 MB)",
    transport: "stdio",
    mode: "stderr-flood",
    turns: [
      [...times(3, () => faulty({ ms: 50 })), ...times(2, () => healthy())],
      [...times(3, () => faulty({ ms: 200 })), ...times(2, () => healthy())],
      [...times(3, () => faulty()), healthy()],
    ],
    policy: "answer",
    allowed: ["ok"],
    names: /^$/,
  },
  {
    fault: "slow start (1.5 s)",
    transport: "stdio",
    mode: "slow-start",
    env: { START_DELAY_MS: "1500" },
    turns: [[...times(3, () => faulty()), ...times(2, () => healthy())]],
    policy: "answer",
    allowed: ["ok"],
    names: /^$/,
  },
  {
    fault: "list_changed storm",
    transport: "stdio",
    mode: "list-changed-storm",
    readStats: true,
    turns: [
      [...times(3, () => faulty({ ms: 150 })), ...times(2, () => healthy())],
      [...times(3, () => faulty({ ms: 150 })), ...times(2, () => healthy())],
      [...times(3, () => faulty({ ms: 150 })), healthy()],
    ],
    policy: "answer",
    allowed: ["ok"],
    names: /^$/,
  },
  {
    fault: "tools churn during calls",
    transport: "stdio",
    mode: "churn",
    turns: [
      [faulty({ ms: 400 }), faulty({ ms: 400 }), { server: "faulty", tool: latestEphemeral }, healthy()],
      [faulty({ ms: 400 }), { server: "faulty", tool: latestEphemeral }, healthy()],
      [faulty(), { server: "faulty", tool: firstEphemeral }, { server: "faulty", tool: latestEphemeral }],
    ],
    policy: "answer",
    // The tool a request offered may be gone from the catalogue (stale) or from the server (it rejects the name)
    // by the time the call runs; a name from an older request of the conversation is answered as removed too
    // (the conversation's name history knows it), never as a tool that never existed.
    allowed: ["ok", "stale-tool", "invalid-arguments", "unknown-tool"],
    expected: "stale-tool",
    names:
      /is no longer available: server "faulty" (no longer lists|removed) "ephemeral_\d+"|Unknown tool: ephemeral_\d+|There is no tool named "faulty__ephemeral_\d+"/,
  },
  {
    fault: "1 MB one-word description",
    transport: "stdio",
    mode: "long-word",
    turns: [
      [...times(3, () => faulty({ ms: 50 })), ...times(2, () => healthy())],
      [faulty(), healthy()],
    ],
    policy: "answer",
    allowed: ["ok"],
    names: /^$/,
  },
  {
    fault: "backtracking pattern in output schema",
    transport: "stdio",
    mode: "backtracking",
    server: { timeoutMs: 2_000 },
    turns: [
      [{ server: "faulty", tool: "match" }, faulty(), ...times(2, () => healthy())],
      [{ server: "faulty", tool: "match" }, healthy()],
    ],
    policy: "answer",
    allowed: ["ok", "invalid-arguments"],
    expected: "invalid-arguments",
    names: /Structured content does not match the tool's output schema: .*must match pattern "\^\(a\+\)\+\$"/,
  },
  {
    fault: "backtracking pattern in input schema (call_tool)",
    transport: "stdio",
    mode: "backtracking",
    toolSearch: "facade",
    server: { timeoutMs: 2_000 },
    turns: [
      [
        { server: "faulty", tool: "match", args: { text: `${"a".repeat(40)}!` } },
        faulty(),
        ...times(2, () => healthy()),
      ],
      [{ server: "faulty", tool: "match", args: { text: `${"a".repeat(60)}!` } }, healthy()],
    ],
    policy: "answer",
    allowed: ["ok", "malformed-call"],
    expected: "malformed-call",
    names:
      /the arguments do not fit the input schema of "faulty__match":\n- arguments\/text: must match pattern "\^\(a\+\)\+\$"/,
  },
  {
    fault: "HTTP 503",
    transport: "http",
    mode: "http-5xx",
    turns: standardTurns({ fault: true }),
    policy: "answer",
    allowed: ["ok", "server-error"],
    expected: "server-error",
    names: /HTTP 503 Service Unavailable/,
  },
  {
    fault: "dropped connection",
    transport: "http",
    mode: "dropped-connection",
    turns: standardTurns({ fault: true }),
    policy: "answer",
    allowed: ["ok", "server-error"],
    expected: "server-error",
    names: /fetch failed \((other side closed|socket hang up|read ECONNRESET)\)/,
  },
  {
    fault: "session expired (404)",
    transport: "http",
    mode: "session-expiry",
    turns: standardTurns({ fault: true }, 700),
    policy: "restart",
    allowed: ["ok", "server-crashed"],
    expected: "server-crashed",
    names: /ended its session \(HTTP 404|is restarting after an unexpected exit/,
  },
  {
    fault: "slow SSE stream",
    transport: "http",
    mode: "slow-sse",
    server: { timeoutMs: 1_500 },
    turns: [
      [faulty({ fault: true }), faulty(), ...times(2, () => healthy())],
      [...times(2, () => faulty()), healthy()],
    ],
    policy: "answer",
    allowed: ["ok", "timeout"],
    expected: "timeout",
    names: /timed out after 1500 ms/,
  },
];
