import type { SwitchboardConfig } from "../config/types.js";

/**
 * The servers of an agent, for `connectHost`'s `only`; undefined when no agent was named (every server) or the
 * agent is unknown (building its tools then fails with the agent's name).
 */
export function agentServers(config: SwitchboardConfig, agent: string | undefined): string[] | undefined {
  if (agent === undefined) return undefined;
  return Object.hasOwn(config.agents, agent) ? config.agents[agent]?.servers : undefined;
}
