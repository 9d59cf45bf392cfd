/**
 * The agent loop end to end, for each provider API and an OpenAI-compatible server: real fixture MCP servers
 * over stdio (connectHost), the official SDKs, the strict emulator playing the model. Parallel calls over
 * several turns with a list_changed in the middle, the turn limit, a token budget, and an abort while calls
 * hang; after every early stop the transcript must still be accepted by the emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveToolset } from "../../src/agent/live-toolset.js";
import { type AgentResult, runAgent } from "../../src/agent/run-agent.js";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { type AnyAdapter, EMULATOR_ADAPTERS as adapters } from "./emulator-adapters.js";
import { childPids, configOf } from "./helpers.js";

/** What each request offered, per scenario (`system` names the scenario), in arrival order. */
const offered = new Map<string, string[][]>();
/** Every tool result text in the history of the latest request, per scenario. */
const history = new Map<string, string[]>();

const scenarios: Record<string, (view: RequestView) => Turn> = {
  parallel: (view) =>
    [
      {
        toolCalls: [
          { name: "main__echo", arguments: { text: "alpha" } },
          { name: "main__add", arguments: { a: 2, b: 3 } },
          { name: "main__fail", arguments: {} },
        ],
      },
      { toolCalls: [{ name: "main__remove_tool", arguments: { name: "doomed" } }] },
      { toolCalls: [{ name: "main__echo", arguments: { text: "beta" } }] },
      { text: `final: ${view.toolResults.map((result) => result.text).join(", ")}` },
    ][view.turnIndex] ?? { text: "out of script" },
  forever: () => ({ toolCalls: [{ name: "main__echo", arguments: { text: "again" } }] }),
  // Anthropic only: the first turn is paused by a (pretend) long-running server tool, then continued.
  paused: (view) =>
    view.turnIndex === 0
      ? {
          pauseFirst: "Searching the archive first.",
          toolCalls: [{ name: "main__echo", arguments: { text: "found it" } }],
        }
      : { text: `after the pause: ${view.toolResults.map((result) => result.text).join(", ")}` },
  abort: (view) =>
    view.turnIndex === 0
      ? {
          toolCalls: [
            { name: "main__hang", arguments: {} },
            { name: "main__echo", arguments: { text: "quick" } },
          ],
        }
      : { text: `recovered after: ${view.toolResults.map((result) => result.text).join(" | ")}` },
};

function model(view: RequestView): Turn {
  const key = `${view.api}:${view.model}:${view.system}`;
  offered.set(key, [...(offered.get(key) ?? []), view.tools]);
  history.set(
    key,
    view.messages.flatMap((message) => message.toolResults.map((result) => result.text)),
  );
  const scenario = scenarios[view.system];
  if (scenario === undefined) throw new Error(`unknown scenario ${view.system}`);
  return scenario(view);
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ script: model });
});
afterAll(async () => {
  await emulator?.close();
});

describe.each(adapters)("%s", (_label, make) => {
  let host: Host;
  let adapter: AnyAdapter;

  beforeAll(async () => {
    host = await connectHost(configOf(dispatchFixture("main")), { catalog: { debounceMs: 20 } });
    adapter = make(emulator);
  });
  afterAll(async () => {
    await host?.close();
    expect(childPids()).toEqual([]);
  });

  const key = (scenario: string) => `${adapter.wire}:${adapter.model}:${scenario}`;
  const run = (scenario: string, extra: Partial<Parameters<typeof runAgent>[0]> = {}) =>
    runAgent({
      adapter,
      host,
      buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }),
      prompt: "Use the tools.",
      system: scenario,
      ...extra,
    });

  /** Sends the transcript once more, as a continuation would; the emulator must accept it. */
  async function accepted(result: AgentResult): Promise<number> {
    const before = emulator.requests.length;
    const tools = (await liveToolset({ catalog: host.catalog, target: adapter.target })()).tools;
    await adapter.generate({ messages: result.transcript, tools, system: "forever" });
    return emulator.requests[before]!.status;
  }

  it("runs several turns of parallel calls; a tool removed by list_changed is gone at the next turn", async () => {
    const before = emulator.requests.length;
    const ended: string[] = [];
    const result = await run("parallel", {
      onEvent: (event) => {
        if (event.type === "tool-call-end") ended.push(`${event.tool}:${event.outcome}`);
      },
    });
    expect(result.stopReason).toBe("done");
    expect(result.turns).toBe(4);
    expect(result.text).toBe("final: beta");
    expect(ended.slice(0, 3).sort()).toEqual(["add:ok", "echo:ok", "fail:tool-error"]);
    expect(ended.slice(3)).toEqual(["remove_tool:ok", "echo:ok"]);
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200, 200, 200]);
    const tools = offered.get(key("parallel")) ?? [];
    expect(tools[0]).toContain("main__doomed");
    expect(tools[2]).not.toContain("main__doomed");
    expect(tools[2]).toContain("main__echo");
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it("stops at maxTurns with every call answered; the transcript is accepted afterwards", async () => {
    const before = emulator.requests.length;
    const result = await run("forever", { maxTurns: 3 });
    expect(result.stopReason).toBe("max-turns");
    expect(result.turns).toBe(3);
    expect(emulator.requests.length - before).toBe(3);
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(["ok", "ok", "aborted"]);
    expect(await accepted(result)).toBe(200);
  });

  it("stops when the token budget is spent, without running the calls it could not afford", async () => {
    const result = await run("forever", { budget: { maxTotalTokens: 1 } });
    expect(result.stopReason).toBe("budget");
    expect(result.detail).toMatch(/^total tokens \d+ exceed maxTotalTokens 1$/);
    expect(result.turns).toBe(1);
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(["aborted"]);
    expect(await accepted(result)).toBe(200);
  });

  it("aborts while a call hangs, answers both calls, and the conversation continues", async () => {
    const controller = new AbortController();
    const started = performance.now();
    const first = await run("abort", {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "tool-call-end" && event.tool === "echo") {
          setTimeout(() => controller.abort(new Error("user pressed Ctrl-C")), 50);
        }
      },
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(first.stopReason).toBe("aborted");
    expect(first.detail).toBe("user pressed Ctrl-C");
    expect(first.toolCalls.map((call) => `${call.tool}:${call.outcome}`).sort()).toEqual([
      "echo:ok",
      "hang:aborted",
    ]);
    const second = await run("abort", { messages: first.transcript, prompt: "Carry on." });
    expect(second.stopReason).toBe("done");
    expect(second.turns).toBe(1);
    // The model sees both answers in the history: the hung call's says it was stopped.
    const seen = history.get(key("abort")) ?? [];
    expect(seen).toHaveLength(2);
    expect(seen.some((text) => text.includes("quick"))).toBe(true);
    expect(seen.some((text) => /aborted before it finished/.test(text))).toBe(true);
  });
});

describe("Anthropic pause_turn", () => {
  it("sends a paused turn back, keeps it as one assistant turn, and answers the calls it ends with", async () => {
    const host = await connectHost(configOf(dispatchFixture("main")));
    try {
      const adapter = anthropicAdapter({
        model: "claude-opus-4-8",
        clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
        params: { thinking: { type: "enabled", budget_tokens: 1024 } },
      });
      const before = emulator.requests.length;
      const warnings: string[] = [];
      const result = await runAgent({
        adapter,
        host,
        buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }),
        prompt: "Use the tools.",
        system: "paused",
        onEvent: (event) => {
          if (event.type === "warning") warnings.push(event.warning.code);
        },
      });
      expect(result.stopReason).toBe("done");
      expect(result.text).toBe("after the pause: found it");
      expect(result.turns).toBe(3);
      expect(warnings).toContain("pause-turn");
      const requests = emulator.requests.slice(before);
      expect(requests.map((request) => request.status)).toEqual([200, 200, 200]);
      expect(requests.map((request) => (request.response as { stop_reason: string }).stop_reason)).toEqual([
        "pause_turn",
        "tool_use",
        "end_turn",
      ]);
      // The continuation request ends with the paused assistant turn, sent back as it came.
      const continued = (requests[1]?.body as { messages?: { role: string }[] } | undefined)?.messages ?? [];
      expect(continued.at(-1)?.role).toBe("assistant");
      // Afterwards the paused part and its continuation are one assistant message.
      const assistant = result.transcript.filter((message) => message.role === "assistant");
      expect(assistant).toHaveLength(2);
      const first = assistant[0]?.content as { type: string; text?: string }[];
      expect(first.map((block) => block.type)).toEqual(["thinking", "text", "thinking", "tool_use"]);
      expect(first[1]?.text).toBe("Searching the archive first.");
      expect(result.toolCalls.map((call) => call.outcome)).toEqual(["ok"]);
    } finally {
      await host.close();
    }
  });
});
