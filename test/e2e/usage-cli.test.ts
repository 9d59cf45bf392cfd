/**
 * `switchboard run` recording into the usage ledger and `switchboard usage` reading it, as a user runs them:
 * the built CLI in a child process, a real fixture MCP server, the strict emulator playing Anthropic, and a
 * state directory of the test's own (XDG_STATE_HOME).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MODELS } from "../../src/cli/model-from-env.js";
import { openLedger } from "../../src/ledger/usage-ledger.js";
import type { UsageReport } from "../../src/ledger/usage-report.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";
import { seedLedger } from "./usage-seed.js";

let dir: string;
let emulator: Emulator;
let config: string;
let changingConfig: string;

/** "calls": echo twice then answer; "mutate": change the catalogue, call once more, answer. */
function model(view: RequestView): Turn {
  const asked = view.messages[0]?.text ?? "";
  if (asked === "mutate") {
    return (
      [
        { toolCalls: [{ name: "changing__mutate", arguments: {} }] },
        { toolCalls: [{ name: "changing__list_count", arguments: {} }] },
      ][view.turnIndex] ?? { text: "mutated" }
    );
  }
  return view.turnIndex < 2
    ? { toolCalls: [{ name: "main__echo", arguments: { text: `call ${view.turnIndex}` } }] }
    : { text: "answered" };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-usage-cli-"));
  emulator = await startEmulator({ script: model });
  const main = dispatchFixture("main");
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({ mcpServers: { main: { command: main.command, args: main.args } } }),
  );
  const changing = fixtureCommand("changing-server");
  changingConfig = join(dir, "changing.json");
  await writeFile(changingConfig, JSON.stringify({ mcpServers: { changing: changing } }));
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

const anthropic = () => ({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic });

describe("run records usage; usage reports it", () => {
  it("records every model call of two runs in the state directory, and usage reports them", async () => {
    const state = join(dir, "state");
    // SWITCHBOARD_LEDGER empty: the default location applies even if the test runner switches recording off.
    const env = { ...anthropic(), XDG_STATE_HOME: state, SWITCHBOARD_LEDGER: "" };
    for (let run = 0; run < 2; run += 1) {
      const result = await runCli(["run", "calls", "--config", config, "--system", "Be brief."], { env });
      expect(result.stderr).not.toContain("usage ledger");
      expect([result.code, result.stdout.trim()]).toEqual([0, "answered"]);
    }
    const path = join(state, "switchboard", "usage.sqlite");
    const ledger = openLedger(path);
    const records = ledger.records();
    ledger.close();
    expect(records).toHaveLength(6);
    const conversations = [...new Set(records.map((record) => record.conversation))];
    expect(conversations).toHaveLength(2);
    const emulated = emulator.requests.filter((request) => request.path === "/v1/messages").slice(-6);
    for (const [index, record] of records.entries()) {
      const usage = (emulated[index]!.response as { usage: Record<string, number> }).usage;
      expect(record).toMatchObject({
        call: (index % 3) + 1,
        provider: "anthropic",
        model: DEFAULT_MODELS.anthropic,
        inputTokens:
          usage.input_tokens! + usage.cache_read_input_tokens! + usage.cache_creation_input_tokens!,
        outputTokens: usage.output_tokens,
        cacheReadTokens: usage.cache_read_input_tokens,
        cacheWriteTokens: usage.cache_creation_input_tokens,
        toolCount: 18,
        servers: { main: 18 },
      });
      expect(record.toolsTokens).toBeGreaterThan(0);
      expect(record.toolsHash).toMatch(/^[0-9a-f]{64}$/);
    }

    const shown = await runCli(["usage", "--json"], {
      env: { XDG_STATE_HOME: state, SWITCHBOARD_LEDGER: "" },
    });
    expect(shown.code).toBe(0);
    const report = JSON.parse(shown.stdout) as UsageReport;
    expect(report.ledger).toBe(path);
    expect(report.totals.calls).toBe(6);
    expect(report.conversations.map((row) => row.calls)).toEqual([3, 3]);
    expect(report.totals.dollars).toBeGreaterThan(0);
    // The share is an estimate (o200k_base and Anthropic's overheads) against the emulator's own count.
    expect(report.totals.toolsShare).toBeGreaterThan(0.3);
    expect(report.totals.toolsShare).toBeLessThanOrEqual(1);

    const text = await runCli(["usage"], { env: { XDG_STATE_HOME: state, SWITCHBOARD_LEDGER: "" } });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`usage ledger ${path}: 6 calls in 2 conversations`);
    expect(text.stdout).toMatch(/input tokens per call, by conversation \(oldest → newest\): [▁▂▃▄▅▆▇█]{2} /);
  });

  it("says on stderr which server and tools changed the tools bytes mid-run", async () => {
    const env = { ...anthropic(), SWITCHBOARD_LEDGER: join(dir, "changing.sqlite") };
    const result = await runCli(["run", "mutate", "--config", changingConfig], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "cache: the tools array changed before model call 2 (server `changing`: `alpha` removed, `beta` changed (description), `gamma` added); the cached prefix no longer matches and is written again",
    );
    // The changing server's few tools are far below the model's minimum: that is said too.
    expect(result.stderr).toMatch(
      new RegExp(
        `warning: the tools \\(≈\\d+ tokens, estimated\\) are below ${DEFAULT_MODELS.anthropic}'s minimum cacheable prefix of 1024 tokens`,
      ),
    );
    const ledger = openLedger(join(dir, "changing.sqlite"));
    const hashes = ledger.records().map((record) => record.toolsHash);
    ledger.close();
    expect(hashes).toHaveLength(3);
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(hashes[1]).toBe(hashes[2]);
  });

  it('with "listChanged": "next-conversation" the array stays frozen and the deferral is said once', async () => {
    const frozenConfig = join(dir, "frozen.json");
    const changing = fixtureCommand("changing-server");
    await writeFile(
      frozenConfig,
      JSON.stringify({
        mcpServers: { changing },
        listChanged: "next-conversation",
        ledger: { path: "frozen.sqlite" },
      }),
    );
    // SWITCHBOARD_LEDGER="" lifts run-cli's default "off", so the config's `ledger.path` decides.
    const result = await runCli(["run", "mutate", "--config", frozenConfig], {
      env: { ...anthropic(), SWITCHBOARD_LEDGER: "" },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain("the tools array changed");
    expect(result.stderr.match(/this conversation keeps the tools it started with/g)).toHaveLength(1);
    // ledger.path is relative to the config file's folder.
    const ledger = openLedger(join(dir, "frozen.sqlite"));
    const hashes = new Set(ledger.records().map((record) => record.toolsHash));
    ledger.close();
    expect(hashes.size).toBe(1);
  });

  it("keeps the agent working when the ledger is damaged, and says so once", async () => {
    const damaged = join(dir, "damaged.sqlite");
    await writeFile(damaged, "not a database\n".repeat(200));
    const env = { ...anthropic(), SWITCHBOARD_LEDGER: damaged };
    const result = await runCli(["run", "calls", "--config", config], { env });
    expect([result.code, result.stdout.trim()]).toEqual([0, "answered"]);
    expect(result.stderr.match(/^usage ledger: /gm)).toHaveLength(1);
    expect(result.stderr).toContain(
      `usage ledger: not recording: The usage ledger ${damaged} is damaged or not a database`,
    );
  });
});

describe("switchboard usage", () => {
  let seeded: string;
  beforeAll(() => {
    seeded = join(dir, "seeded.sqlite");
    seedLedger(seeded);
  });

  it("flags creep and names the server that grew the tools array", async () => {
    const result = await runCli(["usage", "--ledger", seeded]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "creep: input tokens per call up 38% over the last 5 sessions (3,800 → 5,244); the tools array grew from 21 to 40 tools: server `github` added 19",
    );
    expect(result.stdout).toContain(
      `usage ledger ${seeded}: 20 calls in 5 conversations, 2026-11-24 to 2026-11-30`,
    );
    expect(result.stdout).toContain(
      "input tokens per call, by conversation (oldest → newest): ▆▆▇██  3,800 → 5,244",
    );
    // Newest first, with the estimate marked.
    const rows = result.stdout.split("\n").filter((line) => /^2026-11-\d\d 09:00/.test(line));
    expect(rows[0]).toMatch(
      /^2026-11-30 09:00\s+conv-5-a\s+claude-sonnet-4-5\s+4\s+5,244\s+≈99%\s+45%\s+40\s+\$/,
    );
    expect(result.stdout).toMatch(/^2026-11-30\s+4\s+5,244\s+≈99%\s+45%\s+\$0\.0\d+$/m);
  });

  it("--json carries the unrounded figures; --sessions narrows the window", async () => {
    const result = await runCli([
      "usage",
      "--ledger",
      seeded,
      "--json",
      "--sessions",
      "2",
      "--threshold",
      "5",
    ]);
    const report = JSON.parse(result.stdout) as UsageReport;
    expect(report.creep).toMatchObject({
      sessions: 2,
      creep: true,
      from: { inputPerCall: 4900, toolCount: 33 },
      to: { inputPerCall: 5244, toolCount: 40 },
      servers: [{ server: "github", from: 12, to: 19 }],
    });
    expect(report.creep!.change).toBeCloseTo(344 / 4900, 12);
    const strict = JSON.parse(
      (await runCli(["usage", "--ledger", seeded, "--json", "--sessions", "2"])).stdout,
    );
    expect((strict as UsageReport).creep).toMatchObject({ creep: false });
    expect((strict as UsageReport).creep!.message).toMatch(
      /^no creep: input tokens per call up 7% .*below the 10% threshold/,
    );
    expect(report.days.map((row) => row.day)).toEqual([
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-28",
      "2026-11-30",
    ]);
    const since = JSON.parse(
      (await runCli(["usage", "--ledger", seeded, "--json", "--since", "2026-11-28"])).stdout,
    );
    expect((since as UsageReport).totals.calls).toBe(8);
  });

  it("--html writes a self-contained page", async () => {
    const page = join(dir, "usage.html");
    const result = await runCli(["usage", "--ledger", seeded, "--html", page]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`usage page written to ${page}`);
    const html = await readFile(page, "utf8");
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).not.toMatch(/<script|<link|<img|https?:\/\//);
    expect(html).toContain("input tokens per call up 38%");
  });

  it("a missing or damaged ledger, or a switched-off one, gets a one-line message", async () => {
    const missing = await runCli(["usage", "--ledger", join(dir, "none.sqlite")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    expect(missing.stderr).toMatch(
      /^switchboard: No usage ledger at .*none\.sqlite: nothing has been recorded there yet/,
    );

    const damaged = join(dir, "usage-damaged.sqlite");
    await writeFile(damaged, "garbage ".repeat(1000));
    const broken = await runCli(["usage", "--ledger", damaged]);
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim().split("\n")).toHaveLength(1);
    expect(broken.stderr).toContain(`switchboard: The usage ledger ${damaged} is damaged or not a database`);
    expect(broken.stderr).not.toContain("    at ");

    const off = await runCli(["usage"], { env: { SWITCHBOARD_LEDGER: "off" } });
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/^switchboard: The usage ledger is switched off/);
  });
});
