/**
 * Secrets canary: unique values are planted where secrets live (a stdio server's `env`, an HTTP server's
 * `Authorization` header, expanded from `${VAR}` in the config file) and servers that leak them everywhere they
 * can: stderr, stray stdout lines, JSON-RPC error messages, a crash report, an error quoting the header it
 * received and the bare token inside it. Then every place a person or a model could read is collected (the
 * connection events, the errors and their causes, the server reports, `switchboard inspect --json`, the
 * `switchboard run` output, and every request body sent to the model provider) and none may hold a canary.
 * Each check also finds `[redacted]` where the secret was, so the test cannot pass by the secret never showing up.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost } from "../../src/catalog/host.js";
import { inspectCommand } from "../../src/cli/commands/inspect.js";
import { runCommand } from "../../src/cli/commands/run.js";
import type { CliIo } from "../../src/cli/main.js";
import { loadConfig } from "../../src/config/index.js";
import { inheritedEnvKeys } from "../../src/connect/child-env.js";
import { dispatchToolCalls } from "../../src/dispatch/dispatch-tool-calls.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator } from "../../src/testing/emulator/types.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";
import { childPids } from "../e2e/helpers.js";
import { fixtureCommand, fixtureServer } from "../fixtures/fixture-command.js";
import { type RunningFaultHttp, startFaultHttp } from "./http-fault-server.js";

const stamp = `${process.pid}${Date.now().toString(36)}`;
const envSecret = `canary-env-${stamp}-value`;
const tokenSecret = `canary-token-${stamp}-value`;
const canaries = [envSecret, tokenSecret];

const dir = mkdtempSync(join(tmpdir(), "switchboard-canary-"));
let http: RunningFaultHttp;
let emulator: Emulator;
let configFile: string;
const env = (): Record<string, string> => ({
  PATH: process.env.PATH ?? "",
  HOME: dir,
  CANARY_ENV: envSecret,
  CANARY_AUTH: `Bearer ${tokenSecret}`,
  ANTHROPIC_API_KEY: "test-key",
  ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic,
});

beforeAll(async () => {
  http = await startFaultHttp("none", { FAULT_LABEL: "remote" });
  emulator = await startEmulator({
    script: (view) =>
      view.toolResults.length === 0
        ? {
            toolCalls: [
              { name: "leaky__leak", arguments: {} },
              { name: "remote__leak", arguments: {} },
              { name: "leaky__work", arguments: { id: "w1" } },
            ],
          }
        : { text: view.toolResults.map((result) => result.text).join("\n") },
  });
  const stdio = fixtureCommand("fault-stdio");
  configFile = join(dir, "switchboard.json");
  writeFileSync(
    configFile,
    JSON.stringify({
      mcpServers: {
        leaky: { ...stdio, env: { FAULT: "none", FAULT_LABEL: "leaky", CANARY: variable("CANARY_ENV") } },
        broken: { ...stdio, env: { FAULT: "exit-on-start", CANARY: variable("CANARY_ENV") } },
        remote: { url: http.url, headers: { Authorization: variable("CANARY_AUTH") } },
      },
    }),
  );
});

/** `${NAME}`: expanded from the environment when the config is loaded. */
function variable(name: string): string {
  return `\${${name}}`;
}

afterAll(async () => {
  await http?.stop();
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

function io(): CliIo & { text(): string } {
  const lines: string[] = [];
  return {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    errRaw: (line) => lines.push(line),
    interactive: false,
    env: env(),
    cwd: dir,
    text: () => lines.join("\n"),
  };
}

function expectNoCanary(where: string, text: string): void {
  for (const canary of canaries) expect(text.includes(canary), `${where} leaks ${canary}`).toBe(false);
}

describe("secrets canary", () => {
  it("never appears in connection events, errors, causes or server reports", async () => {
    const config = await loadConfig(configFile, { env: env() });
    const host = await connectHost(config, { parentEnv: env() });
    const seen: string[] = [];
    for (const connection of host.pool.connections) {
      connection.on("stderr", (line) => seen.push(`stderr ${line}`));
      connection.on("error", (error) => seen.push(`error ${inspect(error, { depth: 10 })}`));
    }
    try {
      const failures = await Promise.all(
        ["leaky", "remote"].map((server) =>
          host.callTool(server, "leak", {}).then(
            () => "resolved",
            (error: unknown) => inspect(error, { depth: 10 }),
          ),
        ),
      );
      const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic");
      const answers = await dispatchToolCalls(
        [
          { id: "a", name: "leaky__leak", arguments: {} },
          { id: "b", name: "remote__leak", arguments: {} },
        ],
        { toolset, host },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const reports = inspect(host.servers, { depth: 10 });
      const everything = [...seen, ...failures, JSON.stringify(answers), reports].join("\n");
      expectNoCanary("the host", everything);
      // Each leak happened, and was caught where it surfaced.
      expect(seen.join("\n")).toContain("my token is [redacted]");
      expect(seen.join("\n")).toContain("garbage with [redacted] in it");
      expect(failures[0]).toContain("backend refused token [redacted]");
      expect(failures[1]).toContain('rejected credentials "[redacted]" (token [redacted])');
      expect(answers.map((answer) => answer.outcome)).toEqual(["server-error", "server-error"]);
      expect(JSON.stringify(answers)).toContain("backend refused token [redacted]");
      expect(reports).toContain("cannot open [redacted]");
    } finally {
      await host.close();
    }
    // Only the HTTP server this file started is left.
    expect(childPids().filter((pid) => pid !== http.pid)).toEqual([]);
  });

  it("never appears in `switchboard inspect --json`", async () => {
    const cli = io();
    const code = await inspectCommand({ config: configFile, json: true }, cli);
    expect(code).toBe(1); // `broken` failed
    expectNoCanary("inspect --json", cli.text());
    const report = JSON.parse(cli.text()) as { servers: { name: string; stderrTail?: string }[] };
    expect(report.servers.find((server) => server.name === "broken")?.stderrTail).toContain(
      "cannot open [redacted]",
    );
  });

  it("never reaches `switchboard run` output or any request sent to the model provider", async () => {
    const before = emulator.requests.length;
    const cli = io();
    const code = await runCommand("leak everything", { config: configFile, provider: "anthropic" }, cli);
    expect(code).toBe(0);
    expectNoCanary("run output", cli.text());
    const sent = JSON.stringify(emulator.requests.slice(before).map((request) => request.body));
    expectNoCanary("requests to the provider", sent);
    expect(sent).toContain("backend refused token [redacted]");
    expect(cli.text()).toContain('rejected credentials \\"[redacted]\\"'.replaceAll("\\", ""));
  });

  it("stdio children inherit only the minimal environment, never the host's keys", async () => {
    const host = await connectHost(
      {
        file: "<canary>",
        servers: {
          "env-report": fixtureServer("env-report", { env: { SWITCHBOARD_FIXTURE_VALUE: "configured" } }),
        },
        agents: {},
      },
      {
        parentEnv: {
          ...process.env,
          ANTHROPIC_API_KEY: envSecret,
          OPENAI_API_KEY: envSecret,
          AWS_SECRET_ACCESS_KEY: envSecret,
          GITHUB_TOKEN: envSecret,
          NPM_TOKEN: envSecret,
        },
      },
    );
    try {
      const answer = await host.callTool("env-report", "env", {});
      const report = JSON.parse((answer.content[0] as { text: string }).text) as { keys: string[] };
      const allowed = new Set([...inheritedEnvKeys, "SWITCHBOARD_FIXTURE_VALUE"]);
      expect(report.keys.filter((key) => !allowed.has(key))).toEqual([]);
      expect(report.keys).toContain("PATH");
    } finally {
      await host.close();
    }
  });
});
