/**
 * mcp-use 1.34.6 (the 2.x client, `@mcp-use/client`, is not on npm): `MCPClient` + sessions, converted with its
 * `LangChainAdapter` to LangChain tools (native). Its connector re-lists on list_changed by itself
 * (`refreshToolsCache`) and then calls user notification handlers.
 */
import { MCPClient } from "mcp-use";
import { LangChainAdapter } from "mcp-use/adapters";

export const shape = "LangChain StructuredTool[] (mcp-use LangChainAdapter)";

let client;
let connectors = [];
let firstTools;

export async function connect(servers) {
  client = MCPClient.fromDict({
    mcpServers: Object.fromEntries(
      servers.map((server) => [server.name, { command: server.command, args: server.args }]),
    ),
  });
  const sessions = await client.createAllSessions();
  connectors = Object.values(sessions).map((session) => session.connector);
}

export async function listAndConvert() {
  // The connector's tool cache feeds the adapter; refreshToolsCache is the re-list it runs on list_changed.
  await Promise.all(connectors.map((connector) => connector.refreshToolsCache()));
  return convert();
}

function convert() {
  return new LangChainAdapter().createToolsFromConnectors(connectors);
}

export async function call(tool, args) {
  firstTools ??= await convert();
  const target = firstTools.find((candidate) => candidate.name === tool);
  // Its tools answer with the whole MCP result as a JSON string.
  return JSON.parse(await target.invoke(args)).content[0].text;
}

export async function rebuildAfterChange() {
  const connector = connectors[0];
  const notified = new Promise((resolve) => {
    connector.onNotification((message) => {
      if (message.method === "notifications/tools/list_changed") resolve();
    });
  });
  await connector.callTool("bench_mutate", {});
  await notified; // handlers run after the connector's own re-list
  return convert();
}

export function describeFirst(tools) {
  return tools.find((tool) => /_0000$/.test(tool.name))?.description;
}

export async function close() {
  await client.closeAllSessions();
}
