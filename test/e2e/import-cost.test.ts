/**
 * Import cost (issue 10): importing the `switchboard` barrel, making adapters and connecting servers must not
 * load a provider SDK, the MCP server SDK (the gateway's), the ledger's SQLite or the tokenizer; each loads when
 * the function that needs it first runs. A child process (import-cost/probe.mjs) imports the compiled dist/ and reports the npm packages loaded
 * after each step; the later steps prove the probe does see an SDK and better-sqlite3 once they load.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { fixtureServer } from "../fixtures/fixture-command.js";
import { captureOutput } from "./capture-output.js";
import { configOf } from "./helpers.js";

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

interface ProbeReport {
  steps: Record<"imported" | "adapters" | "connected" | "called" | "ledger", string[]>;
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

describe("import cost of the switchboard barrel", () => {
  let report: ProbeReport;

  beforeAll(async () => {
    report = await runProbe(configOf(fixtureServer("paging-server")));
  });

  it("imports without loading any provider SDK, the MCP server SDK, better-sqlite3 or the tokenizer", () => {
    expect(report.steps.imported.length).toBeGreaterThan(0);
    expect(heavyIn(report.steps.imported)).toEqual([]);
  });

  it("makes all five adapters without their SDKs", () => {
    expect(heavyIn(report.steps.adapters)).toEqual([]);
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
