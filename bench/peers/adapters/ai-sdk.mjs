/**
 * Vercel AI SDK `@ai-sdk/mcp`: one client per server (it is single-server by design). listAndConvert returns
 * its native AI SDK `Tool` record (`client.tools()`); the Anthropic shape is made later, inside
 * `@ai-sdk/anthropic`, at request time. No list_changed handling: rebuild = re-list after the change.
 */
import { createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";

export const shape = "AI SDK Tool record (client.tools())";

let sessions = [];

export async function connect(servers) {
  sessions = await Promise.all(
    servers.map(async (server) => {
      const client = await createMCPClient({
        transport: new Experimental_StdioMCPTransport({ command: server.command, args: server.args }),
      });
      await client.listTools();
      return { server: server.name, client };
    }),
  );
}

export async function listAndConvert() {
  const sets = await Promise.all(sessions.map(({ client }) => client.tools()));
  // Several clients' records would overwrite each other on spread; keep them apart by server.
  if (sets.length === 1) return sets[0];
  return Object.fromEntries(
    sets.flatMap((set, index) => Object.entries(set).map(([name, tool]) => [`s${index}__${name}`, tool])),
  );
}

export async function call(tool, args) {
  const result = await sessions[0].client.callTool({ name: tool, arguments: args });
  return result.content[0].text;
}

export async function rebuildAfterChange() {
  await sessions[0].client.callTool({ name: "bench_mutate", arguments: {} });
  return listAndConvert();
}

export function describeFirst(tools) {
  return Object.entries(tools).find(([name]) => /_0000$/.test(name))?.[1].description;
}

export async function close() {
  await Promise.all(sessions.map(({ client }) => client.close()));
  sessions = [];
}
