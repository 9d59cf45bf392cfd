/**
 * `openSession` is `switchboard run` for programs: the built CLI and the library session, given the same config,
 * agent, adapter settings and prompt, send the same request bodies to the strict emulator (the tools array with
 * its cache breakpoint, the system prompt, the tool results the approval rules produced), and the session
 * records the usage ledger the config names. Real fixture servers over stdio.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MODELS } from "../../src/cli/model-from-env.js";
import { loadConfig } from "../../src/config/index.js";
import { openLedger } from "../../src/ledger/usage-ledger.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { openSession } from "../../src/session/open-session.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;
let emulator: Emulator;

/** Calls two tools at once, then answers with what each returned. */
function model(view: RequestView): Turn {
  if (view.toolResults.length === 0) {
    return {
      toolCalls: [
        { name: "main__echo", arguments: { text: "hello" } },
        { name: "main__add", arguments: { a: 1, b: 2 } },
      ],
    };
  }
  return {
    text: view.toolResults.map((result) => `[${result.isError ? "error" : "ok"}] ${result.text}`).join("\n"),
  };
}

const SYSTEM = "You are a careful assistant. Use the tools when they help.";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-session-"));
  const main = dispatchFixture("main");
  const other = dispatchFixture("other");
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        main: { command: main.command, args: main.args },
        // Not the agent's: neither `run --agent helper` nor the session may start it or offer its tools.
        other: { command: other.command, args: other.args },
      },
      agents: { helper: { servers: ["main"] } },
      approval: { rules: { main__echo: "deny", main__add: "allow" } },
      ledger: { path: "session-usage.sqlite" },
    }),
  );
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The emulator issues random tool-call ids: each becomes its order of appearance, the rest stays byte for byte. */
function normalisedBodies(from: number, to: number): string[] {
  const ids = new Map<string, string>();
  return emulator.requests.slice(from, to).map((request) =>
    JSON.stringify(request.body).replace(/toolu_01[0-9A-Za-z]+/g, (id) => {
      if (!ids.has(id)) ids.set(id, `toolu_#${ids.size}`);
      return ids.get(id) ?? id;
    }),
  );
}

describe("openSession and switchboard run", () => {
  it("send the same request bodies for the same config, agent, adapter settings and prompt", async () => {
    const cliLedger = join(dir, "cli-usage.sqlite");
    const beforeCli = emulator.requests.length;
    const cli = await runCli(
      [
        "run",
        "Use the tools.",
        "--config",
        config,
        "--agent",
        "helper",
        "--provider",
        "anthropic",
        "--base-url",
        emulator.baseUrls.anthropic,
        "--system",
        SYSTEM,
      ],
      { env: { ANTHROPIC_API_KEY: "test", SWITCHBOARD_LEDGER: cliLedger }, cwd: dir },
    );
    expect(cli.stderr).not.toContain("    at ");
    expect(cli.code).toBe(0);
    const afterCli = emulator.requests.length;

    const reported: string[] = [];
    const session = await openSession({
      config,
      agent: "helper",
      adapter: anthropicAdapter({
        model: DEFAULT_MODELS.anthropic,
        clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic },
      }),
      system: SYSTEM,
      env: { HOME: dir },
      cwd: dir,
      report: (line) => reported.push(line),
    });
    const events: string[] = [];
    let result: Awaited<ReturnType<typeof session.run>>;
    try {
      // A listener, as the CLI has: the session then streams as `run` does by default.
      result = await session.run({ prompt: "Use the tools.", onEvent: (event) => events.push(event.type) });
      expect(session.host.servers.find((server) => server.name === "other")?.state).toBe("disabled");
    } finally {
      await session.close();
    }
    const afterSession = emulator.requests.length;

    const fromCli = normalisedBodies(beforeCli, afterCli);
    const fromSession = normalisedBodies(afterCli, afterSession);
    expect(fromCli).toHaveLength(2);
    expect(fromSession).toEqual(fromCli);

    // What the bodies hold: only the agent's tools, the breakpoint on the last one, the system prompt cached,
    // and the approval rules' answers (echo denied, add run).
    const first = emulator.requests[afterCli]?.body as {
      tools: { name: string; cache_control?: unknown }[];
      system: { text: string; cache_control?: unknown }[];
    };
    expect(first.tools.map((tool) => tool.name).every((name) => name.startsWith("main__"))).toBe(true);
    expect(first.tools.at(-1)?.cache_control).toEqual({ type: "ephemeral" });
    expect(first.tools.slice(0, -1).some((tool) => tool.cache_control !== undefined)).toBe(false);
    expect(first.system).toEqual([{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }]);
    expect(result.text).toMatch(/^\[error\] .*denied/m);
    expect(result.text).toMatch(/^\[ok\] 3$/m);
    expect(cli.stdout).toBe(`${result.text}\n`);
    expect(result.toolCalls.map((call) => `${call.tool}:${call.outcome}`).sort()).toEqual([
      "add:ok",
      "echo:denied",
    ]);
    expect(events).toContain("request");

    // The ledger: the session recorded where the config says (relative to its folder), as the CLI did where
    // SWITCHBOARD_LEDGER said; both under the agent's name.
    expect(session.ledgerPath).toBe(join(dir, "session-usage.sqlite"));
    for (const path of [join(dir, "session-usage.sqlite"), cliLedger]) {
      const ledger = openLedger(path);
      try {
        const records = ledger.records();
        expect(records.map((record) => `${record.call} ${record.agent} ${record.model}`)).toEqual([
          `1 helper ${DEFAULT_MODELS.anthropic}`,
          `2 helper ${DEFAULT_MODELS.anthropic}`,
        ]);
      } finally {
        ledger.close();
      }
    }
  }, 120_000);

  it("asks the approval hook where a parsed config's rules say ask; ledger: false records nothing", async () => {
    const loaded = await loadConfig(config, { env: {} });
    const asked: string[] = [];
    const before = emulator.requests.length;
    const session = await openSession({
      config: { ...loaded, approval: { rules: { "main__*": "ask" } } },
      agent: "helper",
      adapter: anthropicAdapter({
        model: DEFAULT_MODELS.anthropic,
        clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic },
      }),
      env: { HOME: dir },
      cwd: dir,
      ledger: false,
      approval: (request) => {
        asked.push(request.name);
        return request.tool === "echo" ? "allow" : { deny: "not today" };
      },
    });
    try {
      expect(session.ledgerPath).toBeUndefined();
      const result = await session.run("Use the tools.");
      expect(asked.sort()).toEqual(["main__add", "main__echo"]);
      expect(result.toolCalls.map((call) => `${call.tool}:${call.outcome}`).sort()).toEqual([
        "add:denied",
        "echo:ok",
      ]);
      expect(result.text).toMatch(/^\[ok\] hello$/m);
      expect(result.text).toMatch(/^\[error\] .*not today/m);
      expect(emulator.requests.length - before).toBe(2);
    } finally {
      await session.close();
    }
  }, 60_000);
});
