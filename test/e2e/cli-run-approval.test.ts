/**
 * The config's approval rules in `switchboard run`: a denied tool is answered with an error the model reads,
 * `ask` without anyone to ask is a no, and `--yes` approves what would be asked.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let emulator: Emulator;

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

async function configWith(approval: unknown): Promise<string> {
  const { command, args } = dispatchFixture("main");
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify({ mcpServers: { main: { command, args } }, approval }));
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-approval-"));
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic });

describe("approval in switchboard run", () => {
  it("answers a denied call with an error saying so, and runs the allowed one", async () => {
    const config = await configWith({ rules: { main__echo: "deny", main__add: "allow" } });
    const result = await runCli(["run", "go", "--config", config], { env: env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\[error\] .*denied/im);
    expect(result.stdout).toMatch(/^\[ok\] 3$/m);
  });

  it("treats ask as no when nobody can be asked, and --yes approves it", async () => {
    const config = await configWith({ rules: { "main__*": "ask" } });
    const refused = await runCli(["run", "go", "--config", config], { env: env() });
    expect(refused.stdout.match(/^\[error\] .*denied/gim)?.length).toBe(2);
    const approved = await runCli(["run", "go", "--config", config, "--yes"], { env: env() });
    expect(approved.stdout).toMatch(/^\[ok\] hello$/m);
    expect(approved.stdout).toMatch(/^\[ok\] 3$/m);
  });
});

describe("approval in switchboard chat", () => {
  it("asks on the terminal for each call the rules mark ask, in call order", async () => {
    const config = await configWith({ rules: { "main__*": "ask" } });
    const result = await runCli(["chat", "--config", config], { env: env(), input: "go\ny\nn\n/exit\n" });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('main/echo wants to run with {"text":"hello"}');
    expect(result.stderr).toContain("Allow main__add? [y/N]");
    expect(result.stdout).toMatch(/\[ok\] hello/);
    expect(result.stdout).toMatch(/\[error\] .*the user said no/);
  });
});
