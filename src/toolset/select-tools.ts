import { createRequire } from "node:module";
import type Picomatch from "picomatch";
import type { SwitchboardConfig, ToolFilter } from "../config/types.js";
import { SwitchboardError } from "../errors.js";
import type { ServerTool } from "../spec/tool.js";

const load = createRequire(import.meta.url);
let picomatchModule: typeof Picomatch | undefined;

/** picomatch, required at the first glob compiled rather than at import (it is CommonJS: same instance). */
function picomatch(): typeof Picomatch {
  picomatchModule ??= load("picomatch") as typeof Picomatch;
  return picomatchModule;
}

export interface SelectOptions {
  /** Only the servers this agent names (from the config's `agents`). */
  agent?: string;
}

/**
 * Why a tool is not sent: its server is outside the agent, the server's allow/deny globs exclude it, or the
 * server takes read-only tools only and this one is not annotated `readOnlyHint: true`.
 */
export type Exclusion = "agent" | "not-allowed" | "denied" | "not-read-only";

/**
 * Applies the configured selection to catalogue tools: the agent's servers, then each server's `tools.allow`
 * globs, then its `tools.deny` globs (deny wins), then its `tools.readOnly` annotation filter. Globs match the
 * server's own tool names, never emitted names.
 */
export function selectTools(
  tools: readonly ServerTool[],
  config: SwitchboardConfig,
  options: SelectOptions = {},
): ServerTool[] {
  const exclude = exclusionOf(config, options);
  return tools.filter((item) => exclude(item) === undefined);
}

/** A function telling why each tool is excluded, or undefined when it is selected. */
export function exclusionOf(
  config: SwitchboardConfig,
  options: SelectOptions = {},
): (item: ServerTool) => Exclusion | undefined {
  const agentServers = agentServerSet(config, options.agent);
  const matchers = new Map<string, (item: ServerTool) => Exclusion | undefined>();
  for (const [name, server] of Object.entries(config.servers))
    matchers.set(name, compileFilter(server.tools));
  return (item) => {
    if (agentServers !== undefined && !agentServers.has(item.server)) return "agent";
    return matchers.get(item.server)?.(item);
  };
}

function agentServerSet(config: SwitchboardConfig, agent: string | undefined): Set<string> | undefined {
  if (agent === undefined) return undefined;
  const entry = Object.hasOwn(config.agents, agent) ? config.agents[agent] : undefined;
  if (entry === undefined) {
    const known = Object.keys(config.agents);
    throw new SwitchboardError(
      "USAGE",
      `No agent named "${agent}" in ${config.file}; ${known.length === 0 ? "it defines no agents" : `agents: ${known.join(", ")}`}`,
    );
  }
  return new Set(entry.servers);
}

function compileFilter(filter: ToolFilter): (item: ServerTool) => Exclusion | undefined {
  const allow = filter.allow === undefined ? undefined : picomatch()(filter.allow);
  const deny = filter.deny === undefined || filter.deny.length === 0 ? undefined : picomatch()(filter.deny);
  return ({ tool }) => {
    if (allow !== undefined && !allow(tool.name)) return "not-allowed";
    if (deny?.(tool.name)) return "denied";
    if (filter.readOnly === true && tool.annotations?.readOnlyHint !== true) return "not-read-only";
    return undefined;
  };
}
