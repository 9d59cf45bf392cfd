/**
 * The model's side of MCP tasks: in `openSession` on the Anthropic API through the official SDK against the
 * strict emulator, a task tool's call reaches the model as an ordinary tool result (and a failed task, or a
 * required task tool on a server without tasks, as a tool error), with real task servers over stdio.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MODELS } from "../../src/cli/model-from-env.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { openSession } from "../../src/session/open-session.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { fixtureCommand } from "../fixtures/fixture-command.js";

let dir: string;
let config: string;
let emulator: Emulator;

function model(view: RequestView): Turn {
  if (view.toolResults.length === 0) {
    return {
      toolCalls: [
        { name: "tasks__report", arguments: { text: "tides", polls: 2 } },
        { name: "tasks__fail", arguments: { via: "result" } },
        { name: "plain__report", arguments: { text: "tides" } },
      ],
    };
  }
  return {
    text: view.toolResults.map((result) => `[${result.isError ? "error" : "ok"}] ${result.text}`).join("\n"),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-session-tasks-"));
  const server = fixtureCommand("task-server");
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        tasks: { command: server.command, args: server.args },
        plain: { command: server.command, args: server.args, env: { TASKS_CAPABILITY: "off" } },
      },
    }),
  );
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a session calling tools that run as tasks", () => {
  it("hands the model each task's final result as an ordinary tool result", async () => {
    const session = await openSession({
      config,
      adapter: anthropicAdapter({
        model: DEFAULT_MODELS.anthropic,
        clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic },
      }),
      ledger: false,
      env: { HOME: dir },
      cwd: dir,
    });
    let text: string;
    try {
      text = (await session.run("Report on tides.")).text ?? "";
    } finally {
      await session.close();
    }
    const lines = text.split("\n");
    expect(lines[0]).toContain("[ok]");
    expect(lines[0]).toContain("report: tides");
    expect(lines[1]).toBe("[error] fail: the tool broke");
    expect(lines[2]).toMatch(/^\[error\] .*must run as a task/);
  });
});
