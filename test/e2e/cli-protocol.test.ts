/**
 * A server's `"protocol"` in the config file reaches the connection: the CLI user opts one server into the
 * 2026-07-28 handshake (`server/discover`, falling back to `initialize`) or pins it, without the library API.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InspectReport } from "../../src/cli/commands/inspect.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-protocol-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function inspect(
  servers: Record<string, unknown>,
): Promise<{ code: number | null; report?: InspectReport; stderr: string }> {
  const file = join(dir, `config-${Object.keys(servers).join("-")}.json`);
  await writeFile(file, JSON.stringify({ mcpServers: servers }));
  const result = await runCli(["inspect", "--config", file, "--json"]);
  return {
    code: result.code,
    stderr: result.stderr,
    ...(result.stdout.trim() === "" ? {} : { report: JSON.parse(result.stdout) as InspectReport }),
  };
}

const listing = (mode: string, extra: Record<string, unknown> = {}) => ({
  ...fixtureCommand("listing-server"),
  env: { LISTING: mode },
  ...extra,
});

describe('a server\'s "protocol" in the config', () => {
  it('"auto" negotiates 2026-07-28 with a server that offers it, and the default stays the 2025 handshake', async () => {
    const { report } = await inspect({
      modern: listing("modern", { protocol: "auto" }),
      plain: listing("modern"),
      old: listing("refuse-optional", { protocol: "auto" }),
    });
    const version = (name: string) => report?.servers.find((server) => server.name === name)?.protocolVersion;
    expect(version("modern")).toBe("2026-07-28");
    expect(version("plain")).toMatch(/^2025-/);
    expect(version("old")).toMatch(/^2025-/); // auto falls back to initialize
    expect(
      report?.tools
        .filter((tool) => tool.name === "works")
        .map((tool) => tool.server)
        .sort(),
    ).toEqual(["modern", "old", "plain"]);
  });

  it("a pinned revision the server does not offer fails that server, naming it, and the others still connect", async () => {
    const { report } = await inspect({
      pinned: listing("refuse-optional", { protocol: "2026-07-28" }),
      fine: listing("modern", { protocol: "2026-07-28" }),
    });
    const pinned = report?.servers.find((server) => server.name === "pinned");
    expect(pinned?.status).toBe("failed");
    expect(pinned?.reason).toContain('its config asks for ("protocol": "2026-07-28")');
    expect(report?.servers.find((server) => server.name === "fine")?.protocolVersion).toBe("2026-07-28");
  });

  it("an unknown value is a config error naming the server and the key", async () => {
    const { code, stderr } = await inspect({ bad: listing("modern", { protocol: "2026" }) });
    expect(code).not.toBe(0);
    expect(stderr).toContain("mcpServers.bad.protocol");
  });
});
