#!/usr/bin/env node
/**
 * What `switchboard inspect` does, written on the official SDK v1 (`@modelcontextprotocol/sdk`): read a config
 * file's `mcpServers`, connect every stdio server at once (one Client and one session per server, as switchboard
 * keeps), initialize, list tools, resources, resource templates and prompts (each only when the server
 * advertises it, every page, the kinds concurrently as switchboard's `fetchListing` does), then close them all.
 * Prints one JSON line `{ servers: [{ name, status, tools, resources, resourceTemplates, prompts, reason? }] }`
 * and exits 1 when a server failed, like `inspect`.
 *
 *   node bench/peers/inspect/sdk-v1-inspect.mjs <config.json>
 *
 * Servers get what switchboard gives them: the SDK's default inherited variables (plus locale and temp-dir
 * ones, as switchboard's `buildChildEnv` adds), the configured `env` and `cwd`; stderr is piped and its tail
 * kept (inspect shows it for a failed server), never printed. The client declares what `inspect` declares
 * (sampling, refused; elicitation with URL mode, declined; the config's roots, or the working directory), since a
 * server may list more tools to such a client.
 */
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const EXTRA_INHERITED = ["LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ"];
const STDERR_TAIL = 4096;

const file = process.argv[2];
if (file === undefined) throw new Error("usage: sdk-v1-inspect.mjs <config.json>");
const { mcpServers, roots: rootPaths } = JSON.parse(readFileSync(file, "utf8"));
// As switchboard: the config's roots (relative to its folder), or the working directory when it names none.
const roots = (
  rootPaths?.length ? rootPaths.map((path) => resolve(dirname(file), path)) : [process.cwd()]
).map((path) => ({ uri: pathToFileURL(path).href, name: basename(path) }));
const rows = await Promise.all(Object.entries(mcpServers).map(([name, entry]) => inspectOne(name, entry)));
console.log(JSON.stringify({ servers: rows }));
process.exitCode = rows.some((row) => row.status === "failed") ? 1 : 0;

async function inspectOne(name, entry) {
  const env = {};
  for (const key of EXTRA_INHERITED) if (process.env[key] !== undefined) env[key] = process.env[key];
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args ?? [],
    env: { ...env, ...(entry.env ?? {}) },
    cwd: entry.cwd,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.setEncoding("utf8").on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  const client = new Client(
    { name: "sdk-v1-inspect", version: "1.0.0" },
    { capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: { listChanged: true } } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, () => {
    throw new Error("this client only lists tools; it does not sample");
  });
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: "decline" }));
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
  const started = performance.now();
  const request = { timeout: entry.timeoutMs ?? 60_000 };
  try {
    await client.connect(transport, { timeout: entry.connectTimeoutMs ?? 60_000 });
    const caps = client.getServerCapabilities() ?? {};
    const warnings = [];
    // As inspect: tools/list must answer; a refused optional listing is a warning and lists nothing.
    const optional = (request, list) =>
      list().catch((error) => {
        // "Method not found" for templates is no warning: such a server has none.
        if (!(request === "resources/templates/list" && error?.code === -32601))
          warnings.push(`${request} failed: ${error?.message ?? error}`);
        return [];
      });
    const [tools, resources, resourceTemplates, prompts] = await Promise.all([
      caps.tools ? all((cursor) => client.listTools({ cursor }, request), "tools") : [],
      caps.resources
        ? optional("resources/list", () =>
            all((cursor) => client.listResources({ cursor }, request), "resources"),
          )
        : [],
      caps.resources
        ? optional("resources/templates/list", () =>
            all((cursor) => client.listResourceTemplates({ cursor }, request), "resourceTemplates"),
          )
        : [],
      caps.prompts
        ? optional("prompts/list", () => all((cursor) => client.listPrompts({ cursor }, request), "prompts"))
        : [],
    ]);
    return {
      name,
      status: "ready",
      tools: tools.length,
      resources: resources.length,
      resourceTemplates: resourceTemplates.length,
      prompts: prompts.length,
      readyInMs: Math.round(performance.now() - started),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  } catch (error) {
    return {
      name,
      status: "failed",
      reason: error?.message ?? String(error),
      stderrTail: stderr.slice(-300),
    };
  } finally {
    await client.close().catch(() => {});
  }
}

/** Every page of one listing, one request at a time. */
async function all(list, key) {
  const items = [];
  let cursor;
  do {
    const page = await list(cursor);
    items.push(...(page[key] ?? []));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}
