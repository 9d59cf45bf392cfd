/**
 * What the gateway adds to a tool call. The same `echo` call from an official SDK client, made directly against
 * the server and through `switchboard serve`, alternating one call at a time; per-call medians over several
 * rounds and their ratio (gateway/direct):
 *   - stdio: client → twin fixture, against client → `switchboard serve` (the real CLI, stdio) → twin;
 *   - http:  client → server-everything (Streamable HTTP), against client → gateway (Streamable HTTP) →
 *            the same server-everything over HTTP;
 *   - in-process: client → gateway server over an in-memory transport → twin (the gateway's own work: name
 *     lookup, dispatch, result mapping, with no extra wire).
 * Run with `npm run bench -- gateway` (the stdio row needs `npm run build`).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Transport } from "@modelcontextprotocol/client";
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Gateway } from "../src/gateway/gateway.js";
import { serveGatewayHttp } from "../src/gateway/http/serve-http.js";
import { configWith, twinServer } from "../test/e2e/gateway-harness.js";
import { startEverythingHttp } from "../test/e2e/helpers.js";
import { repoRoot } from "../test/e2e/run-cli.js";
import { httpServer } from "../test/fixtures/fixture-command.js";
import { type BenchContext, median } from "./run.js";

const rounds = 7;
const callsPerRound = 150;

type Call = () => Promise<unknown>;

async function client(transport: Transport): Promise<Client> {
  const connected = new Client({ name: "bench", version: "1.0.0" });
  await connected.connect(transport);
  return connected;
}

/** Alternates the two calls `callsPerRound` times per round; returns per-call medians in microseconds. */
async function compare(direct: Call, gateway: Call): Promise<{ directUs: number; gatewayUs: number }> {
  for (let index = 0; index < 30; index += 1) {
    await direct();
    await gateway();
  }
  const directRounds: number[] = [];
  const gatewayRounds: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const directTimes: number[] = [];
    const gatewayTimes: number[] = [];
    for (let index = 0; index < callsPerRound; index += 1) {
      let started = performance.now();
      await direct();
      directTimes.push(performance.now() - started);
      started = performance.now();
      await gateway();
      gatewayTimes.push(performance.now() - started);
    }
    directRounds.push(median(directTimes) * 1000);
    gatewayRounds.push(median(gatewayTimes) * 1000);
  }
  return { directUs: median(directRounds), gatewayUs: median(gatewayRounds) };
}

function report(context: BenchContext, name: string, result: { directUs: number; gatewayUs: number }): void {
  context.report({
    name,
    values: {
      direct_us_per_call: Math.round(result.directUs),
      gateway_us_per_call: Math.round(result.gatewayUs),
      added_us: Math.round(result.gatewayUs - result.directUs),
      "gateway/direct": (result.gatewayUs / result.directUs).toFixed(2),
    },
  });
}

async function stdioRow(context: BenchContext): Promise<void> {
  if (!existsSync(join(repoRoot, "dist", "cli", "commands", "serve.js"))) {
    context.log("stdio row skipped: run `npm run build` first (it starts the real CLI)");
    return;
  }
  const twin = twinServer("twin", "A");
  const dir = mkdtempSync(join(tmpdir(), "switchboard-gateway-bench-"));
  const config = join(dir, "switchboard.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { twin: { command: twin.command, args: twin.args } } }));
  const env = { PATH: process.env.PATH ?? "", HOME: dir };
  const direct = await client(
    new StdioClientTransport({ command: twin.command, args: twin.args, env, stderr: "ignore" }),
  );
  const gateway = await client(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(repoRoot, "bin", "switchboard.js"), "serve", "--config", config],
      env,
      stderr: "ignore",
    }),
  );
  try {
    const result = await compare(
      () => direct.callTool({ name: "echo", arguments: { text: "hi" } }),
      () => gateway.callTool({ name: "twin__echo", arguments: { text: "hi" } }),
    );
    report(context, "stdio: echo, direct vs switchboard serve", result);
  } finally {
    await Promise.all([direct.close(), gateway.close()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function httpRow(context: BenchContext): Promise<void> {
  const everything = await startEverythingHttp("streamableHttp");
  const gateway = await Gateway.start({
    file: "<bench>",
    servers: { everything: httpServer("everything", everything.url, { transport: "streamable-http" }) },
    agents: {},
  });
  const http = await serveGatewayHttp(gateway);
  const direct = await client(new StreamableHTTPClientTransport(new URL(everything.url)));
  const through = await client(new StreamableHTTPClientTransport(new URL(http.url)));
  try {
    const result = await compare(
      () => direct.callTool({ name: "echo", arguments: { message: "hi" } }),
      () => through.callTool({ name: "everything__echo", arguments: { message: "hi" } }),
    );
    report(context, "http: echo, direct vs gateway (http→http)", result);
  } finally {
    await Promise.all([direct.close(), through.close()]);
    await http.close();
    await gateway.close();
    await everything.stop();
  }
}

async function inProcessRow(context: BenchContext): Promise<void> {
  const twin = twinServer("twin", "A");
  const gateway = await Gateway.start(configWith([twin]));
  const direct = await client(
    new StdioClientTransport({
      command: twin.command,
      args: twin.args,
      env: { PATH: process.env.PATH ?? "" },
      stderr: "ignore",
    }),
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = gateway.createServer();
  await server.connect(serverSide as never);
  const through = await client(clientSide);
  try {
    const result = await compare(
      () => direct.callTool({ name: "echo", arguments: { text: "hi" } }),
      () => through.callTool({ name: "twin__echo", arguments: { text: "hi" } }),
    );
    report(context, "in-process: echo, direct vs gateway server", result);
  } finally {
    await Promise.all([direct.close(), through.close()]);
    await gateway.close();
  }
}

export default async function gatewayBench(context: BenchContext): Promise<void> {
  await stdioRow(context);
  await httpRow(context);
  await inProcessRow(context);
}
