/**
 * Pinning reaches the commands that put tools in front of a model: with `switchboard.lock` beside the config, a
 * tool whose definition differs from its pin is left out of `run`'s request and out of the gateway's tool list,
 * the user is told which tool and why, and `pin --approve` brings it back. Without a lock file nothing is withheld.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { Gateway } from "../../src/gateway/gateway.js";
import { readLockFile } from "../../src/pinning/lock-file.js";
import { definitionHash } from "../../src/pinning/tool-definition.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;
let lockPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-pinning-"));
  const { command, args } = dispatchFixture("main");
  config = join(dir, "switchboard.json");
  lockPath = join(dir, "switchboard.lock");
  await writeFile(config, JSON.stringify({ mcpServers: { main: { command, args } } }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function dryRunTools(): Promise<{ names: string[]; stderr: string }> {
  const result = await runCli(["run", "Use the tools.", "--config", config, "--dry-run"], { env: {} });
  expect(result.code).toBe(0);
  const body = JSON.parse(result.stdout) as { tools: { name: string }[] };
  return { names: body.tools.map((tool) => tool.name), stderr: result.stderr };
}

/** Rewrites the pin of main/echo as if an older description had been approved (hash kept consistent). */
async function pinAnOlderEcho(): Promise<void> {
  const lock = JSON.parse(await readFile(lockPath, "utf8")) as {
    servers: Record<string, Record<string, { hash: string; definition: { description?: string } }>>;
  };
  const echo = lock.servers.main?.echo;
  if (echo === undefined) throw new Error("the lock file has no pin for main/echo");
  echo.definition.description = "Echoes text (the version the user approved)";
  echo.hash = definitionHash(echo.definition as Parameters<typeof definitionHash>[0]);
  await writeFile(lockPath, JSON.stringify(lock, null, 2));
}

describe("pinning in run and serve", () => {
  it("without a lock file every tool is offered and nothing is reported", async () => {
    const { names, stderr } = await dryRunTools();
    expect(names).toContain("main__echo");
    expect(stderr).not.toContain("pinning:");
  });

  it("a tool that changed since it was pinned is withheld until `pin --approve`", async () => {
    const first = await runCli(["pin", "--config", config], { env: {} });
    expect(first.code).toBe(0);
    await pinAnOlderEcho();
    expect((await readLockFile(lockPath))?.pins.length).toBeGreaterThan(1);

    const withheld = await dryRunTools();
    expect(withheld.names).not.toContain("main__echo");
    expect(withheld.names).toContain("main__add");
    expect(withheld.stderr).toContain("pinning: 1 tool withheld until approved (run `switchboard pin`");
    expect(withheld.stderr).toContain("main/echo (changed)");

    // The gateway serves the same pinned view.
    const loaded = await loadConfig(config, { env: { PATH: process.env.PATH ?? "" } });
    const lock = await readLockFile(lockPath);
    const gateway = await Gateway.start(loaded, lock === undefined ? {} : { lock });
    try {
      const served = gateway.view().tools.map((tool) => tool.name);
      expect(served).toContain("main__add");
      expect(served).not.toContain("main__echo");
    } finally {
      await gateway.close();
    }

    const check = await runCli(["pin", "--config", config], { env: {} });
    expect(check.code).toBe(1);
    const approve = await runCli(["pin", "--config", config, "--approve"], { env: {} });
    expect(approve.code).toBe(0);
    const after = await dryRunTools();
    expect(after.names).toContain("main__echo");
    expect(after.stderr).not.toContain("pinning:");
  });
});
