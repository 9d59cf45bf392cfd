/**
 * Runs one row of the fault matrix: a healthy stdio server and the faulty one in one host, the real agent loop
 * (`runAgent` + `liveToolset`) against the strict emulator through an official SDK, then a graceful close. It
 * measures rather than asserts, so the suite can print the whole table and assert row by row.
 */
import { liveToolset } from "../../src/agent/live-toolset.js";
import { type AgentResult, runAgent } from "../../src/agent/run-agent.js";
import { connectHost, type Host } from "../../src/catalog/host.js";
import type { ServerConfig } from "../../src/config/types.js";
import type { ConnectionState } from "../../src/connect/types.js";
import type { ModelAdapter } from "../../src/spec/model-adapter.js";
import type { ToolOutcome } from "../../src/spec/tool-call.js";
import type { RequestView, Policy as ScriptPolicy, Turn } from "../../src/testing/emulator/types.js";
import { childPids } from "../e2e/helpers.js";
import { fixtureServer, httpServer } from "../fixtures/fixture-command.js";
import type { FaultCase, Role } from "./fault-cases.js";
import { startFaultHttp } from "./http-fault-server.js";
import { type MemoryReport, startMemoryProbe } from "./memory-probe.js";

// biome-ignore lint/suspicious/noExplicitAny: adapters of every provider's message types.
export type AnyAdapter = ModelAdapter<any, any>;

/** One call as the model made it and as it was answered. */
export interface AnsweredCall {
  turn: number;
  role: Role;
  /** The `id` argument the model gave (unique per call in a run). */
  id: string;
  name: string;
  /** Whether the emulator received an answer for this call in the next request. */
  answered: boolean;
  text: string;
  isError: boolean;
  outcome?: ToolOutcome;
  durationMs?: number;
}

export interface CaseRun {
  fault: string;
  provider: string;
  planned: number;
  calls: AnsweredCall[];
  /** Answers beyond one per call, over every turn. */
  duplicates: number;
  result: AgentResult | undefined;
  loopError?: unknown;
  /** Every request the emulator answered with 200. */
  accepted: boolean;
  statuses: number[];
  faultyState: ConnectionState | "absent";
  faultyReason?: string;
  restarts: number;
  stderrTailBytes: number;
  readyInMs: { healthy?: number; faulty?: number };
  /** ms the faulty server spent away from `ready` (restart policy), or until `failed` (report policy). */
  outageMs: number | undefined;
  stats?: Record<string, number>;
  catalogChanges: number;
  errorEvents: number;
  survivors: number[];
  memory: MemoryReport;
  totalMs: number;
  closeMs: number;
}

export interface CaseEnvironment {
  adapter: AnyAdapter;
  /** Requests the emulator has recorded so far (shared by every row). */
  statuses(): number[];
}

const healthyServer = (): ServerConfig =>
  fixtureServer("fault-stdio", { name: "healthy", env: { FAULT: "none", FAULT_LABEL: "healthy" } });

/** Call ids are unique per run: `<row>-t<turn>-<n>`. */
const rowKey = (fault: string) => fault.replace(/[^a-z0-9]+/gi, "-").toLowerCase();

/**
 * The emulator only lets a script call tools the request offers. A call to any other name (a tool of a server
 * that never started, one a previous request offered) is scripted as a call to this offered tool with the real
 * name in `as`, and `hallucinating` renames it in the response before the loop sees it: the model
 * hallucinated the name.
 */
const placeholder = "healthy__stats";

/** The scripted model for one row: the planned calls of each turn, then a final answer. */
export function casePolicy(fault: FaultCase, offered: string[][]): ScriptPolicy {
  return (view: RequestView): Turn => {
    offered.push(view.tools);
    const plan = fault.turns[view.turnIndex];
    if (plan === undefined) return { text: `done after ${view.turnIndex} turns` };
    return {
      toolCalls: plan.map((call, index) => {
        const tool = typeof call.tool === "function" ? call.tool(offered) : (call.tool ?? "work");
        const args = { id: `${rowKey(fault.fault)}-t${view.turnIndex}-${index}`, ...call.args };
        const name = `${call.server}__${tool}`;
        if (fault.toolSearch === "facade") return { name: "call_tool", arguments: { name, arguments: args } };
        if (view.tools.includes(name)) return { name, arguments: args };
        return { name: placeholder, arguments: { ...args, as: name } };
      }),
    };
  };
}

/** The adapter with every placeholder call renamed to its `as` name, in the calls and the native response. */
export function hallucinating(adapter: AnyAdapter): AnyAdapter {
  return {
    ...adapter,
    async generate(request) {
      const response = await adapter.generate(request);
      const names: string[] = [];
      for (const call of response.toolCalls) {
        const as = (call.arguments as { as?: unknown } | null)?.as;
        if (call.name !== placeholder || typeof as !== "string") continue;
        call.name = as;
        names.push(as);
      }
      if (names.length > 0) renameNodes(response.response, names);
      return response;
    },
  };
}

/** Renames, in document order, the objects whose `name` is the placeholder (the native tool-call nodes). */
function renameNodes(value: unknown, names: string[]): void {
  if (Array.isArray(value)) for (const item of value) renameNodes(item, names);
  else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    if (record.name === placeholder && names.length > 0) record.name = names.shift();
    for (const item of Object.values(record)) renameNodes(item, names);
  }
}

export async function runFaultCase(
  fault: FaultCase,
  environment: CaseEnvironment,
  views: () => RequestView[],
): Promise<CaseRun> {
  const started = performance.now();
  const memory = startMemoryProbe();
  const http = fault.transport === "http" ? await startFaultHttp(fault.mode, fault.env) : undefined;
  const faultyConfig: ServerConfig =
    http === undefined
      ? fixtureServer("fault-stdio", {
          name: "faulty",
          env: { FAULT: fault.mode, FAULT_LABEL: "faulty", ...fault.env },
          ...fault.server,
        })
      : httpServer("faulty", http.url, { transport: "streamable-http", ...fault.server });
  const transitions: { state: ConnectionState; at: number }[] = [];
  const requestsBefore = environment.statuses().length;
  const connectStarted = performance.now();
  let host: Host | undefined;
  let run: Partial<CaseRun> = {};
  try {
    host = await connectHost(
      { file: "<fault-matrix>", servers: { healthy: healthyServer(), faulty: faultyConfig }, agents: {} },
      {
        restart: { initialDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 3 },
        closeGraceMs: 500,
        killGraceMs: 500,
        catalog: { debounceMs: 20, maxWaitMs: 250 },
        onState: (server, state) => {
          if (server === "faulty") transitions.push({ state, at: performance.now() });
        },
      },
    );
    run = await drive(fault, environment, host, views);
  } finally {
    const closing = performance.now();
    await host?.close();
    await http?.stop();
    run.closeMs = performance.now() - closing;
  }
  const statuses = environment.statuses().slice(requestsBefore);
  return {
    ...(run as Omit<CaseRun, "survivors" | "memory" | "totalMs" | "statuses" | "accepted">),
    fault: fault.fault,
    statuses,
    accepted: statuses.length > 0 && statuses.every((status) => status === 200),
    outageMs: outage(fault, transitions, connectStarted),
    survivors: childPids(),
    memory: memory.stop(),
    totalMs: performance.now() - started,
  };
}

async function drive(
  fault: FaultCase,
  environment: CaseEnvironment,
  host: Host,
  views: () => RequestView[],
): Promise<Partial<CaseRun>> {
  const faulty = host.pool.get("faulty");
  let errorEvents = 0;
  faulty?.on("error", () => {
    errorEvents += 1;
  });
  let catalogChanges = 0;
  host.catalog.on("change", (change) => {
    if (change.server === "faulty") catalogChanges += 1;
  });
  const events = new Map<string, { outcome: ToolOutcome; durationMs: number }>();
  const argIds = new Map<string, string>();
  let result: AgentResult | undefined;
  let loopError: unknown;
  try {
    result = await withDeadline(
      runAgent({
        adapter: hallucinating(environment.adapter),
        host,
        buildTools: liveToolset({
          catalog: host.catalog,
          target: environment.adapter.target,
          ...(fault.toolSearch === undefined ? {} : { toolSearch: { mode: fault.toolSearch } }),
        }),
        prompt: "Use the tools.",
        system: fault.fault,
        maxTurns: fault.turns.length + 2,
        onEvent: (event) => {
          if (event.type === "tool-call-start") {
            const id = targetOf(event.name, event.arguments).args?.id;
            argIds.set(`${event.turn}:${event.callId}`, typeof id === "string" ? id : event.name);
          }
          if (event.type === "tool-call-end") {
            const key = argIds.get(`${event.turn}:${event.callId}`) ?? `${event.turn}:${event.name}`;
            events.set(key, { outcome: event.outcome, durationMs: event.durationMs });
          }
        },
      }),
      90_000,
    );
  } catch (error) {
    loopError = error;
  }
  const stats =
    fault.readStats === true && faulty?.state === "ready"
      ? await host
          .callTool("faulty", "stats", {}, { timeoutMs: 2_000 })
          .then(
            (answer) => JSON.parse((answer.content[0] as { text: string }).text) as Record<string, number>,
          )
          .catch(() => undefined)
      : undefined;
  const status = host.servers.find((server) => server.name === "faulty");
  return {
    provider: environment.adapter.wire,
    planned: fault.turns.reduce((sum, turn) => sum + turn.length, 0),
    ...answeredCalls(views(), events),
    result,
    loopError,
    faultyState: status?.state === "disabled" || status === undefined ? "absent" : status.state,
    ...(status?.reason === undefined ? {} : { faultyReason: status.reason }),
    restarts: status?.restarts ?? 0,
    stderrTailBytes: Buffer.byteLength(faulty?.stderrTail() ?? ""),
    readyInMs: {
      ...ready(host, "healthy"),
      ...ready(host, "faulty"),
    },
    ...(stats === undefined ? {} : { stats }),
    catalogChanges,
    errorEvents,
  };
}

function ready(host: Host, name: Role): Partial<Record<Role, number>> {
  const info = host.servers.find((server) => server.name === name)?.info;
  return info === undefined ? {} : { [name]: info.readyInMs };
}

/** Pairs each call of each assistant turn with the results of the user turn after it (same order everywhere). */
function answeredCalls(
  views: readonly RequestView[],
  events: ReadonlyMap<string, { outcome: ToolOutcome; durationMs: number }>,
): { calls: AnsweredCall[]; duplicates: number } {
  const last = views.at(-1);
  const calls: AnsweredCall[] = [];
  let duplicates = 0;
  let turn = 0;
  last?.messages.forEach((message, index) => {
    if (message.role !== "assistant" || message.toolCalls.length === 0) return;
    turn += 1;
    const results = last.messages[index + 1]?.toolResults ?? [];
    duplicates += Math.max(0, results.length - message.toolCalls.length);
    message.toolCalls.forEach((call, position) => {
      const target = targetOf(call.name, call.arguments);
      const id = target.args?.id;
      const key = typeof id === "string" ? id : `${turn}:${target.name}`;
      const answer = results[position];
      const event = events.get(key);
      calls.push({
        turn,
        role: target.name.startsWith("healthy__") ? "healthy" : "faulty",
        id: key,
        name: target.name,
        answered: answer !== undefined,
        text: answer?.text ?? "",
        isError: answer?.isError ?? false,
        ...(event === undefined ? {} : { outcome: event.outcome, durationMs: event.durationMs }),
      });
    });
  });
  return { calls, duplicates };
}

/** The tool a call runs and its arguments: the call's own, or those it passes through the facade's call_tool. */
function targetOf(name: string, args: unknown): { name: string; args: Record<string, unknown> | undefined } {
  const record = typeof args === "object" && args !== null ? (args as Record<string, unknown>) : undefined;
  if (name !== "call_tool" || typeof record?.name !== "string") return { name, args: record };
  const inner = record.arguments;
  return {
    name: record.name,
    args: typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : undefined,
  };
}

/** How long the faulty server was unusable: away from ready (restart), or until it was reported failed. */
function outage(
  fault: FaultCase,
  transitions: readonly { state: ConnectionState; at: number }[],
  connectStarted: number,
): number | undefined {
  if (fault.policy === "report-failed") {
    const failed = transitions.find((entry) => entry.state === "failed");
    return failed === undefined ? undefined : failed.at - connectStarted;
  }
  const firstReady = transitions.findIndex((entry) => entry.state === "ready");
  const left = transitions.findIndex((entry, index) => index > firstReady && entry.state !== "ready");
  if (firstReady < 0 || left < 0) return undefined;
  const back = transitions.findIndex((entry, index) => index > left && entry.state === "ready");
  return back < 0 ? undefined : (transitions[back]?.at ?? 0) - (transitions[left]?.at ?? 0);
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the agent loop did not end within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
