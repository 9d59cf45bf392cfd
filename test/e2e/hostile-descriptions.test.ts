/**
 * Hostile servers (issue 15): token counting was quadratic in the length of one word, so a megabyte one-word tool
 * description hung `inspect` and `run` on the main thread (timers and Ctrl-C included). It must finish.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InspectReport } from "../../src/cli/commands/inspect.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

describe("a server's megabyte one-word description", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "switchboard-hostile-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("does not stall `switchboard inspect`: the tokens are counted in linear time", async () => {
    const file = join(dir, "long-word.json");
    const server = { ...fixtureCommand("fault-stdio"), env: { FAULT: "long-word" } };
    await writeFile(file, JSON.stringify({ mcpServers: { wordy: server } }));
    const started = performance.now();
    // Before: 100k characters took 4 s and 200k 34 s to count; a megabyte never finished.
    const result = await runCli(["inspect", "--config", file, "--json"], { timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as InspectReport;
    const work = report.tools.find((tool) => tool.name === "work");
    // The wire JSON carries the million letters: one token per 1 to 8 of them, scaled for the model.
    expect(work?.tokens).toBeGreaterThan(125_000);
    expect(work?.tokens).toBeLessThan(1_500_000);
    expect(performance.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
