/** The floor: no SDK, the hand-written JSON-RPC client in lib/raw-client.mjs. */
import { answerToolUses, toAnthropicTools } from "../lib/anthropic-shape.mjs";
import { RawClient } from "../lib/raw-client.mjs";

export { describeFirst } from "../lib/anthropic-shape.mjs";
export const shape = "anthropic";

let sessions = [];

export async function connect(servers) {
  sessions = await Promise.all(
    servers.map(async (server) => {
      const client = await RawClient.connect(server);
      const { tools } = await client.request("tools/list", {});
      return { server: server.name, client, tools };
    }),
  );
}

export async function listAndConvert() {
  const listings = await Promise.all(
    sessions.map(async ({ server, client }) => ({
      server,
      tools: (await client.request("tools/list", {})).tools,
    })),
  );
  return toAnthropicTools(listings);
}

export async function call(tool, args) {
  const result = await sessions[0].client.request("tools/call", { name: tool, arguments: args });
  return result.content[0].text;
}

export async function rebuildAfterChange() {
  const { client } = sessions[0];
  const changed = new Promise((resolve) => {
    const off = client.onNotification((message) => {
      if (message.method === "notifications/tools/list_changed") resolve(off());
    });
  });
  await client.request("tools/call", { name: "bench_mutate", arguments: {} });
  await changed;
  return listAndConvert();
}

export function dispatch(response) {
  const { client } = sessions[0];
  return answerToolUses(response, (name, input) => client.request("tools/call", { name, arguments: input }));
}

export async function close() {
  await Promise.all(sessions.map(({ client }) => client.close()));
  sessions = [];
}
