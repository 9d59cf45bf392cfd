import type { ServerTool } from "../spec/tool.js";
import type { AlternativeId } from "./cost-report.js";
import { FACADE_NOTE, FACADE_TOOLS } from "./facade-definition.js";

/** One tools array a cost report prices beside the one the configuration sends. */
export interface AlternativeCandidate {
  id: AlternativeId;
  label: string;
  tools: readonly ServerTool[];
  note?: string;
}

/** What the alternatives are drawn from. */
export interface AlternativesInput {
  /** Every catalogue tool, no filters. */
  all: readonly ServerTool[];
  /** The tools the configuration sends (agent and allow/deny applied). */
  selected: readonly ServerTool[];
  /** The agent the selection was made for, and the servers it names. */
  agent?: { name: string; servers: readonly string[] };
}

/**
 * The arrays worth comparing, in report order: every server unfiltered; with an agent, that agent's servers
 * unfiltered; the selection as sent (`tools` is `selected` itself); and the two-tool search facade, whose note
 * says what it leaves out.
 */
export function costAlternatives(input: AlternativesInput): AlternativeCandidate[] {
  const { agent } = input;
  const agentServers = new Set(agent?.servers ?? []);
  return [
    { id: "all-servers", label: "all servers, no filters", tools: input.all },
    ...(agent === undefined
      ? []
      : [
          {
            id: "agent-servers" as const,
            label: `agent ${agent.name}'s servers, no filters`,
            tools: input.all.filter((item) => agentServers.has(item.server)),
          },
        ]),
    {
      id: "allow-listed",
      label: `${agent === undefined ? "" : `agent ${agent.name}, `}allow/deny applied (sent today)`,
      tools: input.selected,
    },
    {
      id: "search-facade",
      label: `search facade (${FACADE_TOOLS.length} tools)`,
      tools: FACADE_TOOLS,
      note: FACADE_NOTE,
    },
  ];
}
