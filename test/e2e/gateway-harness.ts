/** Shared plumbing for the gateway's end-to-end tests: configs, a gateway on HTTP, official SDK clients. */
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { StdioServerConfig, SwitchboardConfig } from "../../src/config/types.js";
import { Gateway, type GatewayOptions } from "../../src/gateway/gateway.js";
import {
  type HttpGateway,
  type HttpGatewayOptions,
  serveGatewayHttp,
} from "../../src/gateway/http/serve-http.js";
import { type FixtureName, fixtureCommand, npmStdioServer } from "../fixtures/fixture-command.js";

/** A twin fixture under the configured `name`, answering as `identity`. */
export function twinServer(name: string, identity: string): StdioServerConfig {
  // gateway-twin.ts is compiled like every other fixture; the name list in fixture-command.ts belongs to others.
  const { command, args } = fixtureCommand("gateway-twin" as FixtureName);
  return {
    kind: "stdio",
    name,
    enabled: true,
    timeoutMs: 10_000,
    connectTimeoutMs: 15_000,
    tools: {},
    maxConcurrentCalls: 8,
    env: {},
    command,
    args: [...args, identity],
  };
}

export function everythingServer(name = "everything"): StdioServerConfig {
  return npmStdioServer("everything", ["stdio"], { name });
}

export function configWith(
  servers: StdioServerConfig[],
  agents: SwitchboardConfig["agents"] = {},
): SwitchboardConfig {
  return {
    file: "<inline>",
    servers: Object.fromEntries(servers.map((server) => [server.name, server])),
    agents,
  };
}

export interface RunningGateway {
  gateway: Gateway;
  http: HttpGateway;
  close(): Promise<void>;
}

export async function startHttpGateway(
  config: SwitchboardConfig,
  options: GatewayOptions = {},
  httpOptions: HttpGatewayOptions = {},
): Promise<RunningGateway> {
  const gateway = await Gateway.start(config, options);
  const http = await serveGatewayHttp(gateway, httpOptions).catch(async (error: unknown) => {
    await gateway.close();
    throw error;
  });
  return {
    gateway,
    http,
    async close() {
      await http.close();
      await gateway.close();
    },
  };
}

export interface ClientOptions {
  capabilities?: ClientCapabilities;
  headers?: Record<string, string>;
}

/** An official SDK client connected over Streamable HTTP. */
export async function httpClient(url: string, options: ClientOptions = {}): Promise<Client> {
  const client = new Client(
    { name: "gateway-test", version: "1.0.0" },
    { capabilities: options.capabilities ?? {} },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(options.headers === undefined ? {} : { requestInit: { headers: options.headers } }),
  });
  await client.connect(transport);
  return client;
}

/** Text of every text part of a tool result, joined. */
export function textOf(result: { content?: unknown }): string {
  const parts = Array.isArray(result.content) ? result.content : [];
  return parts
    .filter((part): part is { type: "text"; text: string } => part?.type === "text")
    .map((part) => part.text)
    .join("\n");
}

export function until(predicate: () => boolean, timeoutMs = 5_000, what = "condition"): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (predicate()) resolve();
      else if (performance.now() > deadline) reject(new Error(`Timed out waiting for ${what}`));
      else setTimeout(check, 20);
    };
    check();
  });
}
