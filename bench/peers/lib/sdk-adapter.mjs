/**
 * The official SDK client (v1 and v2 have the same surface for this): one Client per server, tools/list, and the
 * hand-written Anthropic conversion and dispatch from anthropic-shape.mjs. list_changed goes through the SDK's
 * own `listChanged.tools` auto-refresh (debounce 0, as for every client here: the benchmark measures the rebuild,
 * not a debounce policy).
 */
import { answerToolUses, toAnthropicTools } from "./anthropic-shape.mjs";

export function sdkAdapter({ Client, StdioClientTransport }) {
  let sessions = [];
  let changed;

  async function open(server) {
    const session = { server: server.name, tools: [] };
    session.client = new Client(
      { name: "sdk-bench", version: "1.0.0" },
      {
        listChanged: {
          tools: {
            debounceMs: 0,
            onChanged: (error, tools) => {
              if (!error) session.tools = tools;
              changed?.(error);
            },
          },
        },
      },
    );
    await session.client.connect(new StdioClientTransport({ command: server.command, args: server.args }));
    session.tools = (await session.client.listTools()).tools;
    return session;
  }

  return {
    shape: "anthropic",
    async connect(servers) {
      sessions = await Promise.all(servers.map(open));
    },
    async listAndConvert() {
      // Several servers are listed in parallel, as a user of the bare SDK would.
      await Promise.all(sessions.map(async (s) => (s.tools = (await s.client.listTools()).tools)));
      return toAnthropicTools(sessions.map(({ server, tools }) => ({ server, tools })));
    },
    async call(tool, args) {
      const result = await sessions[0].client.callTool({ name: tool, arguments: args });
      return result.content[0].text;
    },
    async rebuildAfterChange() {
      const refreshed = new Promise((resolve, reject) => {
        changed = (error) => (error ? reject(error) : resolve());
      });
      await sessions[0].client.callTool({ name: "bench_mutate", arguments: {} });
      await refreshed;
      changed = undefined;
      // The SDK re-listed on its own; only the conversion is left.
      return toAnthropicTools(sessions.map(({ server, tools }) => ({ server, tools })));
    },
    dispatch(response) {
      const { client } = sessions[0];
      return answerToolUses(response, (name, input) => client.callTool({ name, arguments: input }));
    },
    async close() {
      await Promise.all(sessions.map(({ client }) => client.close()));
      sessions = [];
    },
  };
}
