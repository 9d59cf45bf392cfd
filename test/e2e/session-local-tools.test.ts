/**
 * `openSession({ localTools })`: a program's own tools join the session's array beside the agent's MCP tools
 * (one name table, the cache breakpoint still on the last tool) and the session answers their calls, on the
 * Anthropic API through the official SDK against the strict emulator, with a real fixture server over stdio.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MODELS } from "../../src/cli/model-from-env.js";
import { localTool } from "../../src/index.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { openSession } from "../../src/session/open-session.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";

let dir: string;
let config: string;
let emulator: Emulator;
const clockCalls: unknown[] = [];

const clock = localTool({
  name: "clock",
  description: "The time in a city",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  execute: (args) => {
    clockCalls.push(args);
    return `noon in ${String(args.city)}`;
  },
});

function model(view: RequestView): Turn {
  if (view.toolResults.length === 0 && view.tools.includes("search_tools")) {
    // Behind the facade: the local tool directly, a server's tool through call_tool.
    return {
      toolCalls: [
        { name: "local__clock", arguments: { city: "Oslo" } },
        { name: "call_tool", arguments: { name: "main__echo", arguments: { text: "hello" } } },
      ],
    };
  }
  if (view.toolResults.length === 0) {
    return {
      toolCalls: [
        { name: "local__clock", arguments: { city: "Oslo" } },
        { name: "main__echo", arguments: { text: "hello" } },
      ],
    };
  }
  return {
    text: view.toolResults.map((result) => `[${result.isError ? "error" : "ok"}] ${result.text}`).join("\n"),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-session-local-"));
  const main = dispatchFixture("main");
  config = join(dir, "switchboard.json");
  await writeFile(
    config,
    JSON.stringify({ mcpServers: { main: { command: main.command, args: main.args } } }),
  );
  emulator = await startEmulator({ script: model });
});

afterAll(async () => {
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

/** One session run with the clock beside the config's servers: the first request's tools, the clock's calls, the answer. */
async function runWithClock(configFile: string, agent?: string) {
  const session = await openSession({
    config: configFile,
    ...(agent === undefined ? {} : { agent }),
    adapter: anthropicAdapter({
      model: DEFAULT_MODELS.anthropic,
      clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic },
    }),
    localTools: [clock],
    ledger: false,
    env: { HOME: dir },
    cwd: dir,
  });
  const before = emulator.requests.length;
  const calls = clockCalls.length;
  let text: string;
  try {
    const result = await session.run("What time is it in Oslo? Echo hello too.");
    text = result.text ?? "";
  } finally {
    await session.close();
  }
  const first = emulator.requests[before]?.body as { tools: { name: string; cache_control?: unknown }[] };
  return {
    tools: first.tools,
    names: first.tools.map((tool) => tool.name),
    clock: clockCalls.slice(calls),
    text,
  };
}

describe("openSession with local tools", () => {
  it("offers them beside the servers' tools and answers their calls", async () => {
    const { tools, names, clock: calls, text } = await runWithClock(config);
    expect(names).toContain("local__clock");
    expect(names).toContain("main__echo");
    expect(tools.at(-1)?.cache_control).toEqual({ type: "ephemeral" });
    expect(calls).toEqual([{ city: "Oslo" }]);
    expect(text).toContain("[ok] noon in Oslo");
    expect(text).toMatch(/\[ok\] .*hello/);
  });

  it("keeps them in the array beside the search facade and answers their calls", async () => {
    const searching = join(dir, "searching.json");
    const main = dispatchFixture("main");
    await writeFile(
      searching,
      JSON.stringify({
        mcpServers: { main: { command: main.command, args: main.args } },
        agents: { searcher: { servers: ["main"], toolSearch: "facade" } },
      }),
    );
    const { tools, names, clock: calls, text } = await runWithClock(searching, "searcher");
    expect(names).toContain("search_tools");
    expect(names).toContain("local__clock");
    expect(names).not.toContain("main__echo");
    expect(tools.at(-1)?.cache_control).toEqual({ type: "ephemeral" });
    expect(calls).toEqual([{ city: "Oslo" }]);
    expect(text).toContain("[ok] noon in Oslo");
    expect(text).toMatch(/\[ok\] .*hello/);
  });

  it("refuses something localTool() did not make before any request, naming it", async () => {
    const before = emulator.requests.length;
    await expect(
      openSession({
        config,
        adapter: anthropicAdapter({
          model: DEFAULT_MODELS.anthropic,
          clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic },
        }),
        localTools: [{ name: "clock" } as never],
        ledger: false,
        env: { HOME: dir },
        cwd: dir,
      }),
    ).rejects.toMatchObject({ code: "LOCAL_TOOL_INVALID", message: expect.stringContaining("localTool()") });
    expect(emulator.requests.length).toBe(before);
  });
});
