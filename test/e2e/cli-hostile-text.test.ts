/**
 * A server whose every string is a terminal attack, through the commands a user runs: human output shows the
 * escape sequences as visible text and never writes a control character, while `--json` keeps the exact bytes.
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";
import { type CliResult, runCli } from "./run-cli.js";

/** CSI clear screen, OSC window title, OSC 8 link, one-byte C1 CSI, a bidi override and a carriage return. */
const HOSTILE =
  "\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\\u009b31m\u202egnp.exe\r";

/** What a terminal would act on: C0 but newline and tab, DEL, C1, bidi embeddings, overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the test.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

let dir: string;
let config: string;
let withBroken: string;
let changed: string;
let emulator: Emulator;

/** Calls the fetch tool once, then answers with what it returned. */
function model(view: RequestView): Turn {
  if (view.toolResults.length === 0) {
    return { toolCalls: [{ name: "hostile__fetch_page", arguments: { url: "https://example.com" } }] };
  }
  return { text: `the page said: ${view.toolResults.map((result) => result.text).join(" | ")}` };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-hostile-"));
  const command = fixtureCommand("hostile-text");
  const attack = (text: string) => ({ ...command, args: [...command.args, `--attack=${text}`] });
  const hostile = attack(HOSTILE);
  const broken = { ...attack(HOSTILE), env: { HOSTILE_EXIT: "1" } };
  config = join(dir, "switchboard.json");
  await writeFile(config, JSON.stringify({ mcpServers: { hostile } }));
  withBroken = join(dir, "with-broken.json");
  await writeFile(withBroken, JSON.stringify({ mcpServers: { hostile, broken } }));
  changed = join(dir, "changed.json");
  const v2 = attack(`v2${HOSTILE}`);
  await writeFile(changed, JSON.stringify({ mcpServers: { hostile: v2 } }));
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

const anthropicEnv = () => ({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic });

/** No control character anywhere in what the command printed; `where` names the stream in a failure. */
function expectSafe(result: CliResult): void {
  for (const [where, text] of [
    ["stdout", result.stdout],
    ["stderr", result.stderr],
  ] as const) {
    const found = CONTROL.exec(text);
    expect(
      found,
      `${where} has U+${found?.[0].codePointAt(0)?.toString(16)}: ${JSON.stringify(text)}`,
    ).toBeNull();
  }
}

describe("hostile server text in human output", () => {
  it("inspect escapes names, descriptions, parameters and a failed server's stderr", async () => {
    const result = await runCli(["inspect", "--config", withBroken]);
    expect(result.code).toBe(1);
    expectSafe(result);
    expect(result.stdout).toContain("evil\\u{1b}[2J\\u{1b}]0;pwned\\u{7}");
    expect(result.stdout).toContain("Fetches a page \\u{1b}[2J");
    expect(result.stdout).toContain("q\\u{1b}[2J");
    expect(result.stdout).toContain("stderr: starting \\u{1b}[2J\\u{1b}]0;pwned\\u{7}");
    expect(result.stdout).toContain(
      "fatal \\u{1b}[2J\\u{1b}]0;pwned\\u{7}\\u{1b}]8;;https://evil.example\\u{1b}\\click",
    );
    expect(result.stdout).toContain("\\u{9b}31m\\u{202e}gnp.exe");
  });

  it("check and tools escape what they print, and tools --json keeps the exact bytes", async () => {
    const check = await runCli(["check", "--config", config]);
    expect(check.code).toBe(0);
    expectSafe(check);
    expect(`${check.stdout}${check.stderr}`).toContain("\\u{1b}[2J");

    const tools = await runCli(["tools", "--provider", "openai-chat", "--config", config]);
    expect(tools.code).toBe(0);
    expectSafe(tools);
    expect(`${tools.stdout}${tools.stderr}`).toContain("\\u{1b}[2J");
    const hash = /sha256 ([0-9a-f]{64})/.exec(tools.stdout)?.[1];

    const json = await runCli(["tools", "--provider", "openai-chat", "--config", config, "--json"]);
    expect(json.code).toBe(0);
    const bytes = json.stdout.replace(/\n$/, "");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(hash);
    // JSON escapes C0 itself; C1 and bidi characters are valid JSON and stay as the server sent them.
    expect(bytes).toContain("\u009b31m\u202egnp.exe");
    expect(bytes).toContain("Fetches a page \\u001b[2J");
  });

  it("inspect --json carries the server's strings exactly", async () => {
    const result = await runCli(["inspect", "--config", config, "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      tools: { name: string }[];
      servers: { serverName: string }[];
    };
    expect(report.tools.map((tool) => tool.name)).toContain(`evil${HOSTILE}`);
    expect(report.servers[0]?.serverName).toBe(`hostile${HOSTILE}`);
  });

  it("cost and pin escape tool names and definitions", async () => {
    const cost = await runCli(["cost", "--config", config]);
    expect(cost.code).toBe(0);
    expectSafe(cost);
    expect(cost.stdout).toContain("evil\\u{1b}[2J");

    // Pinned once, then the server's text changes: pin shows the changed definitions as diffs.
    const lock = join(dir, "switchboard.lock");
    expect((await runCli(["pin", "--config", config, "--lock", lock])).code).toBe(0);
    const pin = await runCli(["pin", "--config", changed, "--lock", lock]);
    expectSafe(pin);
    expect(pin.stdout).toContain("Fetches a page v2\\u{1b}[2J");
  });

  it("run escapes the tool's result, log line, progress and elicitation text", async () => {
    const result = await runCli(["run", "Fetch it.", "--config", config], { env: anthropicEnv() });
    expect(result.code).toBe(0);
    expectSafe(result);
    expect(result.stdout).toContain("the page said: page body \\u{1b}[2J\\u{1b}]0;pwned\\u{7}");
    expect(result.stderr).toContain("log line \\u{1b}[2J");
    expect(result.stderr).toContain("progress \\u{1b}[2J");
    expect(result.stderr).toContain("Please confirm \\u{1b}[2J");
  });

  it("chat escapes answers, tool lists, resources and prompts", async () => {
    const result = await runCli(["chat", "--config", config], {
      env: anthropicEnv(),
      // "d" declines the server's form.
      input: "fetch it\nd\n/tools\n/resources\n/prompts\n",
    });
    expect(result.code).toBe(0);
    expectSafe(result);
    expect(result.stdout).toContain("the page said: page body \\u{1b}[2J");
    expect(result.stdout).toContain("(elicitation decline)");
    expect(result.stdout).toContain("hostile/evil\\u{1b}[2J");
    expect(result.stdout).toContain("Doc \\u{1b}[2J");
    expect(result.stdout).toContain("Greets \\u{1b}[2J");
    expect(result.stderr).toContain("Please confirm \\u{1b}[2J");
  });
});
