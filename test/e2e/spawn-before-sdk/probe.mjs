/**
 * Child process for spawn-before-sdk.test.ts: with gate-sdk.mjs holding back the MCP client SDK's first module,
 * loads a config of one stdio server, connects it through the public API (`connectHost`), lists its tools and
 * closes. The server's wrapper appends `pid <n>` lines to the marker file (the gate waits for them). Prints what
 * the gate saw, the server's state and reason, the tool count, and which logged pids were still alive before the
 * host was closed and before this process exits (its exit hook would kill them).
 *
 * argv: <dist/index.js path> <options JSON: { server: { command, args, env }, marker, markerLines, waitMs,
 * failSdk, stdioClient? }> <scratch dir>
 */
import { readFileSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [barrelPath, optionsJson, dir] = process.argv.slice(2);
const options = JSON.parse(optionsJson);
const report = join(dir, "gate.txt");
writeFileSync(report, "");
register(new URL("./gate-sdk.mjs", import.meta.url), {
  data: {
    marker: options.marker,
    markerLines: options.markerLines,
    report,
    waitMs: options.waitMs,
    failSdk: options.failSdk,
  },
});

function alivePids() {
  let text = "";
  try {
    text = readFileSync(options.marker, "utf8");
  } catch {
    return [];
  }
  return [...text.matchAll(/^pid (\d+)$/gm)]
    .map((match) => Number(match[1]))
    .filter((pid) => {
      try {
        // A zombie (killed, not yet reaped by its new parent) is not running: /proc says which it is.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
      } catch {
        return false;
      }
    });
}

const sb = await import(pathToFileURL(barrelPath).href);
const configFile = join(dir, "switchboard.json");
writeFileSync(configFile, JSON.stringify({ mcpServers: { server: options.server } }));
const config = await sb.loadConfig(configFile);
const host = await sb.connectHost(config, {
  restart: { maxAttempts: 0 },
  ...(options.stdioClient === undefined ? {} : { stdioClient: options.stdioClient }),
});
const tools = host.catalog.snapshot().tools.length;
const [status] = host.servers;
const aliveBeforeClose = alivePids();
await host.close();
process.stdout.write(
  `${JSON.stringify({
    gate: readFileSync(report, "utf8").trim(),
    tools,
    state: status.state,
    reason: status.reason,
    aliveBeforeClose,
    aliveAfterClose: alivePids(),
  })}\n`,
);
