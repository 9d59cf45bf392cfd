import { describe, expect, it } from "vitest";
import { liveToolset } from "../agent/live-toolset.js";
import type { CatalogSnapshot } from "../catalog/types.js";
import { parseConfig } from "../config/index.js";
import type { ServerTool } from "../spec/tool.js";

const tools: ServerTool[] = ["a", "b", "c"].map((name) => ({
  server: "files",
  tool: { name: `read_${name}`, inputSchema: { type: "object" } },
}));
const catalog = { snapshot: () => ({ generation: 1, tools }) as unknown as CatalogSnapshot };

const config = parseConfig(
  JSON.stringify({
    mcpServers: { files: { command: "f" } },
    agents: {
      plain: { servers: ["files"] },
      searching: { servers: ["files"], toolSearch: "facade" },
      budgeted: { servers: ["files"], toolSearch: "auto", toolSearchBudgetTokens: 1 },
    },
  }),
  "switchboard.json",
);

const names = async (agent: string) => {
  const toolset = await liveToolset({ catalog, target: "anthropic", config, agent })();
  return (toolset.tools as { name: string }[]).map((tool) => tool.name);
};

describe("the agent's toolSearch key", () => {
  it("is read by liveToolset: off by default, the facade or auto's budget when set", async () => {
    expect(await names("plain")).toEqual(["files__read_a", "files__read_b", "files__read_c"]);
    expect(await names("searching")).toEqual(["call_tool", "search_tools"]);
    expect(await names("budgeted")).toEqual(["call_tool", "search_tools"]);
  });

  it("rejects an unknown mode in the config", () => {
    expect(() =>
      parseConfig(
        JSON.stringify({ mcpServers: {}, agents: { a: { servers: [], toolSearch: "sometimes" } } }),
        "switchboard.json",
      ),
    ).toThrow(/toolSearch/);
  });
});
