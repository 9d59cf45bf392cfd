/**
 * switchboard, through the README's documented path only, from the built package: the file `import "switchboard"`
 * resolves to through the root package.json's `exports` (the bundle, dist/bundle/index.js; `npm run build` in the
 * root first): connectHost, buildToolset(host.catalog.snapshot().tools, "anthropic") with
 * no options beyond the generation (no cache passed: the default path's own reuse is what is measured),
 * host.callTool, answerResponse for dispatch.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

// This folder is a package of its own, so the name is resolved from the root's package.json, as a user's would be.
const entry = createRequire(new URL("../../../package.json", import.meta.url)).resolve("switchboard");
const { answerResponse, buildToolset, connectHost } = await import(pathToFileURL(entry).href);

export const shape = "anthropic";

let host;
let toolset;

function configOf(servers) {
  const entries = servers.map((server) => [
    server.name,
    {
      kind: "stdio",
      name: server.name,
      command: server.command,
      args: server.args,
      env: {},
      enabled: true,
      timeoutMs: 60_000,
      connectTimeoutMs: 30_000,
      tools: {},
      // 32 so the throughput row really has 32 calls in flight (the default, 8, queues the rest).
      maxConcurrentCalls: 32,
    },
  ]);
  return { file: "<bench>", servers: Object.fromEntries(entries), agents: {} };
}

function build() {
  const catalog = host.catalog;
  toolset = buildToolset(catalog.snapshot().tools, "anthropic", {
    generation: catalog.generation,
  });
  return toolset.tools;
}

export async function connect(servers) {
  // Debounce 0: the benchmark measures the rebuild, not a debounce policy (same for every client).
  host = await connectHost(configOf(servers), { catalog: { debounceMs: 0 } });
  const failed = host.servers.filter((status) => status.state !== "ready");
  if (failed.length > 0) throw new Error(`not ready: ${JSON.stringify(failed)}`);
}

export async function listAndConvert() {
  await Promise.all(
    host.pool.connections.map(async (connection) => {
      host.catalog.update(connection.name, await connection.refreshListing(["tools"]));
    }),
  );
  return build();
}

export async function call(tool, args) {
  const result = await host.callTool("s0", tool, args);
  return result.content[0].text;
}

export async function rebuildAfterChange() {
  const changed = new Promise((resolve) => {
    const off = host.catalog.on("change", () => resolve(off()));
  });
  await host.callTool("s0", "bench_mutate", {});
  await changed;
  return build();
}

export function describeFirst(tools) {
  return tools.find((tool) => /_0000$/.test(tool.name))?.description;
}

export function emittedName(tool) {
  return toolset.names.nameOf("s0", tool);
}

export async function dispatch(response) {
  const answer = await answerResponse("anthropic", response, { toolset, host });
  return answer.append[0].content;
}

export async function close() {
  await host.close();
  host = undefined;
}
