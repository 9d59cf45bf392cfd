/**
 * `switchboard conformance-client <server-url>` (hidden): the client the official MCP conformance referee
 * drives. The referee starts a scenario's server, runs this command with the server's URL as the last argument
 * and the scenario's name in `MCP_CONFORMANCE_SCENARIO`, then scores the traffic. Everything goes through the
 * library (`ServerConnection` and the client features), so a pass says something about switchboard itself.
 * Scenario names and behaviours are those of `@modelcontextprotocol/conformance@0.1.16` (2026-11-30).
 */

import { clientFeatures } from "../../client-features/client-features.js";
import type { HttpServerConfig } from "../../config/types.js";
import { ServerConnection } from "../../connect/server-connection.js";
import type { ClientFeatures } from "../../connect/types.js";
import { SwitchboardError } from "../../errors.js";
import type { CliIo } from "../main.js";
import { version } from "../version.js";

interface Scenario {
  features?: ClientFeatures;
  run(connection: ServerConnection, io: CliIo): Promise<void>;
}

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  // The handshake is the whole test; listing what the server offers is allowed.
  initialize: { run: async () => {} },
  tools_call: {
    run: async (connection, io) => {
      const result = await connection.callTool("add_numbers", { a: 5, b: 3 });
      io.err(`add_numbers(5, 3) → ${JSON.stringify(result.content)}`);
    },
  },
  "elicitation-sep1034-client-defaults": {
    // An empty acceptance: the schema's defaults must be filled in by the client (SEP-1034).
    features: clientFeatures({ elicitation: { hook: () => ({ action: "accept", content: {} }) } }),
    run: async (connection, io) => {
      const result = await connection.callTool("test_client_elicitation_defaults", {});
      io.err(`test_client_elicitation_defaults → ${JSON.stringify(result.content)}`);
    },
  },
  "sse-retry": {
    // The server closes the POST stream early; the SDK transport resumes with GET after `retry` ms.
    run: async (connection, io) => {
      const result = await connection.callTool("test_reconnection", {});
      io.err(`test_reconnection → ${JSON.stringify(result.content)}`);
    },
  },
};

export const CONFORMANCE_SCENARIOS = Object.keys(SCENARIOS);

export async function conformanceClientCommand(serverUrl: string, io: CliIo): Promise<number> {
  const name = io.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const scenario = SCENARIOS[name];
  if (scenario === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `Unknown MCP_CONFORMANCE_SCENARIO "${name}"; this client handles: ${CONFORMANCE_SCENARIOS.join(", ")}`,
    );
  }
  const config: HttpServerConfig = {
    kind: "http",
    name: "conformance",
    url: serverUrl,
    transport: "streamable-http",
    headers: {},
    enabled: true,
    timeoutMs: 20_000,
    connectTimeoutMs: 20_000,
    tools: {},
    maxConcurrentCalls: 1,
  };
  const connection = new ServerConnection(config, {
    clientInfo: { name: "switchboard", version: version() },
    restart: { maxAttempts: 0 },
    ...(scenario.features === undefined ? {} : { features: scenario.features }),
  });
  try {
    await connection.start();
    io.err(
      `${name}: connected (${connection.info?.protocolVersion ?? "?"}), ${connection.listing?.tools.length ?? 0} tools`,
    );
    await scenario.run(connection, io);
    return 0;
  } finally {
    await connection.close();
  }
}
