/**
 * `serve` and request limits where the user meets them: the built CLI in front of a real server with 200 tools
 * (OpenAI accepts 128 per request), an official SDK client over stdio. `--for openai` weighs the listing and
 * applies the agent's `overLimit`; an agent's `toolSearch: "facade"` is served as the facade; without `--for`
 * one line names the providers whose caps the listing exceeds.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { textOf, until } from "./gateway-harness.js";
import { repoRoot, runCli } from "./run-cli.js";

const bin = join(repoRoot, "bin", "switchboard.js");
let dir: string;
let config: string;
/** 122 + 6 tools: exactly OpenAI's 128 until `changing__storm` adds one. */
let edge: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-serve-limits-"));
  const many = fixtureCommand("many-tools");
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: { many },
      agents: {
        careful: { servers: ["many"], overLimit: "refuse" },
        finder: { servers: ["many"], toolSearch: "facade" },
      },
    }),
  );
  const changing = fixtureCommand("changing-server");
  edge = join(dir, "edge.json");
  await writeFile(
    edge,
    JSON.stringify({
      mcpServers: { many: { ...many, env: { FIXTURE_TOOL_COUNT: "122" } }, changing },
      agents: { careful: { servers: ["many", "changing"], overLimit: "refuse" } },
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function serve(...extra: string[]): Promise<{ client: Client; stderr: () => string }> {
  return serveWith(config, ...extra);
}

async function serveWith(
  file: string,
  ...extra: string[]
): Promise<{ client: Client; stderr: () => string }> {
  const client = new Client({ name: "ide", version: "1.0.0" });
  let stderr = "";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, "serve", "--stdio", "--config", file, ...extra],
    env: { PATH: process.env.PATH ?? "", HOME: dir, SWITCHBOARD_LEDGER: "off" },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** Lists the facade, finds a tool with search_tools and calls it through call_tool. */
async function expectFacade(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(["call_tool", "search_tools"]);
  const found = textOf(
    await client.callTool({ name: "search_tools", arguments: { query: "record number 42" } }),
  );
  expect(found).toContain("many__tool_042");
  const called = await client.callTool({
    name: "call_tool",
    arguments: { name: "many__tool_042", arguments: { id: "x" } },
  });
  expect(called.isError ?? false).toBe(false);
  expect(textOf(called)).toBe("called tool_042");
}

describe("switchboard serve and request limits", () => {
  it("--for openai serves the search facade when the listing exceeds OpenAI's cap, and says so", async () => {
    const { client, stderr } = await serve("--for", "openai");
    try {
      await expectFacade(client);
      expect(stderr()).toMatch(/switchboard: for openai \(.*\): 200 tools exceed .*limit of 128 per request/);
      expect(stderr()).toContain(
        "switchboard: serving the search facade (search_tools, call_tool) instead of the 200 tools",
      );
    } finally {
      await client.close();
    }
  });

  it("--for anthropic (no tool cap) serves every tool", async () => {
    const { client, stderr } = await serve("--for", "anthropic");
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(200);
      expect(stderr()).not.toContain("search facade");
    } finally {
      await client.close();
    }
  });

  it("an agent whose overLimit is refuse exits with REQUEST_LIMIT and leaves no server running", async () => {
    const result = await runCli(
      ["serve", "--stdio", "--config", config, "--agent", "careful", "--for", "openai-chat"],
      {
        cwd: dir,
        timeoutMs: 60_000,
      },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/200 tools exceed .*limit of 128/);
    expect(result.stderr).toContain('overLimit is "refuse"');
    expect(result.stderr).not.toContain("switchboard gateway on stdio");
  });

  it("an unknown --for is a usage error listing the valid names", async () => {
    const result = await runCli(["serve", "--stdio", "--config", config, "--for", "claude"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown provider "claude"');
    expect(result.stderr).toContain("openai-chat");
  });

  it("without --for, one line names the providers whose per-request cap the listing exceeds", async () => {
    const { client, stderr } = await serve();
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(200);
      const lines = stderr()
        .split("\n")
        .filter((line) => line.includes("accept per request"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("openai-chat");
      expect(lines[0]).toContain("--for");
      expect(lines[0]).not.toContain("gemini");
    } finally {
      await client.close();
    }
  });

  it('an agent with toolSearch: "facade" is served the search facade', async () => {
    const { client } = await serve("--agent", "finder");
    try {
      await expectFacade(client);
    } finally {
      await client.close();
    }
  });

  it.each([
    { overLimit: "search", agent: [] },
    { overLimit: "refuse", agent: ["--agent", "careful"] },
  ])(
    "a tools change past the cap with overLimit $overLimit",
    async ({ overLimit, agent }) => {
      const { client, stderr } = await serveWith(edge, "--for", "openai", ...agent);
      try {
        let changed = 0;
        client.setNotificationHandler("notifications/tools/list_changed", () => {
          changed += 1;
        });
        expect((await client.listTools()).tools).toHaveLength(128);
        expect(stderr()).not.toContain("exceed");
        await client.callTool({ name: "changing__storm", arguments: {} });
        await until(() => stderr().includes("129 tools exceed"), 60_000, `the limit warning in: ${stderr()}`);
        await until(() => changed > 0, 60_000, "tools/list_changed");
        const { tools } = await client.listTools();
        if (overLimit === "search") {
          // The facade replaces the list; every tool stays callable through it.
          expect(tools.map((tool) => tool.name).sort()).toEqual(["call_tool", "search_tools"]);
          expect(stderr()).toContain("serving the search facade");
        } else {
          // After start, refuse keeps serving (the client already relies on the gateway) and warns.
          expect(tools).toHaveLength(129);
          expect(stderr()).toContain('still serving all 129 tools: the agent\'s overLimit is "refuse"');
        }
      } finally {
        await client.close();
      }
    },
    150_000,
  );
});
