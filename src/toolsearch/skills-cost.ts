/**
 * What an agent's skills cost per request, beside the same procedures sent as tools. Skills: `load_skill` with the
 * list in its description (`tool`), or a short `load_skill` plus the list in the system prompt (`system`), and
 * nothing else until the model loads one. As tools: one definition per skill whose description carries its
 * `SKILL.md` instructions, billed on every request. Token counts are `o200k_base` estimates of the definitions
 * alone (the provider's fixed tools overhead is the same either way and left out).
 */
import type { CatalogSkill } from "../catalog/types.js";
import { skillHandles, skillsSystemText } from "../context/skill-list.js";
import { countTextTokens, estimateToolsetTokens } from "../cost/estimate-tokens.js";
import type { TargetId } from "../providers/targets.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { loadSkillTool, type SkillReader, type SkillsPlacement } from "./load-skill.js";

export interface SkillsCost {
  /** Skills the agent's servers list. */
  skills: number;
  placement: SkillsPlacement;
  /** Tokens every request carries for the skills: `load_skill`, plus the system-prompt section for `system`. */
  fixedTokens: number;
  /** Tokens of the same procedures as tool definitions (each skill's instructions in its description). */
  asToolsTokens: number;
  /** `asToolsTokens - fixedTokens`: what every request saves. */
  savedTokens: number;
  /** Skills whose `SKILL.md` could not be read or failed verification (left out of `asToolsTokens`). */
  unread: { skill: string; reason: string }[];
}

/** Measures `skills` for `target`/`model`, reading each `SKILL.md` (verified) through `reader` to price it as a tool. */
export async function skillsCost(options: {
  skills: readonly CatalogSkill[];
  target: TargetId;
  model: string;
  reader: SkillReader;
  placement?: SkillsPlacement;
}): Promise<SkillsCost> {
  const placement = options.placement ?? "tool";
  const handles = skillHandles(options.skills);
  const definitions = (tools: Parameters<typeof buildToolset>[0]) =>
    estimateToolsetTokens(buildToolset(tools, options.target, { naming: { prefix: false } }), {
      model: options.model,
    }).toolTokens;
  const fixedTokens = Math.round(
    definitions([{ server: "switchboard", tool: loadSkillTool(handles, placement) }]) +
      (placement === "system" ? countTextTokens(skillsSystemText(handles)) : 0),
  );
  const unread: SkillsCost["unread"] = [];
  const asTools: ServerTool[] = [];
  for (const { handle, skill } of handles) {
    try {
      const manifest = await options.reader.readSkill(skill);
      asTools.push({
        server: skill.server,
        tool: {
          name: skill.name,
          description: `${skill.description}\n\n${manifest.body ?? manifest.text}`,
          inputSchema: { type: "object", properties: {} },
        },
      });
    } catch (error) {
      unread.push({ skill: handle, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const asToolsTokens = asTools.length === 0 ? 0 : Math.round(definitions(asTools));
  return {
    skills: handles.length,
    placement,
    fixedTokens,
    asToolsTokens,
    savedTokens: asToolsTokens - fixedTokens,
    unread,
  };
}
