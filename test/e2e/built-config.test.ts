/**
 * A config built in code and handed to `connectHost` (the README's lower-level path), with fields the loader
 * would have filled in left out: one `ConfigError` naming every missing field and the loader's default, before
 * any server starts. Before the check, a missing `maxConcurrentCalls` threw "Concurrency limit must be >= 1, got
 * NaN" from inside the call queue, and a missing `enabled` skipped the server without a word.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, connectHost, parseConfig, type SwitchboardConfig } from "../../src/index.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";

const echo = fixtureCommand("paging-server");

describe("connectHost with a config built in code", () => {
  it("names every field the connections need, with the default the loader would have used", async () => {
    const built = {
      file: "<inline>",
      agents: {},
      servers: {
        tickets: { kind: "stdio", name: "tickets", ...echo, env: {}, tools: {} },
        search: { kind: "http", name: "search", url: "http://127.0.0.1:9/mcp", enabled: true, timeoutMs: 0 },
      },
    } as unknown as SwitchboardConfig;
    const failure = await connectHost(built).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    const issues = (failure as ConfigError).issues.map((issue) => issue.path);
    expect(issues).toEqual([
      '$.servers["tickets"].enabled',
      '$.servers["tickets"].timeoutMs',
      '$.servers["tickets"].connectTimeoutMs',
      '$.servers["tickets"].maxConcurrentCalls',
      '$.servers["search"].timeoutMs',
      '$.servers["search"].connectTimeoutMs',
      '$.servers["search"].maxConcurrentCalls',
      '$.servers["search"].tools',
      '$.servers["search"].headers',
      '$.servers["search"].transport',
    ]);
    expect((failure as Error).message).toContain(
      '$.servers["tickets"].maxConcurrentCalls: expected a positive integer, got undefined (loadConfig and parseConfig default it to 8)',
    );
    expect((failure as Error).message).toContain(
      '$.servers["search"].timeoutMs: expected a positive integer, got 0',
    );
  });

  it("connects the same server once the loader has filled the fields in", async () => {
    const config = parseConfig(JSON.stringify({ mcpServers: { tickets: echo } }), "<inline>");
    const host = await connectHost(config);
    try {
      expect(host.servers.map((server) => [server.name, server.state])).toEqual([["tickets", "ready"]]);
    } finally {
      await host.close();
    }
  });
});
