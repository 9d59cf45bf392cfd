/** One provider vocabulary: `--provider openai` means the Responses API in `tools`, `check` and `cost`, as in `run`. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-names-"));
  const { command, args } = fixtureCommand("many-tools");
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({ mcpServers: { few: { command, args, env: { FIXTURE_TOOL_COUNT: "5" } } } }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("--provider openai", () => {
  it("tools --provider openai prints exactly the openai-responses array", async () => {
    const [alias, target] = await Promise.all([
      runCli(["tools", "--config", config, "--provider", "openai", "--json"]),
      runCli(["tools", "--config", config, "--provider", "openai-responses", "--json"]),
    ]);
    expect(alias.code).toBe(0);
    expect(alias.stdout).toBe(target.stdout);
    expect((JSON.parse(alias.stdout) as unknown[]).length).toBe(5);
  });

  it("check and cost accept it too, and an unknown name lists it", async () => {
    const [check, cost, unknown] = await Promise.all([
      runCli(["check", "--config", config, "--provider", "openai", "--json"]),
      runCli(["cost", "--config", config, "--provider", "openai", "--json"]),
      runCli(["tools", "--config", config, "--provider", "opneai"]),
    ]);
    expect(check.code).toBe(0);
    expect(cost.code).toBe(0);
    expect((JSON.parse(cost.stdout) as { target: string }).target).toBe("openai-responses");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("expected one of: openai, anthropic");
  });
});
