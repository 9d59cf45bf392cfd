import { describe, expect, it } from "vitest";
import type { StdioServerConfig, SwitchboardConfig } from "../config/types.js";
import { ConnectionPool } from "./connection-pool.js";

function server(name: string, overrides: Partial<StdioServerConfig> = {}): StdioServerConfig {
  return {
    kind: "stdio",
    name,
    enabled: true,
    timeoutMs: 1_000,
    connectTimeoutMs: 1_000,
    tools: {},
    maxConcurrentCalls: 1,
    command: "unused",
    args: [],
    env: {},
    ...overrides,
  };
}

const config: SwitchboardConfig = {
  file: "<inline>",
  servers: { a: server("a"), b: server("b", { enabled: false }), c: server("c") },
  agents: {},
};

describe("ConnectionPool (before starting anything)", () => {
  it("creates a connection per enabled server and reports disabled ones, in configuration order", () => {
    const pool = new ConnectionPool(config);
    expect(pool.connections.map((connection) => connection.name)).toEqual(["a", "c"]);
    expect(pool.statuses().map((status) => [status.name, status.state, status.transport])).toEqual([
      ["a", "connecting", "stdio"],
      ["b", "disabled", "stdio"],
      ["c", "connecting", "stdio"],
    ]);
    expect(pool.get("b")).toBeUndefined();
  });

  it("connects only the servers named in `only`", () => {
    const pool = new ConnectionPool(config, { only: ["c"] });
    expect(pool.connections.map((connection) => connection.name)).toEqual(["c"]);
    expect(pool.statuses().find((status) => status.name === "a")?.state).toBe("disabled");
  });
});
