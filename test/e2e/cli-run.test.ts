/**
 * `switchboard run` as a user runs it: the built CLI in a child process, a real fixture MCP server, and the
 * strict emulator standing in for each provider (reached through the providers' own base-URL variables).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunReport } from "../../src/cli/commands/run.js";
import { DEFAULT_MODELS } from "../../src/cli/model-from-env.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;
let emulator: Emulator;

/** Calls two tools at once, then reports what they returned; "loop" keeps calling forever. */
function model(view: RequestView): Turn {
  const asked = view.messages[0]?.text ?? "";
  if (asked.includes("loop")) return { toolCalls: [{ name: "main__echo", arguments: { text: "again" } }] };
  if (view.toolResults.length === 0) {
    return {
      toolCalls: [
        { name: "main__echo", arguments: { text: "from the cli" } },
        { name: "main__add", arguments: { a: 1, b: 2 } },
      ],
    };
  }
  return { text: `answer: ${view.toolResults.map((result) => result.text).join(" + ")}` };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-run-"));
  const { command, args } = dispatchFixture("main");
  config = join(dir, "switchboard.json");
  await writeFile(config, JSON.stringify({ mcpServers: { main: { command, args } } }));
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

const providers: [string, string[], () => Record<string, string>][] = [
  ["anthropic", [], () => ({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic })],
  ["openai (Responses)", [], () => ({ OPENAI_API_KEY: "test", OPENAI_BASE_URL: emulator.baseUrls.openai })],
  [
    "openai-chat",
    ["--provider", "openai-chat"],
    () => ({ OPENAI_API_KEY: "test", OPENAI_BASE_URL: emulator.baseUrls.openai }),
  ],
  ["gemini", [], () => ({ GEMINI_API_KEY: "test", GEMINI_BASE_URL: emulator.baseUrls.gemini })],
  [
    "openai-compatible",
    ["--model", "llama3.1"],
    () => ({ OPENAI_COMPATIBLE_BASE_URL: emulator.baseUrls.openai, OPENAI_COMPATIBLE_API_KEY: "test" }),
  ],
];

describe("switchboard run", () => {
  it.each(providers)("%s: prints the final text, and each tool call on stderr", async (_name, args, env) => {
    const before = emulator.requests.length;
    const result = await runCli(["run", "Use the tools.", "--config", config, ...args], { env: env() });
    expect(result.stderr).not.toContain("    at ");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("answer: from the cli + 3\n");
    expect(result.stderr).toMatch(/^→ main\/echo … \d+ ms ok$/m);
    expect(result.stderr).toMatch(/^→ main\/add … \d+ ms ok$/m);
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200]);
  });

  it("--json prints a summary with the stop reason, usage and every call", async () => {
    const env = { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic };
    const result = await runCli(["run", "Use the tools.", "--config", config, "--json"], { env });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as RunReport;
    expect(report).toMatchObject({
      provider: "anthropic",
      model: DEFAULT_MODELS.anthropic,
      stopReason: "done",
      finishReason: "stop",
      turns: 2,
      text: "answer: from the cli + 3",
    });
    expect(report.usage.inputTokens).toBeGreaterThan(0);
    expect(report.toolCalls.map((call) => `${call.server}/${call.tool}:${call.outcome}`).sort()).toEqual([
      "main/add:ok",
      "main/echo:ok",
    ]);
  });

  it("stops at --max-turns with exit 1 and says why", async () => {
    const env = { OPENAI_API_KEY: "test", OPENAI_BASE_URL: emulator.baseUrls.openai };
    const result = await runCli(["run", "loop forever", "--config", config, "--max-turns", "2"], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("switchboard: stopped after 2 turns (--max-turns)");
    expect(result.stderr.match(/^→ main\/echo/gm)).toHaveLength(2);
  });

  it("--dry-run without any key prints the first request body and sends nothing", async () => {
    const before = emulator.requests.length;
    // The base URL points at the emulator: a request that leaked would be recorded there.
    const env = { ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic };
    const result = await runCli(
      ["run", "Use the tools.", "--config", config, "--dry-run", "--system", "Be brief."],
      {
        env,
      },
    );
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(body).toMatchObject({
      model: DEFAULT_MODELS.anthropic,
      max_tokens: 8192,
      system: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }],
      messages: [{ role: "user", content: "Use the tools." }],
    });
    const names = (body.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain("main__echo");
    expect(names).toEqual([...names].sort());
    expect(result.stderr).toContain(`dry run: POST ${emulator.baseUrls.anthropic}/v1/messages`);
    expect(emulator.requests.length).toBe(before);
  });

  it("--dry-run for Gemini prints the SDK's own body (contents, tools, systemInstruction)", async () => {
    const result = await runCli(
      ["run", "hi", "--config", config, "--dry-run", "-p", "gemini", "--system", "Be brief."],
      { env: {} },
    );
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(body.contents).toEqual([{ role: "user", parts: [{ text: "hi" }] }]);
    expect(JSON.stringify(body.systemInstruction)).toContain("Be brief.");
    expect(JSON.stringify(body.tools)).toContain("main__echo");
  });

  it("names the missing key in one line and exits 2, before reading the config or starting a server", async () => {
    // The config does not exist: reading it first would fail differently (CONFIG_NOT_FOUND, exit 1).
    const missing = join(dir, "absent.json");
    const explicit = await runCli(["run", "hi", "--config", missing, "--provider", "openai"], { env: {} });
    expect(explicit.code).toBe(2);
    expect(explicit.stdout).toBe("");
    expect(explicit.stderr.trim().split("\n")).toHaveLength(1);
    expect(explicit.stderr).toMatch(/^switchboard: OPENAI_API_KEY is not set/);

    const none = await runCli(["run", "hi", "--config", missing], { env: {} });
    expect(none.code).toBe(2);
    expect(none.stderr.trim().split("\n")).toHaveLength(1);
    for (const variable of ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY"]) {
      expect(none.stderr).toContain(variable);
    }
  });

  it("reports a provider's rejection in one line with exit 1", async () => {
    // A wrong base URL: the emulator answers 404 as an API would.
    const env = { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: `${emulator.url}/nowhere` };
    const result = await runCli(["run", "hi", "--config", config], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^switchboard: anthropic request failed: HTTP 404: /m);
    expect(result.stderr).not.toContain("    at ");
  });

  it("documents the providers' variables and default models in --help", async () => {
    const result = await runCli(["run", "--help"]);
    expect(result.code).toBe(0);
    for (const text of [
      DEFAULT_MODELS.anthropic,
      DEFAULT_MODELS.openai,
      DEFAULT_MODELS.gemini,
      "GEMINI_BASE_URL",
      "OPENAI_COMPATIBLE_BASE_URL",
      "--dry-run",
    ]) {
      expect(result.stdout).toContain(text);
    }
  });
});
