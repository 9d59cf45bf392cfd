/**
 * `pin` sees what `serve` and `run` see: server-everything lists its sampling, elicitation and roots tools only to
 * a client that declares those capabilities, so `pin` must declare them too, or a tool the gateway withholds "until
 * approved" could never be approved by the name it is shown under.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/index.js";
import { Gateway } from "../../src/gateway/gateway.js";
import { readLockFile } from "../../src/pinning/lock-file.js";
import { withheldLine } from "../../src/session/apply-pins.js";
import { npmServerScript } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;
let lockPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-pin-capabilities-"));
  config = join(dir, "switchboard.json");
  lockPath = join(dir, "switchboard.lock");
  const everything = { command: process.execPath, args: [npmServerScript("everything"), "stdio"] };
  await writeFile(config, JSON.stringify({ mcpServers: { everything } }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withheldByGateway(): Promise<string> {
  const loaded = await loadConfig(config, { env: { PATH: process.env.PATH ?? "" } });
  const lock = await readLockFile(lockPath);
  const gateway = await Gateway.start(loaded, lock === undefined ? {} : { lock });
  try {
    const withheld = "withheld" in gateway.catalog ? gateway.catalog.withheld() : [];
    return withheld.length === 0 ? "" : withheldLine(withheld, lockPath);
  } finally {
    await gateway.close();
  }
}

describe("pin and capability-gated tools", () => {
  it("pins the tools servers list only to capable clients, and approves one the gateway withholds by its name", async () => {
    const first = await runCli(["pin", "--config", config], { env: {} });
    expect(first.code).toBe(0);
    const pinned = (await readLockFile(lockPath))?.pins.map((pin) => `${pin.server}/${pin.tool}`) ?? [];
    for (const tool of ["trigger-sampling-request", "trigger-elicitation-request", "get-roots-list"]) {
      expect(pinned).toContain(`everything/${tool}`);
    }
    expect(await withheldByGateway()).toBe("");

    // As if the tool appeared after the last approval: the gateway withholds it, and pin approves it by that name.
    const lock = JSON.parse(await readFile(lockPath, "utf8")) as {
      servers: Record<string, Record<string, unknown>>;
    };
    delete lock.servers.everything?.["trigger-sampling-request"];
    await writeFile(lockPath, JSON.stringify(lock, null, 2));
    expect(await withheldByGateway()).toContain("everything/trigger-sampling-request (new)");

    const check = await runCli(["pin", "--config", config], { env: {} });
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("everything/trigger-sampling-request");
    const approve = await runCli(
      ["pin", "--config", config, "--approve", "--tool", "everything/trigger-sampling-request"],
      { env: {} },
    );
    expect(approve.stderr).toBe("");
    expect(approve.code).toBe(0);
    expect(await withheldByGateway()).toBe("");
  }, 120_000);
});
