/**
 * `run` and `chat` against the real server-everything: its sampling, elicitation, roots, logging and
 * long-running-progress tools end to end (questions answered on stdin), a denied sampling request and a declined
 * elicitation, and in `chat` the resource and prompt commands.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MODELS } from "../../src/cli/model-from-env.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { npmServerScript } from "../fixtures/fixture-command.js";
import { runCli } from "./run-cli.js";

let dir: string;
let config: string;
let emulator: Emulator;

/**
 * A user line holding a JSON list of [tool, arguments] is a plan: the model calls them one per turn, then answers
 * with every result it saw. A sampling request (the server's system prompt) gets a fixed reply; plain text is echoed.
 */
function model(view: RequestView): Turn {
  if (view.system === "You are a helpful test server.") return { text: "the sampled answer" };
  const lastText = [...view.messages]
    .reverse()
    .find((message) => message.role === "user" && message.text !== "");
  const start = lastText === undefined ? -1 : view.messages.lastIndexOf(lastText);
  if (lastText === undefined || !lastText.text.startsWith("[")) {
    return { text: `heard: ${(lastText?.text ?? "").replace(/\s+/g, " ").slice(0, 400)}` };
  }
  const plan = JSON.parse(lastText.text) as [string, Record<string, unknown>][];
  const since = view.messages.slice(start);
  const step = plan[since.filter((message) => message.role === "assistant").length];
  if (step !== undefined) return { toolCalls: [{ name: `everything__${step[0]}`, arguments: step[1] }] };
  const results = since.flatMap((message) => message.toolResults.map((result) => result.text));
  return { text: results.join("\n---\n") };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-cli-features-"));
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [npmServerScript("everything"), "stdio"],
          timeoutMs: 1_500,
          logLevel: "debug",
        },
      },
      roots: ["workspace"],
    }),
  );
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: emulator.baseUrls.anthropic });
const plan = (...steps: [string, Record<string, unknown>][]) => JSON.stringify(steps);

describe("switchboard run with server-everything's client-facing tools", () => {
  it("sampling approved on stdin, a form filled on stdin, roots, server logs, and progress past the timeout", async () => {
    const answers = ["y", "a", "Ada", ...Array(12).fill("")].join("\n");
    const result = await runCli(
      [
        "run",
        plan(
          ["trigger-sampling-request", { prompt: "say hi", maxTokens: 40 }],
          ["trigger-elicitation-request", {}],
          ["get-roots-list", {}],
          ["toggle-simulated-logging", {}],
          ["trigger-long-running-operation", { duration: 2, steps: 4 }],
        ),
        "--config",
        config,
      ],
      { env: env(), input: `${answers}\n` },
    );
    expect(result.stderr).not.toContain("    at ");
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`everything asks to sample anthropic/${DEFAULT_MODELS.anthropic}`);
    expect(result.stdout).toContain('"text": "the sampled answer"');
    expect(result.stdout).toContain("User provided the requested information");
    expect(result.stdout).toContain("- Name: Ada");
    expect(result.stdout).toContain("- Favorite Integer: 42");
    expect(result.stdout).toContain(pathToFileURL(join(dir, "workspace")).href);
    expect(result.stdout).toContain("Long running operation completed");
    expect(result.stderr).toMatch(/^\[everything\] \w+/m);
    expect(result.stderr).toMatch(/^… everything\/trigger-long-running-operation progress 1\/4$/m);
    expect(result.stderr).toMatch(/^→ everything\/trigger-long-running-operation … \d+ ms ok$/m);
  });

  it("with nobody to answer: sampling is rejected and the form is declined", async () => {
    const result = await runCli(
      [
        "run",
        plan(
          ["trigger-sampling-request", { prompt: "say hi", maxTokens: 40 }],
          ["trigger-elicitation-request", {}],
        ),
        "--config",
        config,
      ],
      { env: env(), input: "" },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("MCP error -1: User rejected sampling request");
    expect(result.stderr).toContain("sampling for everything rejected");
    expect(result.stdout).toContain("User declined to provide the requested information");
    expect(result.stdout).toContain('"action": "decline"');
  });
});

describe("switchboard chat with resources, prompts and server questions", () => {
  it("lists, attaches @mentions, runs /server:prompt, and answers sampling and a declined form from the same input", async () => {
    const before = emulator.requests.length;
    const input = [
      "/resources",
      "/prompts",
      "summarise @everything:demo://resource/dynamic/text/5 please",
      '/everything:args-prompt city=Paris state="Ile de France"',
      "/everything:args-prompt",
      plan(["trigger-sampling-request", { prompt: "x", maxTokens: 20 }], ["trigger-elicitation-request", {}]),
      "y",
      "d",
    ].join("\n");
    const result = await runCli(["chat", "--config", config], { env: env(), input: `${input}\n` });
    expect(result.stderr).not.toContain("    at ");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^@everything:demo:\/\/resource\/static\/document\/instructions\.md\s+instructions\.md\s+text\/markdown$/m,
    );
    expect(result.stdout).toContain("@everything:demo://resource/dynamic/text/{resourceId}");
    expect(result.stdout).toMatch(/^\/everything:args-prompt\s+city\*= state=/m);
    expect(result.stderr).toContain("attached: everything:demo://resource/dynamic/text/5");
    expect(result.stdout).toContain(
      "Resource demo://resource/dynamic/text/5 (text/plain): Resource 5: This is a plaintext resource",
    );
    expect(result.stdout).toContain("heard: What's weather in Paris, Ile de France?");
    expect(result.stderr).toContain("/everything:args-prompt needs city=…");
    expect(result.stdout).toContain("the sampled answer");
    expect(result.stdout).toContain("User declined to provide the requested information");
    // attach, prompt, plan (2 tool turns + answer), the sampling request: 6 model requests, every one accepted.
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
  });
});
