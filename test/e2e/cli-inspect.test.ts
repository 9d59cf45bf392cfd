import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InspectReport } from "../../src/cli/commands/inspect.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeConfig(name: string, config: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(config));
  return file;
}

describe("switchboard inspect", () => {
  it("lists the demo servers as JSON, marking tools the config denies", async () => {
    const result = await runCli(["inspect", "--config", "examples/demo.json", "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as InspectReport;
    expect(report.servers.map((server) => [server.name, server.status, server.transport])).toEqual([
      ["everything", "ready", "stdio"],
      ["files", "ready", "stdio"],
      ["memory", "ready", "stdio"],
    ]);
    expect(report.servers.every((server) => server.protocolVersion !== undefined)).toBe(true);
    const echo = report.tools.find((tool) => tool.server === "everything" && tool.name === "echo");
    expect(echo?.parameters).toEqual([{ name: "message", required: true, type: "string" }]);
    expect(report.tools.find((tool) => tool.name === "write_file")?.excluded).toBe("denied");
    expect(report.tools.find((tool) => tool.name === "read_text_file")?.excluded).toBeUndefined();
    // Token estimates for the default provider: per tool, per server, and what one request carries.
    expect(report.tokens).toMatchObject({ estimate: true, tokenizer: "o200k_base", target: "anthropic" });
    expect(report.tools.every((tool) => (tool.tokens ?? 0) > 0)).toBe(true);
    for (const server of report.servers) {
      const own = report.tools.filter((tool) => tool.server === server.name);
      const sum = own.reduce((a, t) => a + (t.tokens ?? 0), 0);
      // Integers in JSON, each rounded on its own: the sum holds within half a token per figure.
      expect(Math.abs((server.tokens ?? 0) - sum)).toBeLessThanOrEqual((own.length + 1) / 2);
    }
    const sentTools = report.tools.filter((tool) => tool.excluded === undefined);
    const sent = sentTools.reduce((a, t) => a + (t.tokens ?? 0), 0);
    const total = sent + (report.tokens?.overheadTokens ?? 0);
    expect(Math.abs((report.tokens?.sentTokens ?? 0) - total)).toBeLessThanOrEqual(
      (sentTools.length + 2) / 2,
    );
  });

  it("refuses an unknown agent before any server starts", async () => {
    const config = await writeConfig("agents.json", {
      mcpServers: { missing: { command: join(dir, "no-such-server") } },
      agents: { support: { servers: ["missing"] } },
    });
    const result = await runCli(["inspect", "--config", config, "--agent", "sales"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No agent named "sales"');
    // Nothing was started: the missing server's failure would be reported.
    expect(`${result.stdout}${result.stderr}`).not.toContain("no-such-server");
  });

  it("lists the tools a server offers to what `run` declares, as `tools` does", async () => {
    // The everything server lists its roots and elicitation tools only to a client declaring those capabilities.
    const result = await runCli([
      "inspect",
      "--config",
      "examples/demo.json",
      "--json",
      "--server",
      "everything",
    ]);
    expect(result.code).toBe(0);
    const inspected = (JSON.parse(result.stdout) as InspectReport).tools.map((tool) => tool.name).sort();
    const listed = await runCli([
      "tools",
      "--config",
      "examples/demo.json",
      "--provider",
      "anthropic",
      "--json",
    ]);
    expect(listed.code).toBe(0);
    const sent = (JSON.parse(listed.stdout) as { name: string }[])
      .map((tool) => tool.name)
      .filter((name) => name.startsWith("everything__"))
      .map((name) => name.slice("everything__".length))
      .sort();
    expect(inspected).toContain("get-roots-list");
    expect(inspected).toEqual(sent);
  });

  it("prints tables, reports a failed server with its stderr, and exits 1", async () => {
    const file = await writeConfig("mixed.json", {
      mcpServers: {
        broken: { ...fixtureCommand("exit-on-start"), connectTimeoutMs: 10_000 },
        memory: {
          command: process.execPath,
          args: ["node_modules/@modelcontextprotocol/server-memory/dist/index.js"],
          env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") },
        },
      },
    });
    const result = await runCli(["inspect", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^broken\s+failed\s+stdio/m);
    expect(result.stdout).toMatch(/^memory\s+ready\s+stdio\s+\S+\s+9\s+≈[\d,]+\s/m);
    expect(result.stdout).toMatch(/≈[\d,]+ tokens per request for anthropic \(claude-sonnet-5\)/);
    expect(result.stdout).toContain("failures:");
    expect(result.stdout).toMatch(/broken: .*exit/i);
    expect(result.stderr).toContain("1 of 2 servers failed: broken");
  });

  it("stops on a bad config before starting anything, naming file, path and expectation", async () => {
    const file = await writeConfig("bad.json", { mcpServers: { a: { command: 42 } } });
    const result = await runCli(["inspect", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`Invalid config ${file}:`);
    expect(result.stderr).toContain("$.mcpServers.a.command: expected string, got number");
    expect(result.stderr).not.toContain("    at ");
  });

  it("says where it looked when there is no config", async () => {
    const result = await runCli(["inspect"], { cwd: dir, env: { XDG_CONFIG_HOME: join(dir, "xdg") } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No config file found");
    expect(result.stderr).toContain(join(dir, "switchboard.json"));
    expect(result.stderr).toContain(join(dir, "xdg", "switchboard", "switchboard.json"));
  });
});
