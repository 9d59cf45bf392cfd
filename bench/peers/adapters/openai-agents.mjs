/**
 * OpenAI Agents JS `@openai/agents`: `MCPServerStdio` per server, opened together with `connectMcpServers`,
 * converted with `getAllMcpTools` to Agents SDK `FunctionTool`s (native; OpenAI function shape at request time).
 * No list_changed handling: rebuild = re-list after the change (tool-list cache off, its default).
 */
import { connectMcpServers, getAllMcpTools, MCPServerStdio } from "@openai/agents";

export const shape = "Agents SDK FunctionTool[] (getAllMcpTools)";

let group;
let servers = [];

export async function connect(list) {
  servers = list.map(
    (server) => new MCPServerStdio({ name: server.name, command: server.command, args: server.args }),
  );
  group = await connectMcpServers(servers, { connectInParallel: true, strict: true });
  await Promise.all(servers.map((server) => server.listTools()));
}

export function listAndConvert() {
  // Several servers share tool names; without includeServerInToolNames the Agents SDK throws on duplicates.
  return getAllMcpTools({
    mcpServers: servers,
    convertSchemasToStrict: false,
    includeServerInToolNames: servers.length > 1,
  });
}

export async function call(tool, args) {
  const content = await servers[0].callTool(tool, args);
  return content[0].text;
}

export async function rebuildAfterChange() {
  await servers[0].callTool("bench_mutate", {});
  return listAndConvert();
}

export function describeFirst(tools) {
  return tools.find((tool) => /_0000$/.test(tool.name))?.description;
}

export async function close() {
  await group.close();
}
