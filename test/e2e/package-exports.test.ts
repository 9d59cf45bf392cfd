/**
 * The package's three entries as a user imports them by name from the built package (`npm run build` first):
 * `switchboard` holds the curated library names and not the internals, `switchboard/gateway` starts and serves a
 * gateway, `switchboard/testing` holds the emulator. Run in a child Node inside the repository, where a package
 * can import itself by its own name through its `exports`.
 */
import { spawn } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { captureOutput } from "./capture-output.js";
import { repoRoot } from "./run-cli.js";

const SCRIPT = `
const sb = await import("switchboard");
const gw = await import("switchboard/gateway");
const testing = await import("switchboard/testing");
const gateway = await gw.Gateway.start({ file: "<inline>", servers: {}, agents: {} }, { serverInfo: { name: "probe", version: "1" } });
const http = await gw.serveGatewayHttp(gateway, { port: 0 });
const quote = { server: "markets", tool: { name: "get_quote", description: "Latest quote for a ticker symbol", inputSchema: { type: "object" } } };
const upload = { server: "files", tool: { name: "upload", description: "Upload a document", inputSchema: { type: "object" } } };
const found = sb.createToolIndex([quote, upload]).search("current share price of Tencent", 1).map((hit) => hit.tool);
const lexical = sb.createToolIndex([quote, upload], sb.LEXICAL_SEARCH_CONFIG).search("current share price of Tencent", 1);
const url = http.url;
await http.close();
await gateway.close();
process.stdout.write(JSON.stringify({
  barrel: Object.keys(sb).sort(),
  gateway: Object.keys(gw).sort(),
  testing: Object.keys(testing).sort(),
  instance: gateway instanceof gw.Gateway,
  url,
  found,
  lexical,
}));
`;

interface Entries {
  barrel: string[];
  gateway: string[];
  testing: string[];
  instance: boolean;
  url: string;
  found: string[];
  lexical: unknown[];
}

let entries: Entries;

beforeAll(async () => {
  const child = spawn(process.execPath, ["--input-type=module", "-e", SCRIPT], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the probe exited with ${code}:\n${output.stderr}`);
  entries = JSON.parse(output.stdout) as Entries;
}, 60_000);

describe("the package entries", () => {
  it("switchboard's tool index finds its shipped word vectors from the bundle: a tool found by meaning alone", () => {
    expect(entries.found).toEqual(["get_quote"]);
    expect(entries.lexical).toEqual([]);
  });

  it("switchboard/gateway starts a gateway and serves it over HTTP", () => {
    expect(entries.gateway).toEqual(["Gateway", "catalogueSurface", "serveGatewayHttp", "serveGatewayStdio"]);
    expect(entries.instance).toBe(true);
    expect(entries.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it("switchboard keeps what the README documents and leaves the internals and the gateway out", () => {
    for (const name of [
      "anthropicAdapter",
      "answerResponse",
      "buildToolset",
      "connectHost",
      "createHybridToolIndex",
      "createToolIndex",
      "DEFAULT_SEARCH_CONFIG",
      "LEXICAL_SEARCH_CONFIG",
      "openAiEmbedder",
      "killServerProcesses",
      "liveToolset",
      "loadConfig",
      "localTool",
      "NameHistory",
      "openSession",
      "runAgent",
      "toolSearchToolset",
      "ToolTranslationCache",
    ])
      expect(entries.barrel).toContain(name);
    for (const name of [
      "authForServer",
      "Catalog",
      "ConnectionPool",
      "Gateway",
      "resolveOrThrow",
      "serveGatewayHttp",
      "serveGatewayStdio",
      "ToolNotFoundError",
    ])
      expect(entries.barrel).not.toContain(name);
  });

  it("switchboard/testing holds the emulator and the scripted model", () => {
    expect(entries.testing).toEqual(expect.arrayContaining(["callThenAnswer", "scripted", "startEmulator"]));
  });
});
