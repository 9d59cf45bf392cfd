/**
 * Mastra `@mastra/mcp` 2.0 `MCPClient`: connecting is lazy, so connect = `listTools()` (connect, list, convert).
 * listAndConvert returns Mastra tools keyed `server_tool` (native). Its list_changed hook
 * (`tools.onListChanged`) needs MCP 2026-07-28 (`subscriptions/listen`) and throws on a 2025-era server like
 * this one, so rebuild = `listTools()` again after the change.
 */
import { MCPClient } from "@mastra/mcp";

export const shape = "Mastra Tool record (listTools())";

let client;
let firstTools;

export async function connect(servers) {
  client = new MCPClient({
    id: `bench-${process.pid}`,
    servers: Object.fromEntries(
      servers.map((server) => [server.name, { command: server.command, args: server.args }]),
    ),
  });
  firstTools = await client.listTools();
}

export function listAndConvert() {
  return client.listTools();
}

export async function call(tool, args) {
  const result = await firstTools[`s0_${tool}`].execute(args, {});
  return result.content?.[0]?.text ?? result;
}

export async function rebuildAfterChange() {
  await firstTools.s0_bench_mutate.execute({}, {});
  return client.listTools();
}

export function describeFirst(tools) {
  return Object.entries(tools).find(([name]) => /_0000$/.test(name))?.[1].description;
}

export async function close() {
  await client.disconnect();
}
