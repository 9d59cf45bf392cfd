/**
 * Secrets canary: unique values are planted where secrets live (a stdio server's `env`, an HTTP server's
 * `Authorization` header, expanded from `${VAR}` in the config file) and outside them (a `--token=${VAR}` and a
 * literal `--password` value in `args`, an `?api_key=` in a URL, a password in URL userinfo), several with quotes,
 * backslashes and characters URL encoders treat differently; and servers leak them everywhere they can: stderr,
 * stray stdout lines, JSON-RPC error messages, `isError` results, their own tool definitions, a crash report, an
 * error quoting the header and URL it received, each raw, as JSON, URL-encoded and base64. Then every place a
 * person or a model could read is collected (connection events, errors and their causes, server reports, the
 * output of `inspect`, `inspect --json`, `tools`, `check`, `cost`, `run --dry-run`, `run`, `auth status --json`
 * and `serve --stdio`, every request body sent to the model provider, every file written under HOME) and none
 * may hold a canary in any of those spellings. Checks also find `[redacted]` where the secret was, so a test
 * cannot pass by the secret never showing up.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost } from "../../src/catalog/host.js";
import { authCommand } from "../../src/cli/commands/auth.js";
import { checkCommand } from "../../src/cli/commands/check.js";
import { costCommand } from "../../src/cli/commands/cost.js";
import { inspectCommand } from "../../src/cli/commands/inspect.js";
import { runCommand } from "../../src/cli/commands/run.js";
import { toolsCommand } from "../../src/cli/commands/tools.js";
import type { CliIo } from "../../src/cli/main.js";
import { loadConfig } from "../../src/config/index.js";
import { inheritedEnvKeys } from "../../src/connect/child-env.js";
import { dispatchToolCalls } from "../../src/dispatch/dispatch-tool-calls.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator } from "../../src/testing/emulator/types.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";
import { childPids } from "../e2e/helpers.js";
import { repoRoot } from "../e2e/run-cli.js";
import { fixtureCommand, fixtureServer } from "../fixtures/fixture-command.js";
import { type RunningFaultHttp, startFaultHttp } from "./http-fault-server.js";

const stamp = `${process.pid}${Date.now().toString(36)}`;
const envSecret = `canary-env-${stamp}-value`;
const tokenSecret = `canary-token-${stamp}-value`;
// Secrets outside env and headers, with characters JSON escapes (`"`, `\`) and URL encoders treat differently
// (`/`, `+`, space, `&`, `~`, `é`).
/** `--token=${CANARY_ARG}` in a stdio server's args. */
const argSecret = `canary-arg-${stamp}-"q\\b/+ &é~`;
/** Written as is after `--password` in the args. */
const flagSecret = `canary-flag-${stamp}-p%w+"\\`;
/** `?api_key=` in an HTTP server's URL, URL-encoded there. */
const querySecret = `canary-query-${stamp}-"q\\ +/é&`;
/** The password of `https://user:…@host` (a config the loader must refuse). */
const userSecret = `canary-user-${stamp}-pw`;
const canaries = [envSecret, tokenSecret, argSecret, flagSecret, querySecret, userSecret];
/** The leaky server's arguments after its script, as the fixture joins them. */
const leakyArgs = [`--token=${argSecret}`, "--password", flagSecret];

/** Each canary as the encoders on the way out write it: raw, JSON (once, twice), URL (three ways), base64. */
function spellings(canary: string): string[] {
  const json = JSON.stringify(canary).slice(1, -1);
  return [
    canary,
    json,
    JSON.stringify(json).slice(1, -1),
    encodeURIComponent(canary),
    encodeURI(canary),
    new URLSearchParams({ s: canary }).toString().slice(2),
    Buffer.from(canary).toString("base64"),
  ];
}
const forbidden = [
  ...canaries.flatMap(spellings),
  // What the fixture writes as base64: the arguments joined, each secret inside at some alignment.
  Buffer.from(leakyArgs.join(" ")).toString("base64"),
];

const dir = mkdtempSync(join(tmpdir(), "switchboard-canary-"));
let http: RunningFaultHttp;
let emulator: Emulator;
let configFile: string;
const env = (): Record<string, string> => ({
  PATH: process.env.PATH ?? "",
  HOME: dir,
  CANARY_ENV: envSecret,
  CANARY_AUTH: `Bearer ${tokenSecret}`,
  CANARY_ARG: argSecret,
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
              { name: "leaky__leak_result", arguments: {} },
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
        leaky: {
          ...stdio,
          args: [...stdio.args, `--token=${variable("CANARY_ARG")}`, "--password", flagSecret],
          env: { FAULT: "none", FAULT_LABEL: "leaky", CANARY: variable("CANARY_ENV"), LEAK_IN_LISTING: "1" },
        },
        broken: {
          ...stdio,
          args: [...stdio.args, `--token=${variable("CANARY_ARG")}`],
          env: { FAULT: "exit-on-start", CANARY: variable("CANARY_ENV") },
        },
        remote: {
          url: `${http.url}?api_key=${encodeURIComponent(querySecret)}`,
          headers: { Authorization: variable("CANARY_AUTH") },
        },
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
  for (const spelling of forbidden) expect(text.includes(spelling), `${where} leaks ${spelling}`).toBe(false);
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

  it("never appears in `switchboard inspect`", async () => {
    const cli = io();
    expect(await inspectCommand({ config: configFile }, cli)).toBe(1);
    expectNoCanary("inspect", cli.text());
    // The broken server's stderr quoted its arguments; the leaky server's listing quoted them too.
    expect(cli.text()).toContain('started with ["--token=[redacted]"]');
  });

  it("never appears in `switchboard tools --json`", async () => {
    const cli = io();
    await toolsCommand({ config: configFile, provider: "anthropic", json: true }, cli);
    expectNoCanary("tools", cli.text());
    expect(cli.text()).toContain("started as --token=[redacted] --password [redacted]");
  });

  it("never appears in `switchboard check --json`", async () => {
    const cli = io();
    await checkCommand({ config: configFile, json: true }, cli);
    expectNoCanary("check", cli.text());
  });

  it("never appears in `switchboard cost --json`", async () => {
    const cli = io();
    await costCommand({ config: configFile, json: true }, cli);
    expectNoCanary("cost", cli.text());
  });

  it("never appears in `switchboard run --dry-run`", async () => {
    const cli = io();
    expect(await runCommand("hi", { config: configFile, provider: "anthropic", dryRun: true }, cli)).toBe(0);
    expectNoCanary("run --dry-run", cli.text());
    expect(cli.text()).toContain("started as --token=[redacted] --password [redacted]");
  });

  it("never appears in `switchboard auth status --json`, whose rows carry each server's URL", async () => {
    const cli = io();
    expect(await authCommand("status", undefined, { config: configFile, json: true }, cli)).toBe(0);
    expectNoCanary("auth status --json", cli.text());
    expect(cli.text()).toContain("?api_key=[redacted]");
  });

  it("never leaves the gateway (`switchboard serve --stdio`): listings, results, errors, its stderr", async () => {
    let stderr = "";
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(repoRoot, "bin", "switchboard.js"), "serve", "--stdio", "--config", configFile],
      env: env(),
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "canary-client", version: "1.0.0" });
    await client.connect(transport);
    try {
      const listed = await client.listTools();
      const answers = await Promise.all(
        ["leaky__leak", "leaky__leak_result", "remote__leak"].map((name) =>
          client.callTool({ name, arguments: {} }).then(
            (result) => JSON.stringify(result),
            (error: unknown) => inspect(error, { depth: 10 }),
          ),
        ),
      );
      const everything = [JSON.stringify(listed), ...answers].join("\n");
      expectNoCanary("the gateway's answers", everything);
      expect(everything).toContain("[redacted]");
    } finally {
      await client.close();
    }
    expectNoCanary("the gateway's stderr", stderr);
  });

  it("refuses a URL with credentials in it, naming the server and key and not the password", async () => {
    const file = join(dir, "userinfo.json");
    const url = new URL(http.url);
    url.username = "user";
    url.password = encodeURIComponent(userSecret);
    writeFileSync(file, JSON.stringify({ mcpServers: { withUser: { url: url.href } } }));
    const cli = io();
    const failure = await inspectCommand({ config: file, json: true }, cli).then(
      (code) => `exit ${code}`,
      (error: unknown) => inspect(error, { depth: 10 }),
    );
    expectNoCanary("a config with userinfo", `${failure}\n${cli.text()}`);
    expect(failure).toContain("mcpServers.withUser.url");
    expect(failure).toContain("without credentials");
  });

  it("never lands in a file switchboard wrote (ledger, credentials, caches under HOME)", () => {
    const written = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      // The config files this test wrote hold the literal secrets on purpose.
      .filter((file) => file !== configFile && !file.endsWith("userinfo.json"));
    expect(written.map((file) => file.slice(dir.length))).toContain("/.local/state/switchboard/usage.sqlite");
    for (const file of written)
      expectNoCanary(file, readFileSync(file).toString("latin1") + readFileSync(file, "utf8"));
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
