/**
 * Issue 22, the connect row: a stdio server is spawned before the MCP client SDK has loaded, so the server's
 * start-up and the SDK's load (~100 ms with zod) overlap instead of adding up. Observed without timing: in a
 * child process (spawn-before-sdk/probe.mjs) a module hook holds the SDK's first module back until the server's
 * wrapper has written its pid to a marker file. A host that spawns only after the SDK loaded cannot produce the
 * marker while the hold lasts (the hook then gives up after a bound and reports it absent); one that spawns
 * first does. And a child spawned that early is not orphaned when the SDK then fails to load. Both run on the
 * SDK client's path (`stdioClient: "sdk"`): by default a stdio session without client features is served by the
 * SDK-free client, which loads the SDK only for what it cannot read itself (wire-client.test.ts).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureCommand, wrappedStubborn } from "../fixtures/fixture-command.js";
import { runJsonProbe } from "./run-json-probe.js";

const probe = fileURLToPath(new URL("./spawn-before-sdk/probe.mjs", import.meta.url));
const barrel = fileURLToPath(new URL("../../dist/index.js", import.meta.url));
const recordLoads = new URL("./import-cost/record-loads.mjs", import.meta.url).href;
/** How long the hook holds the SDK back waiting for the server: a bound on a wait, not a performance threshold. */
const gateWaitMs = 8_000;

interface ProbeOptions {
  server: { command: string; args: string[]; env: Record<string, string> };
  marker: string;
  markerLines: number;
  failSdk: boolean;
  stdioClient?: "auto" | "sdk";
}

interface ProbeReport {
  gate: string;
  tools: number;
  state: string;
  reason?: string;
  aliveBeforeClose: number[];
  aliveAfterClose: number[];
}

const scratch = mkdtempSync(join(tmpdir(), "switchboard-spawn-before-sdk-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runProbe(name: string, options: ProbeOptions): Promise<ProbeReport> {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  return runJsonProbe<ProbeReport>([probe, barrel, JSON.stringify({ ...options, waitMs: gateWaitMs }), dir]);
}

describe("the first connect of a stdio server", () => {
  it("spawns the server before the MCP client SDK has loaded, and connects it", async () => {
    const marker = join(scratch, "paging.log");
    const { command, args } = fixtureCommand("paging-server");
    const run = [command, ...args].map((part) => JSON.stringify(part)).join(" ");
    const report = await runProbe("paging", {
      server: {
        command: "/bin/sh",
        args: ["-c", `echo "pid $$" >> "$MARKER"; exec ${run}`],
        env: { MARKER: marker },
      },
      marker,
      markerLines: 1,
      failSdk: false,
      stdioClient: "sdk",
    });
    // The hook did hold the SDK back (the probe sees the SDK load at all), and the server was running by then.
    expect(report.gate).toMatch(/^marker-present .*@modelcontextprotocol\/client\//);
    expect(report.state).toBe("ready");
    expect(report.tools).toBe(8);
    expect(report.aliveAfterClose).toEqual([]);
  }, 30_000);

  it("kills a server it spawned when the SDK then fails to load: the connect fails and nothing is left", async () => {
    const marker = join(scratch, "stubborn.log");
    // The SDK's load fails once both the wrapper and the server (which ignores SIGTERM) have started.
    const report = await runProbe("stubborn", {
      server: wrappedStubborn(marker, { hangStart: true }),
      marker,
      markerLines: 2,
      failSdk: true,
      stdioClient: "sdk",
    });
    expect(report.gate).toMatch(/^marker-present /);
    expect(report.state).toBe("failed");
    expect(report.reason).toContain("failed to load");
    // Before close() and before the process's exit hook: the failed connect itself ended the whole group.
    expect(report.aliveBeforeClose).toEqual([]);
  }, 30_000);

  it("can spawn and wrap the child without loading the SDK or zod: the transport's modules load neither", async () => {
    const dir = mkdtempSync(join(scratch, "loads-"));
    const out = join(dir, "loads.txt");
    const modules = ["stdio-child.js", "child-process-transport.js", "child-env.js"].map(
      (file) => new URL(`../../dist/connect/${file}`, import.meta.url).href,
    );
    const script = [
      'import { register } from "node:module";',
      'import { writeFileSync } from "node:fs";',
      `writeFileSync(${JSON.stringify(out)}, "");`,
      `register(${JSON.stringify(recordLoads)}, { data: { out: ${JSON.stringify(out)} } });`,
      ...modules.map((url) => `await import(${JSON.stringify(url)});`),
    ].join("\n");
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "inherit" });
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`exited with ${code}`))));
    });
    const loaded = readFileSync(out, "utf8").split("\n").filter(Boolean);
    // The probe does see the modules it imports, and nothing of the SDK or zod among what they import.
    expect(loaded.filter((url) => url.endsWith("/connect/child-process-transport.js"))).toHaveLength(1);
    expect(loaded.filter((url) => /node_modules\/(@modelcontextprotocol|zod)\//.test(url))).toEqual([]);
  });
});
