#!/usr/bin/env node
/**
 * The one stdio MCP server every client in the benchmark talks to: raw newline-delimited JSON-RPC, no SDK, so
 * its own cost is small and identical for all. `--tools N` adds N synthetic tools (see catalogue.mjs) to `echo`,
 * `add` and `bench_mutate`. Speaks the 2025 era (`initialize`); 2026-era probes get "method not found", which
 * every dual-era client treats as "fall back to initialize".
 */
import { baseTools, syntheticTool } from "./catalogue.mjs";

const SUPPORTED = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
const LATEST = "2025-11-25";

const toolsArg = process.argv.indexOf("--tools");
const syntheticCount = toolsArg === -1 ? 0 : Number(process.argv[toolsArg + 1] ?? 0);
let revision = 0;
let cachedList;

function listTools() {
  cachedList ??= JSON.stringify([
    ...baseTools,
    ...Array.from({ length: syntheticCount }, (_, index) => syntheticTool(index, revision)),
  ]);
  return cachedList;
}

function send(text) {
  process.stdout.write(`${text}\n`);
}

function reply(id, result) {
  send(JSON.stringify({ jsonrpc: "2.0", id, result }));
}

function fail(id, code, message) {
  send(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }));
}

function callTool(id, name, args) {
  if (name === "echo") return reply(id, { content: [{ type: "text", text: String(args?.text ?? "") }] });
  if (name === "add") {
    const sum = Number(args?.a) + Number(args?.b);
    return reply(id, { content: [{ type: "text", text: String(sum) }], structuredContent: { sum } });
  }
  if (name === "bench_mutate") {
    revision += 1;
    cachedList = undefined;
    send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/tools/list_changed" }));
    return reply(id, { content: [{ type: "text", text: `revision ${revision}` }] });
  }
  const match = /_(\d{4})$/.exec(name ?? "");
  const index = match ? Number(match[1]) : -1;
  if (index < 0 || index >= syntheticCount) return reply(id, toolError(`Unknown tool: ${name}`));
  const tool = syntheticTool(index, revision);
  const result = { content: [{ type: "text", text: `${name} ok` }] };
  if (tool.outputSchema) result.structuredContent = { items: [{ id: "r-0001", name: "first" }] };
  return reply(id, result);
}

function toolError(text) {
  return { content: [{ type: "text", text }], isError: true };
}

function handle(message) {
  const { id, method, params } = message;
  if (id === undefined || id === null) return; // notifications (initialized, cancelled) need no answer
  if (method === undefined) return; // a response to something we never asked
  switch (method) {
    case "initialize": {
      const asked = params?.protocolVersion;
      return reply(id, {
        protocolVersion: SUPPORTED.includes(asked) ? asked : LATEST,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: "bench-server", version: "1.0.0" },
      });
    }
    case "ping":
      return reply(id, {});
    case "tools/list":
      // One page with every tool: SDK v1 and mcp-use 1.x read only the first page.
      return send(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":${listTools()}}}`);
    case "tools/call":
      return callTool(id, params?.name, params?.arguments);
    case "logging/setLevel":
      return reply(id, {});
    default:
      return fail(id, -32601, `Method not found: ${method}`);
  }
}

let buffer = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  let newline = buffer.indexOf("\n");
  while (newline !== -1) {
    const line = buffer.slice(0, newline).trim();
    buffer = buffer.slice(newline + 1);
    if (line.length > 0) {
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        send(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }));
      }
      if (Array.isArray(message)) for (const item of message) handle(item);
      else if (message) handle(message);
    }
    newline = buffer.indexOf("\n");
  }
});
// Stdin closed: the client is gone. Exit naturally once stdout has drained (process.exit would truncate it).
process.stdin.on("end", () => process.stdin.destroy());
