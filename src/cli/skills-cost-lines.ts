/**
 * `cost`'s skills section: the agent's skills measured (`skillsCost`) while its servers are connected, and the
 * lines that show it beside the tools array.
 */
import type { Host } from "../catalog/host.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { TargetId } from "../providers/targets.js";
import { type SkillsCost, skillsCost } from "../toolsearch/skills-cost.js";
import { skillsSettingsOf } from "../toolsearch/skills-toolset.js";
import { terminalText } from "./terminal-text.js";

/** The agent's skills priced both ways; undefined when its servers list none or its `skills` is `off`. */
export async function agentSkillsCost(
  host: Host,
  config: SwitchboardConfig,
  agent: string | undefined,
  target: TargetId,
  model: string,
): Promise<SkillsCost | undefined> {
  const settings = skillsSettingsOf(config, agent);
  if (settings === undefined) return undefined;
  const servers = agent === undefined ? undefined : new Set(config.agents[agent]?.servers ?? []);
  const skills = (host.catalog.snapshot().skills ?? []).filter(
    (skill) => servers === undefined || servers.has(skill.server),
  );
  if (skills.length === 0) return undefined;
  return skillsCost({ skills, target, model, reader: host, placement: settings.placement });
}

/** Human lines: the fixed cost of the skills beside the same procedures as tools. */
export function renderSkillsCost(cost: SkillsCost): string {
  const where =
    cost.placement === "system" ? "load_skill + the list in the system prompt" : "load_skill listing them";
  const lines = [
    `skills (${cost.skills}): ${cost.fixedTokens} tokens per request as skills (${where}); the same procedures as tools: ${cost.asToolsTokens} tokens per request; saved: ${cost.savedTokens} tokens per request (≈ o200k_base, definitions only)`,
  ];
  for (const skipped of cost.unread) {
    lines.push(`  not priced as a tool: ${terminalText(skipped.skill)}: ${terminalText(skipped.reason)}`);
  }
  return lines.join("\n");
}
