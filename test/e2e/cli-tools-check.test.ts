/** `switchboard tools` and `switchboard check` on the bundled demo servers, through the built CLI. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TARGETS } from "../../src/providers/targets.js";
import { validateTargetTools } from "../../src/providers/validate-target-tools.js";
import type { CheckReport } from "../../src/toolset/check-tools.js";
import { runCli } from "./run-cli.js";

describe("switchboard tools", () => {
  it("--json prints exactly the bytes of the array, which the provider's validator accepts", async () => {
    const first = await runCli([
      "tools",
      "--provider",
      "openai-chat",
      "--config",
      "examples/demo.json",
      "--json",
    ]);
    expect(first.code).toBe(0);
    const bytes = first.stdout.replace(/\n$/, "");
    const tools = JSON.parse(bytes) as { function: { name: string } }[];
    expect(JSON.stringify(tools)).toBe(bytes); // canonical: no whitespace, stable key order
    expect(validateTargetTools(TARGETS["openai-chat"], tools)).toEqual([]);
    expect(tools.map((tool) => tool.function.name)).toContain("everything__echo");
    expect(tools.map((tool) => tool.function.name)).not.toContain("files__write_file"); // denied in the config
    const names = tools.map((tool) => tool.function.name);
    expect([...names].sort()).toEqual(names);

    // A second run (new processes, servers connect in another order) gives the same bytes.
    const second = await runCli([
      "tools",
      "--provider",
      "openai-chat",
      "--config",
      "examples/demo.json",
      "--json",
    ]);
    expect(createHash("sha256").update(second.stdout).digest("hex")).toBe(
      createHash("sha256").update(first.stdout).digest("hex"),
    );
  });

  it("prints a table with the array's size and hash without --json, and refuses an unknown provider", async () => {
    const table = await runCli([
      "tools",
      "--provider",
      "gemini",
      "--config",
      "examples/demo.json",
      "--agent",
      "researcher",
    ]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^memory__read_graph\s+memory\s+read_graph\s+no\s+\d+/m);
    expect(table.stdout).not.toContain("everything__echo"); // not one of the agent's servers
    expect(table.stdout).toMatch(/\d+ tools for Gemini .*; \d+ bytes; sha256 [0-9a-f]{64}$/m);
    const bad = await runCli(["tools", "--provider", "claude", "--config", "examples/demo.json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'Unknown provider "claude"; expected one of: openai, anthropic, anthropic-strict',
    );
  });
});

describe("switchboard check", () => {
  it("prints a per-provider table and the providers' reasons for rejecting tools as published", async () => {
    const result = await runCli(["check", "--config", "examples/demo.json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^provider\s+server\s+tools\s+rejected as-is\s+repaired\s+changed\s+non-strict\s+quarantined$/m,
    );
    for (const target of ["anthropic", "openai-chat", "openai-responses", "gemini", "gemini-json-schema"]) {
      expect(result.stdout).toMatch(new RegExp(`^${target}\\s+everything\\s+13\\s`, "m"));
    }
    // server-everything's zod schemas carry `$schema`, which Gemini's `parameters` refuses by name.
    expect(result.stdout).toContain('Unknown name "$schema"');
    expect(result.stdout).toMatch(/^gemini\s+everything\s+13\s+13\s+13\s/m);
  });

  it("--json reports every row, and the repaired arrays are accepted", async () => {
    const result = await runCli([
      "check",
      "--config",
      "examples/demo.json",
      "--provider",
      "openai-strict",
      "gemini",
      "--json",
    ]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { reports: CheckReport[]; failedServers: string[] };
    expect(report.failedServers).toEqual([]);
    expect(report.reports.map((entry) => entry.target)).toEqual(["openai-strict", "gemini"]);
    for (const entry of report.reports) {
      expect(entry.arrayErrors).toEqual([]);
      expect(entry.counts.tools).toBe(32);
      expect(entry.counts.quarantined).toBe(0);
      expect(entry.counts.rejectedAsIs).toBeGreaterThan(0);
    }
  });
});
