import { describe, expect, it } from "vitest";
import { TARGET_IDS } from "../providers/targets.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { estimateToolsetTokens } from "./estimate-tokens.js";
import { FACADE_TOOLS } from "./facade-definition.js";

describe("search facade definition", () => {
  it("translates cleanly for every target (nothing quarantined)", () => {
    for (const target of TARGET_IDS) {
      const toolset = buildToolset(FACADE_TOOLS, target);
      expect(
        toolset.entries.map((entry) => entry.status),
        target,
      ).toEqual(["ok", "ok"]);
    }
  });

  it("costs a fixed, small number of tokens: ≈231 for Anthropic before the hidden tool prompt", () => {
    const estimate = estimateToolsetTokens(buildToolset(FACADE_TOOLS, "anthropic"), {
      model: "claude-sonnet-4-6",
    });
    // Measured 2026-11-30 with o200k_base; a change here means the definition changed, so update the report too.
    expect(estimate.toolTokens).toBe(231);
    expect(estimate.total).toBe(231 + 497);
  });
});
