/**
 * Import cost (issue 10, issue 22 item 4): importing the `switchboard` barrel, making adapters and connecting
 * servers must not load a provider SDK, the MCP server SDK (the gateway's), the ledger's SQLite or the tokenizer;
 * importing and making adapters must not load the MCP client SDK, zod or ajv either (loading a config brings zod,
 * connecting the client SDK). Each loads when the function that needs it first runs. A child process (import-cost/probe.mjs) imports the compiled dist/ and reports the npm packages loaded
 * after each step; the later steps prove the probe does see an SDK and better-sqlite3 once they load.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { captureOutput } from "./capture-output.js";

const probe = fileURLToPath(new URL("./import-cost/probe.mjs", import.meta.url));
const barrel = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

/** Heavy packages nothing may load before it is used (the MCP server SDK: the gateway's, at `Gateway.start`). */
const HEAVY = [
  "@modelcontextprotocol/server",
  "@anthropic-ai/sdk",
  "openai",
  "@google/genai",
  "google-auth-library",
  "better-sqlite3",
  "gpt-tokenizer",
];

/** What only connecting needs (the MCP client SDK and what it validates with), so nothing loads at import. */
const CONNECT_ONLY = ["@modelcontextprotocol/client", "zod", "ajv", "re2js"];
/** What reading a config or matching a glob needs: loaded at the first use, not at import. */
const FIRST_USE = ["jsonc-parser", "picomatch"];

interface ProbeReport {
  steps: Record<"imported" | "adapters" | "configLoaded" | "connected" | "called" | "ledger", string[]>;
  /** Packages in the require cache (CommonJS builds) after loading the config, and after connecting. */
  requiredAfterConfig: string[];
  requiredAfterConnect: string[];
  toolCount: number;
  translated: Record<string, number>;
  text: string;
}

function runProbe(config: unknown): Promise<ProbeReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [probe, barrel, JSON.stringify(config)], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = captureOutput(child);
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`probe exited with ${code}:\n${output.stderr}`));
      else resolve(JSON.parse(output.stdout) as ProbeReport);
    });
  });
}

const heavyIn = (loaded: readonly string[]) => HEAVY.filter((name) => loaded.includes(name));
const connectOnlyIn = (loaded: readonly string[]) => CONNECT_ONLY.filter((name) => loaded.includes(name));

describe("import cost of the switchboard barrel", () => {
  let report: ProbeReport;

  beforeAll(async () => {
    // The file a user writes: loadConfig reads it (through zod) before connectHost connects it.
    report = await runProbe({ mcpServers: { "paging-server": fixtureCommand("paging-server") } });
  });

  it("imports without loading any provider SDK, the MCP server SDK, better-sqlite3 or the tokenizer", () => {
    expect(heavyIn(report.steps.imported)).toEqual([]);
  });

  it("imports without loading the MCP client SDK, zod or ajv", () => {
    expect(connectOnlyIn(report.steps.imported)).toEqual([]);
  });

  it("imports without loading jsonc-parser or picomatch", () => {
    expect(FIRST_USE.filter((name) => report.steps.imported.includes(name))).toEqual([]);
  });

  it("makes all five adapters without their SDKs, the MCP client SDK, zod or ajv", () => {
    expect(heavyIn(report.steps.adapters)).toEqual([]);
    expect(connectOnlyIn(report.steps.adapters)).toEqual([]);
  });

  it("loads a config file with zod's ES module and without the MCP client SDK", () => {
    expect(connectOnlyIn(report.steps.configLoaded)).toEqual(["zod"]);
    expect(report.requiredAfterConfig).not.toContain("zod");
  });

  it("connects with the client SDK sharing that zod: no CommonJS copy of zod or the SDK", () => {
    expect(connectOnlyIn(report.steps.connected)).toContain("@modelcontextprotocol/client");
    expect(report.requiredAfterConnect).not.toContain("zod");
    expect(report.requiredAfterConnect).not.toContain("@modelcontextprotocol/client");
  });

  it("connects a server and translates its tools for every target without them", () => {
    expect(report.toolCount).toBe(8);
    expect(Object.values(report.translated).every((count) => count > 0)).toBe(true);
    expect(heavyIn(report.steps.connected)).toEqual([]);
  });

  it("loads the Anthropic SDK, and only it, at the first Anthropic call", () => {
    expect(report.text).toBe("hello from the fake API");
    expect(heavyIn(report.steps.called)).toEqual(["@anthropic-ai/sdk"]);
  });

  it("loads better-sqlite3 when a ledger is opened", () => {
    expect(heavyIn(report.steps.ledger)).toEqual(["@anthropic-ai/sdk", "better-sqlite3"]);
  });
});
