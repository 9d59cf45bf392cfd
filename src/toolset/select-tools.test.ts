import { describe, expect, it } from "vitest";
import { parseConfig } from "../config/index.js";
import type { ServerTool } from "../spec/tool.js";
import { exclusionOf, selectTools } from "./select-tools.js";

const config = parseConfig(
  JSON.stringify({
    mcpServers: {
      tickets: { command: "t", tools: { allow: ["search", "get_*"], deny: ["get_secret"] } },
      docs: { url: "https://docs.example.com/mcp", tools: { deny: ["*delete*"] } },
      misc: { command: "m" },
    },
    agents: { support: { servers: ["tickets", "docs"] } },
  }),
  "switchboard.json",
);

const tool = (server: string, name: string): ServerTool => ({
  server,
  tool: { name, inputSchema: { type: "object" } },
});
const all = [
  tool("tickets", "search"),
  tool("tickets", "get_ticket"),
  tool("tickets", "get_secret"),
  tool("tickets", "close"),
  tool("docs", "search"),
  tool("docs", "bulk_delete_pages"),
  tool("misc", "ping"),
];
const names = (items: ServerTool[]) => items.map((item) => `${item.server}/${item.tool.name}`);

describe("selectTools", () => {
  it("applies allow globs, then deny globs, per server", () => {
    expect(names(selectTools(all, config))).toEqual([
      "tickets/search",
      "tickets/get_ticket",
      "docs/search",
      "misc/ping",
    ]);
  });

  it("keeps only an agent's servers and says why each tool is out", () => {
    expect(names(selectTools(all, config, { agent: "support" }))).toEqual([
      "tickets/search",
      "tickets/get_ticket",
      "docs/search",
    ]);
    const why = exclusionOf(config, { agent: "support" });
    expect(all.map(why)).toEqual([
      undefined,
      undefined,
      "denied",
      "not-allowed",
      undefined,
      "denied",
      "agent",
    ]);
  });

  it("keeps only tools annotated read-only on a server that asks for them, after the globs", () => {
    const readOnlyConfig = parseConfig(
      JSON.stringify({
        mcpServers: { files: { command: "f", tools: { readOnly: true, deny: ["secret_*"] } } },
      }),
      "switchboard.json",
    );
    const files = (name: string, annotations?: Record<string, boolean>): ServerTool => ({
      server: "files",
      tool: { name, inputSchema: { type: "object" }, ...(annotations === undefined ? {} : { annotations }) },
    });
    const listed = [
      files("read_file", { readOnlyHint: true }),
      files("write_file", { readOnlyHint: false }),
      files("stat"),
      files("secret_read", { readOnlyHint: true }),
    ];
    expect(names(selectTools(listed, readOnlyConfig))).toEqual(["files/read_file"]);
    expect(listed.map(exclusionOf(readOnlyConfig))).toEqual([
      undefined,
      "not-read-only",
      "not-read-only",
      "denied",
    ]);
  });

  it("rejects an unknown agent with the known ones listed", () => {
    expect(() => selectTools(all, config, { agent: "sales" })).toThrow(
      'No agent named "sales" in switchboard.json; agents: support',
    );
  });
});
