/**
 * `switchboard chat` through piped stdin: history kept across turns, `/tools`, tool calls on stderr, and Ctrl-C
 * (SIGINT) stopping a turn whose tool hangs without ending the conversation.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { waitFor } from "./helpers.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;
let callLog: string;
let emulator: Emulator;

/** Answers the latest user line; "echo X" calls the echo tool, "hang" calls a tool that never answers. */
function model(view: RequestView): Turn {
  if (view.toolResults.length > 0) {
    return { text: `tool said: ${view.toolResults.map((result) => result.text).join(" | ")}` };
  }
  const said = [...view.messages].reverse().find((message) => message.role === "user" && message.text !== "");
  const text = said?.text ?? "";
  if (text.startsWith("echo "))
    return { toolCalls: [{ name: "main__echo", arguments: { text: text.slice(5) } }] };
  if (text === "hang") return { toolCalls: [{ name: "main__hang", arguments: {} }] };
  const earlier =
    view.messages.filter((message) => message.role === "user" && message.text !== "").length - 1;
  return { text: `heard "${text}" after ${earlier} earlier user lines` };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-chat-"));
  const { command, args } = dispatchFixture("main");
  config = join(dir, "switchboard.json");
  callLog = join(dir, "calls.jsonl");
  const env = { DISPATCH_CALL_LOG: callLog };
  await writeFile(config, JSON.stringify({ mcpServers: { main: { command, args, env } } }));
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

const callsLogged = () => (existsSync(callLog) ? readFileSync(callLog, "utf8") : "");

const anthropicEnv = () => ({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic });

describe("switchboard chat", () => {
  it("keeps the history across turns, lists the tools, shows tool calls, and exits at end of input", async () => {
    const before = emulator.requests.length;
    const result = await runCli(["chat", "--config", config], {
      env: anthropicEnv(),
      input: "echo ping\n/tools\nhow many?\n/nonsense\n",
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toBe("tool said: ping");
    expect(result.stdout).toMatch(/^main__echo\s+main\/echo$/m);
    expect(result.stdout).toMatch(/^main__hang\s+main\/hang$/m);
    expect(lines.at(-1)).toBe('heard "how many?" after 1 earlier user lines');
    expect(result.stderr).toMatch(/^→ main\/echo … \d+ ms ok$/m);
    expect(result.stderr).toContain("unknown command /nonsense");
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200, 200]);
  });

  it("stops at /exit without reading further lines", async () => {
    const before = emulator.requests.length;
    const result = await runCli(["chat", "--config", config], {
      env: { GEMINI_API_KEY: "test", GEMINI_BASE_URL: emulator.baseUrls.gemini },
      input: "hello\n/exit\nnever sent\n",
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('heard "hello" after 0 earlier user lines\n');
    expect(emulator.requests.length - before).toBe(1);
  });

  it("Ctrl-C stops a hung turn, returns to the prompt, and the next turn is accepted", async () => {
    const child = spawnChat(["chat", "--config", config], anthropicEnv());
    try {
      const before = emulator.requests.length;
      child.stdin.write("hang\n");
      // The server logs each call as it starts: once `hang` is there, the call is in flight.
      await waitFor(() => callsLogged().includes('"hang"'), 20_000, "the hang call on the server");
      child.kill("SIGINT");
      await waitFor(() => output.err.includes("interrupted"), 10_000, "the interruption notice");
      expect(output.err).toMatch(/^→ main\/hang … \d+ ms error aborted$/m);

      child.stdin.write("still there?\n");
      // The answer streams: wait for all of it, not its first word.
      const answer = 'heard "still there?" after 1 earlier user lines';
      await waitFor(() => output.out.includes(answer), 10_000, "the next answer");
      expect(output.out).toContain(answer);
      expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200]);

      // Ctrl-C with no turn running leaves.
      child.kill("SIGINT");
      const code = await exited(child);
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});

const bin = fileURLToPath(new URL("../../bin/switchboard.js", import.meta.url));
const output = { out: "", err: "" };

function spawnChat(args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  output.out = "";
  output.err = "";
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output.out += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output.err += chunk;
  });
  return child;
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}
