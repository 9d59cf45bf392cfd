/**
 * The real-world corpus end to end: 8,245 Smithery tools (613 servers) through naming, repair and the wire shape
 * of every target, in requests of 100 tools. Every request must pass the provider's strict validator, and every
 * tool must be sent or quarantined with a reason. Prints the counts per target.
 */
import { describe, expect, it } from "vitest";
import { smitheryCorpus } from "../../test/support/smithery-corpus.js";
import { TARGET_IDS, TARGETS } from "../providers/targets.js";
import { validateTargetTools } from "../providers/validate-target-tools.js";
import { buildToolset } from "./build-toolset.js";

describe("Smithery corpus through every target", () => {
  const tools = smitheryCorpus();

  it("has the dev split", () => {
    expect(tools.length).toBe(8245);
  });

  // The corpus holds a few re-listings of the same (server, tool) inside one request window: one tool each.
  let distinct = 0;
  for (let start = 0; start < tools.length; start += 100) {
    distinct += new Set(
      tools.slice(start, start + 100).map((item) => `${item.server}\u0000${item.tool.name}`),
    ).size;
  }

  for (const target of TARGET_IDS) {
    it(`${target}: sends or quarantines every tool, and every request passes the validator`, {
      timeout: 180_000,
    }, () => {
      let sent = 0;
      let quarantined = 0;
      let nonStrict = 0;
      const rejected: string[] = [];
      for (let start = 0; start < tools.length; start += 100) {
        const toolset = buildToolset(tools.slice(start, start + 100), target);
        const errors = validateTargetTools(toolset.target, toolset.tools);
        if (errors.length > 0) rejected.push(`${target} @${start}: ${errors[0]?.message}`);
        for (const entry of toolset.entries) {
          if (entry.status === "ok") sent += 1;
          else {
            quarantined += 1;
            expect(entry.reason, `${entry.server}/${entry.tool}`).toBeTruthy();
          }
          if (entry.status === "ok" && TARGETS[target].profile.strict && !entry.strict) nonStrict += 1;
        }
      }
      expect(rejected).toEqual([]);
      expect(sent + quarantined).toBe(distinct);
      const share = quarantined / distinct;
      console.log(
        `Smithery corpus, ${target}: sent ${sent}, quarantined ${quarantined} (${(share * 100).toFixed(3)}%), sent non-strict ${nonStrict}`,
      );
      if (!TARGETS[target].profile.strict) expect(share, target).toBeLessThan(0.001);
    });
  }
});
