/**
 * Creep: input tokens per call growing from session to session, usually because the tools array grew (a server
 * added tools, another server was configured). Compares the first and the last of the latest `window`
 * conversations and, when the tools array changed between them, says which servers changed it:
 * "input tokens per call up 38% over the last 5 sessions (3,800 → 5,244); the tools array grew from 21 to 40
 * tools: server `github` added 19".
 */
import { formatTokens } from "../cost/format-money.js";
import type { ConversationSummary } from "./usage-summary.js";

export interface CreepOptions {
  /** Sessions (conversations) compared. Default 5. */
  window?: number;
  /** Relative growth of input tokens per call that counts as creep. Default 0.1 (10%). */
  threshold?: number;
}

export interface ServerToolsChange {
  server: string;
  from: number;
  to: number;
}

export interface SessionPoint {
  conversation: string;
  started: string;
  inputPerCall: number;
  toolsPerCall: number;
  toolCount: number;
}

export interface CreepFinding {
  /** Sessions compared (at most the window). */
  sessions: number;
  from: SessionPoint;
  to: SessionPoint;
  /** `(to − from) / from` of input tokens per call. */
  change: number;
  /** True when `change` reaches the threshold. */
  creep: boolean;
  /** Servers whose tool count differs between the two sessions, sorted by name. */
  servers: ServerToolsChange[];
  message: string;
}

export const DEFAULT_CREEP_WINDOW = 5;
export const DEFAULT_CREEP_THRESHOLD = 0.1;

/** Undefined with fewer than two sessions. */
export function detectCreep(
  conversations: readonly ConversationSummary[],
  options: CreepOptions = {},
): CreepFinding | undefined {
  const window = Math.max(2, options.window ?? DEFAULT_CREEP_WINDOW);
  const threshold = options.threshold ?? DEFAULT_CREEP_THRESHOLD;
  const recent = conversations.filter((row) => row.calls > 0).slice(-window);
  if (recent.length < 2) return undefined;
  const first = recent[0]!;
  const last = recent.at(-1)!;
  const from = point(first);
  const to = point(last);
  const change = from.inputPerCall === 0 ? 0 : (to.inputPerCall - from.inputPerCall) / from.inputPerCall;
  const servers = serverChanges(first.servers, last.servers);
  const creep = change >= threshold;
  return {
    sessions: recent.length,
    from,
    to,
    change,
    creep,
    servers,
    message: describe({ sessions: recent.length, from, to, change, creep, servers, threshold }),
  };
}

function point(row: ConversationSummary): SessionPoint {
  return {
    conversation: row.conversation,
    started: row.started,
    inputPerCall: row.inputPerCall,
    toolsPerCall: row.calls === 0 ? 0 : row.toolsTokens / row.calls,
    toolCount: row.toolCount,
  };
}

function serverChanges(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
): ServerToolsChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .map((server) => ({ server, from: before[server] ?? 0, to: after[server] ?? 0 }))
    .filter((row) => row.from !== row.to);
}

function describe(finding: {
  sessions: number;
  from: SessionPoint;
  to: SessionPoint;
  change: number;
  creep: boolean;
  servers: readonly ServerToolsChange[];
  threshold: number;
}): string {
  const { from, to } = finding;
  const percent = Math.round(Math.abs(finding.change) * 100);
  const direction = finding.change >= 0 ? "up" : "down";
  const span = `over the last ${finding.sessions} sessions (${formatTokens(from.inputPerCall)} → ${formatTokens(to.inputPerCall)})`;
  const head = finding.creep
    ? `input tokens per call ${direction} ${percent}% ${span}`
    : `no creep: input tokens per call ${direction} ${percent}% ${span}, below the ${Math.round(finding.threshold * 100)}% threshold`;
  return `${head}; ${describeTools(from.toolCount, to.toolCount, finding.servers, finding.creep)}`;
}

function describeTools(
  from: number,
  to: number,
  servers: readonly ServerToolsChange[],
  creep: boolean,
): string {
  const parts = servers.map((row) => {
    const delta = row.to - row.from;
    return `server \`${row.server}\` ${delta > 0 ? "added" : "removed"} ${Math.abs(delta)}`;
  });
  if (from === to && parts.length === 0) {
    const why = creep ? ", so the growth is in the conversations themselves (messages and tool results)" : "";
    return `the tools array stayed at ${from} tools${why}`;
  }
  const verb = to > from ? "grew" : to < from ? "shrank" : "changed";
  const detail = parts.length === 0 ? "" : `: ${parts.join(", ")}`;
  return from === to
    ? `the tools array changed at ${to} tools${detail}`
    : `the tools array ${verb} from ${from} to ${to} tools${detail}`;
}
