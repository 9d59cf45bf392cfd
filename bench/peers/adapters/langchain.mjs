/**
 * `@langchain/mcp-adapters` `MultiServerMCPClient`: connecting also lists and converts (its
 * initializeConnections loads the tools). listAndConvert re-lists through `loadMcpTools` and returns LangChain
 * `DynamicStructuredTool`s (native; `bindTools` makes the provider shape later). list_changed: the
 * `onToolsListChanged` hook, then the re-list.
 */
import { loadMcpTools, MultiServerMCPClient } from "@langchain/mcp-adapters";

export const shape = "LangChain DynamicStructuredTool[]";

let client;
let names = [];
let changed;
let firstTools;

export async function connect(servers) {
  names = servers.map((server) => server.name);
  client = new MultiServerMCPClient({
    mcpServers: Object.fromEntries(
      servers.map((server) => [
        server.name,
        { transport: "stdio", command: server.command, args: server.args },
      ]),
    ),
    onToolsListChanged: () => changed?.(),
  });
  firstTools = await client.getTools();
}

export async function listAndConvert() {
  const lists = await Promise.all(
    names.map(async (name) => loadMcpTools(name, await client.getClient(name))),
  );
  return lists.flat();
}

export async function call(tool, args) {
  firstTools ??= await client.getTools();
  const target = firstTools.find((candidate) => candidate.name === tool);
  const content = await target.invoke(args);
  return typeof content === "string" ? content : content[0].text;
}

export async function rebuildAfterChange() {
  const notified = new Promise((resolve) => {
    changed = resolve;
  });
  await (await client.getClient(names[0])).callTool({ name: "bench_mutate", arguments: {} });
  await notified;
  return listAndConvert();
}

export function describeFirst(tools) {
  return tools.find((tool) => /_0000$/.test(tool.name))?.description;
}

export async function close() {
  await client.close();
}
