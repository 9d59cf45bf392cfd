/**
 * Names a model can choose by, through the built CLI against a real fixture server: a Cline-style server key too
 * long for OpenAI's 64-character names still leaves every tool's own name in its emitted name, and a per-server
 * `prefix` replaces the key in names (a bad one stops the CLI with the path and the rule).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "switchboard-names-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CLINE_KEY = "github.com/modelcontextprotocol/servers/tree/main/src/filesystem";
const TOOLS = ["alpha", "beta", "list_count", "mutate", "noop", "storm"];

function configFile(name: string, servers: Record<string, Record<string, unknown>>): string {
  const file = join(scratch, `${name}.json`);
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([key, extra]) => [key, { ...fixtureCommand("changing-server"), ...extra }]),
  );
  writeFileSync(file, JSON.stringify({ mcpServers }));
  return file;
}

async function emittedNames(config: string): Promise<string[]> {
  const result = await runCli(["tools", "--provider", "openai-chat", "--config", config, "--json"]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { function: { name: string } }[]).map((tool) => tool.function.name);
}

describe("emitted names keep the tool", () => {
  it("cuts a Cline-style server key, never the tool's name", async () => {
    const names = await emittedNames(configFile("cline", { [CLINE_KEY]: {} }));
    expect(names).toHaveLength(TOOLS.length);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(/^github_com_modelcontextprotocol_servers_tr\w*_[0-9a-f]{8}__[a-z_]+$/);
    }
    expect(names.map((name) => name.replace(/^.*_[0-9a-f]{8}__/, "")).sort()).toEqual(TOOLS);
  });

  it("uses a server's prefix instead of its key", async () => {
    const names = await emittedNames(configFile("prefix", { [CLINE_KEY]: { prefix: "fs" } }));
    expect(names).toEqual(TOOLS.map((tool) => `fs__${tool}`));
  });

  it("refuses a prefix that is not a legal name for every provider, and a prefix two servers share", async () => {
    const bad = await runCli([
      "tools",
      "--provider",
      "openai-chat",
      "--config",
      configFile("bad", { [CLINE_KEY]: { prefix: "file system" } }),
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(`$.mcpServers["${CLINE_KEY}"].prefix`);
    expect(bad.stderr).toContain("expected a name prefix legal for every provider");
    const shared = await runCli([
      "tools",
      "--provider",
      "openai-chat",
      "--config",
      configFile("shared", { one: { prefix: "fs" }, two: { prefix: "fs" } }),
    ]);
    expect(shared.code).not.toBe(0);
    expect(shared.stderr).toContain('prefix "fs" is also the prefix of server "one"');
  });
});
