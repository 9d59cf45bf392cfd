/**
 * Request-level limits where the user meets them: a real server with 200 tools (OpenAI Chat accepts 128 per
 * request) through the built CLI. `run --dry-run` says so on stderr and applies the agent's `overLimit`; `cost`
 * marks the array as not sendable; `check` reports a limit, not a switchboard bug.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CostReport } from "../../src/cost/cost-report.js";
import type { CheckReport } from "../../src/toolset/check-tools.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;
const OPENAI = { OPENAI_API_KEY: "test-key" };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-limits-"));
  const { command, args } = fixtureCommand("many-tools");
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: { many: { command, args } },
      agents: {
        careful: { servers: ["many"], overLimit: "refuse" },
        lenient: { servers: ["many"], overLimit: "search" },
      },
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface ChatBody {
  tools: { function: { name: string } }[];
}

describe("200 tools for OpenAI Chat (cap 128)", () => {
  it("run --dry-run says so on stderr and, by default, sends the search facade instead", async () => {
    const result = await runCli(["run", "hi", "--config", config, "--dry-run", "--provider", "openai-chat"], {
      env: OPENAI,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("200 tools exceed OpenAI Chat Completions's limit of 128 per request");
    expect(result.stderr).toContain("sending the search facade instead");
    const body = JSON.parse(result.stdout) as ChatBody;
    expect(body.tools.length).toBeLessThanOrEqual(128);
    expect(body.tools.map((tool) => tool.function.name)).not.toContain("many__tool_000");
  });

  it('an agent with "overLimit": "search" gets the facade too', async () => {
    const result = await runCli(
      ["run", "hi", "--config", config, "--agent", "lenient", "--dry-run", "--provider", "openai-chat"],
      { env: OPENAI },
    );
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as ChatBody).tools.length).toBeLessThanOrEqual(128);
  });

  it('an agent with "overLimit": "refuse" stops with a clear error and sends nothing', async () => {
    const result = await runCli(
      ["run", "hi", "--config", config, "--agent", "careful", "--dry-run", "--provider", "openai-chat"],
      { env: OPENAI },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("200 tools exceed");
    expect(result.stderr).toContain('overLimit is "refuse"');
  });

  it("cost marks the array as not sendable, in text and in --json", async () => {
    const text = await runCli(["cost", "--config", config, "--provider", "openai-chat"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("NOT SENDABLE: 200 tools exceed");
    expect(text.stderr).toContain("not sendable:");
    const json = await runCli(["cost", "--config", config, "--provider", "openai-chat", "--json"]);
    const report = JSON.parse(json.stdout) as CostReport;
    expect(report.request.sendable).toBe(false);
    expect(report.request.limits[0]).toContain("limit of 128");
    const facade = report.alternatives.find((alt) => alt.id === "search-facade");
    expect(facade?.sendable).toBe(true);
  });

  it("cost for Anthropic (no documented cap) calls the same array sendable", async () => {
    const json = await runCli(["cost", "--config", config, "--provider", "anthropic", "--json"]);
    expect((JSON.parse(json.stdout) as CostReport).request.sendable).toBe(true);
  });

  it("check reports the selection as a limit, not a bug, and exits 0", async () => {
    const result = await runCli(["check", "--config", config, "--provider", "openai-chat", "--json"]);
    expect(result.stderr).not.toContain("bug:");
    expect(result.stderr).toContain("limit: openai-chat: 200 tools exceed");
    expect(result.code).toBe(0);
    const [report] = (JSON.parse(result.stdout) as { reports: CheckReport[] }).reports;
    expect(report?.arrayErrors).toEqual([]);
    expect(report?.sendable).toBe(false);
    expect(report?.limits.map((limit) => limit.code)).toEqual(["too-many-tools"]);
  });
});
