import { describe, expect, it } from "vitest";
import type { ServerTool } from "../spec/tool.js";
import { costAlternatives } from "./cost-alternatives.js";
import { FACADE_NOTE, FACADE_TOOLS } from "./facade-definition.js";

const tool = (server: string, name: string): ServerTool => ({
  server,
  tool: { name, inputSchema: { type: "object" } },
});
const ALL = [tool("a", "one"), tool("b", "two"), tool("c", "three")];

describe("costAlternatives", () => {
  it("without an agent: every server, the selection as sent, and the facade", () => {
    const selected = [ALL[0] as ServerTool];
    const rows = costAlternatives({ all: ALL, selected });
    expect(rows.map((row) => [row.id, row.label])).toEqual([
      ["all-servers", "all servers, no filters"],
      ["allow-listed", "allow/deny applied (sent today)"],
      ["search-facade", `search facade (${FACADE_TOOLS.length} tools)`],
    ]);
    expect(rows[0]?.tools).toBe(ALL);
    expect(rows[1]?.tools).toBe(selected);
    expect(rows[2]).toMatchObject({ tools: FACADE_TOOLS, note: FACADE_NOTE });
  });

  it("with an agent: its servers unfiltered come second, and the selection names it", () => {
    const rows = costAlternatives({ all: ALL, selected: [], agent: { name: "ops", servers: ["c", "a"] } });
    expect(rows.map((row) => row.id)).toEqual([
      "all-servers",
      "agent-servers",
      "allow-listed",
      "search-facade",
    ]);
    expect(rows[1]?.label).toBe("agent ops's servers, no filters");
    // Catalogue order, not the agent's order.
    expect(rows[1]?.tools.map((item) => item.tool.name)).toEqual(["one", "three"]);
    expect(rows[2]?.label).toBe("agent ops, allow/deny applied (sent today)");
  });
});
