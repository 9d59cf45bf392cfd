/**
 * Prompt-cache stability against the strict emulator (Anthropic's cache semantics: the prefix up to a
 * breakpoint, the model's minimum length, read and write counts), with real MCP servers over stdio: a fixture
 * whose catalogue changes on request and the npm `server-everything`, so the tools array is above
 * claude-opus-4-8's 1,024-token minimum. Each test gets its own emulator (an empty cache) and its own servers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { liveToolset } from "../../src/agent/live-toolset.js";
import { type AgentResult, runAgent } from "../../src/agent/run-agent.js";
import { toolsCacheOptions } from "../../src/cache/cache-breakpoints.js";
import { withListChangedPolicy } from "../../src/cache/list-changed-policy.js";
import {
  type CallObservation,
  observeConversation,
  type ToolsChangeReport,
} from "../../src/cache/observe-conversation.js";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { promptBlocks } from "../../src/testing/emulator/anthropic-cache.js";
import { startEmulator, TOOL_PROMPT_TOKENS } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import type { Toolset } from "../../src/toolset/build-toolset.js";
import { fixtureServer, npmStdioServer } from "../fixtures/fixture-command.js";
import { childPids, configOf } from "./helpers.js";

const MODEL = "claude-opus-4-8";
const SYSTEM = "You are a careful assistant. Use the tools when they help.";

/** The scripted model: the n-th answer of the scenario named by the first user message. */
const SCRIPTS: Record<string, readonly Turn[]> = {
  stable: [
    ...Array.from({ length: 9 }, () => ({ toolCalls: [{ name: "changing__list_count", arguments: {} }] })),
    { text: "done after nine calls" },
  ],
  noop: [
    { toolCalls: [{ name: "changing__noop", arguments: {} }] },
    { toolCalls: [{ name: "changing__list_count", arguments: {} }] },
    { text: "nothing changed" },
  ],
  mutate: [
    { toolCalls: [{ name: "changing__mutate", arguments: {} }] },
    { toolCalls: [{ name: "changing__list_count", arguments: {} }] },
    { text: "mutated" },
  ],
  short: [{ toolCalls: [{ name: "changing__list_count", arguments: {} }] }, { text: "short" }],
  frozen: [
    { toolCalls: [{ name: "changing__mutate", arguments: {} }] },
    { toolCalls: [{ name: "changing__alpha", arguments: {} }] },
    { toolCalls: [{ name: "changing__list_count", arguments: {} }] },
    { text: "frozen" },
  ],
};

function model(view: RequestView): Turn {
  const script = SCRIPTS[view.messages[0]?.text ?? ""];
  if (script === undefined) throw new Error(`unknown scenario ${view.messages[0]?.text}`);
  return script[view.turnIndex] ?? { text: "out of script" };
}

let emulator: Emulator | undefined;
let host: Host | undefined;

afterEach(async () => {
  await host?.close();
  await emulator?.close();
  host = undefined;
  emulator = undefined;
  expect(childPids()).toEqual([]);
});

interface Conversation {
  result: AgentResult;
  calls: CallObservation<Toolset>[];
  changes: ToolsChangeReport[];
  warnings: string[];
  /** Emulator prefix tokens up to the system-prompt breakpoint, per request. */
  prefixes: number[];
  bodies: Record<string, unknown>[];
}

async function converse(
  scenario: string,
  options: {
    policy?: "next-turn" | "next-conversation";
    withEverything?: boolean;
    /** The adapter's conversation breakpoint; off here unless asked, so reads are the tools prefix alone. */
    conversation?: boolean;
  } = {},
): Promise<Conversation> {
  emulator = await startEmulator({ script: model });
  host = await connectHost(
    configOf(
      fixtureServer("changing-server", { name: "changing" }),
      ...(options.withEverything === false ? [] : [npmStdioServer("everything", ["stdio"])]),
    ),
    { catalog: { debounceMs: 20 } },
  );
  const adapter = anthropicAdapter({
    model: MODEL,
    clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
    cacheConversation: options.conversation ?? false,
  });
  const live = liveToolset({
    catalog: host.catalog,
    target: adapter.target,
    build: toolsCacheOptions(adapter.target),
  });
  const calls: CallObservation<Toolset>[] = [];
  const warnings: string[] = [];
  const catalog = host.catalog;
  const policy = withListChangedPolicy(live, options.policy ?? "next-turn", {
    settle: () => catalog.settled(),
  });
  const watch = observeConversation(policy, {
    model: MODEL,
    system: SYSTEM,
    onCall: (call) => calls.push(call),
    onWarning: (warning) => warnings.push(warning.message),
  });
  const result = await runAgent({
    adapter,
    host,
    buildTools: watch.buildTools,
    onEvent: watch.onEvent,
    prompt: scenario,
    system: SYSTEM,
    maxTurns: 10,
  });
  const bodies = emulator.requests.map((request) => request.body as Record<string, unknown>);
  return {
    result,
    calls,
    changes: [...watch.changes],
    warnings,
    prefixes: bodies.map(cachedPrefixTokens),
    bodies,
  };
}

/** Tokens of the hidden tool prompt, the tools and the system prompt, as the emulator counts them. */
function cachedPrefixTokens(body: Record<string, unknown>): number {
  const blocks = promptBlocks(body);
  const tools = (body.tools as unknown[]).length;
  const [auto] = TOOL_PROMPT_TOKENS[MODEL]!;
  return blocks.slice(0, tools + 1).reduce((sum, block) => sum + block.tokens, auto);
}

describe("prompt cache over a conversation (emulator)", () => {
  it("a stable catalogue is written once and read from the cache on turns 2-10", async () => {
    const { result, calls, changes, warnings, prefixes, bodies } = await converse("stable");
    expect(result.stopReason).toBe("done");
    expect(calls).toHaveLength(10);
    expect(changes).toEqual([]);
    expect(warnings).toEqual([]);
    // Two breakpoints: the last tool and the system prompt.
    const first = bodies[0]!;
    expect((first.tools as { cache_control?: unknown }[]).at(-1)?.cache_control).toEqual({
      type: "ephemeral",
    });
    expect(first.system).toEqual([{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }]);
    const prefix = prefixes[0]!;
    expect(prefix).toBeGreaterThan(1024); // above claude-opus-4-8's minimum
    expect(new Set(prefixes)).toEqual(new Set([prefix]));
    expect(calls[0]!.usage).toMatchObject({ cacheWriteTokens: prefix, cacheReadTokens: 0 });
    for (const call of calls.slice(1)) {
      expect(call.usage.cacheReadTokens).toBe(prefix);
      expect(call.usage.cacheWriteTokens).toBe(0);
    }
    const input = calls.reduce((sum, call) => sum + call.usage.inputTokens, 0);
    const read = calls.reduce((sum, call) => sum + call.usage.cacheReadTokens, 0);
    console.info(
      `10-turn conversation: prefix ${prefix} tokens written on turn 1, read on turns 2-10 (${read} of ${input} input tokens, hit rate ${((100 * read) / input).toFixed(1)}%)`,
    );
  });

  it("with the conversation breakpoint (the adapter's default) every turn reads the previous turn's whole prompt", async () => {
    const tools = await converse("stable");
    await host?.close();
    await emulator?.close();
    const { result, calls, bodies } = await converse("stable", { conversation: true });
    expect(result.stopReason).toBe("done");
    expect(calls).toHaveLength(10);
    // Three of the four breakpoints: the last tool, the system prompt, and the top-level marker (last block).
    expect(bodies.every((body) => JSON.stringify(body.cache_control) === '{"type":"ephemeral"}')).toBe(true);
    for (const [index, call] of calls.entries()) {
      const previous = calls[index - 1];
      // Turn k reads exactly what turn k-1 sent (its whole prompt), and writes only what is new since.
      if (previous !== undefined) expect(call.usage.cacheReadTokens).toBe(previous.usage.inputTokens);
      expect(call.usage.cacheReadTokens + call.usage.cacheWriteTokens).toBe(call.usage.inputTokens);
    }
    const rate = (list: CallObservation<Toolset>[]) =>
      list.reduce((sum, call) => sum + call.usage.cacheReadTokens, 0) /
      list.reduce((sum, call) => sum + call.usage.inputTokens, 0);
    expect(rate(calls)).toBeGreaterThan(rate(tools.calls));
    console.info(
      `10-turn conversation: cache hit rate ${(100 * rate(tools.calls)).toFixed(1)}% with tools + system breakpoints, ${(100 * rate(calls)).toFixed(1)}% with the conversation breakpoint too`,
    );
  });

  it("a list_changed that changes nothing keeps the bytes and the cache", async () => {
    const { result, calls, changes, prefixes } = await converse("noop");
    expect(result.toolCalls.map((call) => `${call.tool}:${call.outcome}`)).toEqual([
      "noop:ok",
      "list_count:ok",
    ]);
    expect(changes).toEqual([]);
    expect(new Set(calls.map((call) => call.toolsHash)).size).toBe(1);
    expect(calls.map((call) => call.usage.cacheReadTokens)).toEqual([0, prefixes[0], prefixes[0]]);
  });

  it("a list_changed that changes a tool is reported with the server and tools that broke the cache", async () => {
    const { calls, changes, prefixes } = await converse("mutate");
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change).toMatchObject({
      call: 2,
      servers: ["changing"],
      changes: [
        { server: "changing", tool: "alpha", kind: "removed" },
        { server: "changing", tool: "beta", kind: "changed", fields: ["description"] },
        { server: "changing", tool: "gamma", kind: "added" },
      ],
      summary: "server `changing`: `alpha` removed, `beta` changed (description), `gamma` added",
    });
    expect(change!.before).toBe(calls[0]!.toolsHash);
    expect(change!.after).toBe(calls[1]!.toolsHash);
    // The first changed tool sorts first in the array: nothing of the old prefix is reusable.
    expect(calls[1]!.usage).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: prefixes[1] });
    expect(calls[2]!.usage).toMatchObject({ cacheReadTokens: prefixes[1], cacheWriteTokens: 0 });
  });

  it("the frozen policy keeps the array and the cache across the change; the removed tool gets an error result", async () => {
    const { result, calls, changes, prefixes } = await converse("frozen", { policy: "next-conversation" });
    expect(result.stopReason).toBe("done");
    expect(changes).toEqual([]);
    expect(new Set(calls.map((call) => call.toolsHash)).size).toBe(1);
    expect(calls.map((call) => call.usage.cacheReadTokens)).toEqual([
      0,
      prefixes[0],
      prefixes[0],
      prefixes[0],
    ]);
    expect(result.toolCalls.map((call) => `${call.tool}:${call.outcome}`)).toEqual([
      "mutate:ok",
      "alpha:stale-tool",
      "list_count:ok",
    ]);
    // The next conversation sees the catalogue as it is now.
    const next = await withListChangedPolicy(
      liveToolset({ catalog: host!.catalog, target: "anthropic" }),
      "next-conversation",
    )();
    const names = next.entries.map((entry) => entry.tool);
    expect(names).toContain("gamma");
    expect(names).not.toContain("alpha");
  });

  it("warns when the cacheable prefix is below the model's minimum, where the emulator caches nothing", async () => {
    const { calls, warnings, prefixes } = await converse("short", { withEverything: false });
    expect(prefixes[0]).toBeLessThan(1024);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^the tools and system prompt \(≈\d+ tokens, estimated\) are below claude-opus-4-8's minimum cacheable prefix of 1024 tokens/,
    );
    expect(calls.map((call) => [call.usage.cacheWriteTokens, call.usage.cacheReadTokens])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
