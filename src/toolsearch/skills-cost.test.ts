import { describe, expect, it } from "vitest";
import type { CatalogSkill } from "../catalog/types.js";
import { SwitchboardError } from "../errors.js";
import { skillsCost } from "./skills-cost.js";

/** `count` skills whose SKILL.md bodies are `bodyChars` of varied prose (a realistic procedure's size). */
function skills(count: number, bodyChars: number): { skills: CatalogSkill[]; bodies: Map<string, string> } {
  const bodies = new Map<string, string>();
  const list: CatalogSkill[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `procedure-${index}`;
    const uri = `skill://${name}/SKILL.md`;
    let body = "";
    for (let step = 1; body.length < bodyChars; step += 1)
      body += `${step}. Check the ${name} queue for item ${step * 7 + index}, confirm its owner, then record the outcome.\n`;
    bodies.set(uri, body);
    const frontmatter = { name, description: `Handle ${name} requests end to end` };
    list.push({ server: "ops", uri, ...frontmatter, entry: { uri, frontmatter, resources: "dynamic" } });
  }
  return { skills: list, bodies };
}

describe("skillsCost", () => {
  it("prices N skills far below the same procedures as tools, for both placements", async () => {
    const { skills: list, bodies } = skills(20, 3_000);
    const reader = {
      readSkill: async (skill: CatalogSkill) => ({
        uri: skill.uri,
        text: bodies.get(skill.uri)!,
        body: bodies.get(skill.uri)!,
        bytes: 3_000,
        verified: true,
      }),
    };
    for (const placement of ["tool", "system"] as const) {
      const cost = await skillsCost({
        skills: list,
        target: "anthropic",
        model: "claude-sonnet-5",
        reader,
        placement,
      });
      expect(cost.skills).toBe(20);
      expect(cost.unread).toEqual([]);
      expect(cost.fixedTokens).toBeGreaterThan(0);
      expect(cost.fixedTokens * 10).toBeLessThan(cost.asToolsTokens);
      expect(cost.savedTokens).toBe(cost.asToolsTokens - cost.fixedTokens);
    }
  });

  it("leaves a skill that fails verification out of the tools price and names it", async () => {
    const { skills: list } = skills(2, 100);
    const reader = {
      readSkill: async (skill: CatalogSkill) => {
        if (skill.name === "procedure-1") throw new SwitchboardError("SKILL_UNVERIFIED", "digest mismatch");
        return { uri: skill.uri, text: "body", body: "body", bytes: 4, verified: true };
      },
    };
    const cost = await skillsCost({ skills: list, target: "openai-responses", model: "gpt-5", reader });
    expect(cost.unread).toEqual([{ skill: "procedure-1", reason: "digest mismatch" }]);
    expect(cost.asToolsTokens).toBeGreaterThan(0);
  });
});
