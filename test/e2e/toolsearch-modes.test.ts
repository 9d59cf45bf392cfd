/**
 * Tool search end to end: a real fixture MCP server over stdio, the Anthropic SDK, the strict emulator playing a
 * model that searches and then calls what it found — in facade, dynamic and Anthropic-native modes — plus a tool
 * removed after a search (answered as stale) and call_tool arguments that do not fit the schema.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveToolset } from "../../src/agent/live-toolset.js";
import { runAgent } from "../../src/agent/run-agent.js";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { openaiChatAdapter } from "../../src/providers/openai-chat/openai-chat-adapter.js";
import type { ModelAdapter } from "../../src/spec/model-adapter.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import type { ToolSearchMode } from "../../src/toolsearch/types.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { childPids, configOf } from "./helpers.js";
import { firstFound } from "./search-answer.js";

/** The name the first search of the conversation found, as the model said it then. */
function earlierFind(view: RequestView): string {
  const said = view.messages.map((message) => /^found (\S+)$/.exec(message.text)?.[1]).find(Boolean);
  if (said === undefined) throw new Error("no earlier find");
  return said;
}

const scenarios: Record<string, (view: RequestView) => Turn> = {
  // Search, then call what was found through call_tool.
  facade: (view) =>
    [
      () => ({ toolCalls: [{ name: "search_tools", arguments: { query: "add two numbers" } }] }),
      (v: RequestView) => ({
        toolCalls: [{ name: "call_tool", arguments: { name: firstFound(v), arguments: { a: 2, b: 3 } } }],
      }),
      (v: RequestView) => ({ text: `sum: ${v.toolResults[0]?.text}` }),
    ][view.turnIndex]?.(view) ?? { text: "out of script" },
  // Search, then call the found tool directly: it joined the array.
  dynamic: (view) =>
    [
      () => ({ toolCalls: [{ name: "search_tools", arguments: { query: "add two numbers" } }] }),
      (v: RequestView) => ({ toolCalls: [{ name: firstFound(v), arguments: { a: 4, b: 5 } }] }),
      (v: RequestView) => ({ text: `sum: ${v.toolResults[0]?.text}` }),
    ][view.turnIndex]?.(view) ?? { text: "out of script" },
  // Anthropic runs the search server-side (invisible to the emulator); the model then calls the deferred tool.
  native: (view) =>
    [
      () => ({ toolCalls: [{ name: "main__add", arguments: { a: 1, b: 1 } }] }),
      (v: RequestView) => ({ text: `sum: ${v.toolResults[0]?.text}` }),
    ][view.turnIndex]?.(view) ?? { text: "out of script" },
  stale: (view) =>
    [
      () => ({ toolCalls: [{ name: "search_tools", arguments: { query: "doomed" } }] }),
      (v: RequestView) => ({
        toolCalls: [
          { name: "call_tool", arguments: { name: "main__remove_tool", arguments: { name: "doomed" } } },
        ],
        text: `found ${firstFound(v)}`,
      }),
      (v: RequestView) => ({
        toolCalls: [{ name: "call_tool", arguments: { name: earlierFind(v), arguments: {} } }],
      }),
      (v: RequestView) => ({ text: `stale: ${v.toolResults[0]?.text}` }),
    ][view.turnIndex]?.(view) ?? { text: "out of script" },
  "bad-args": (view) =>
    [
      () => ({
        toolCalls: [{ name: "call_tool", arguments: { name: "main__add", arguments: { a: "two" } } }],
      }),
      (v: RequestView) => ({ text: `error: ${v.toolResults[0]?.text}` }),
    ][view.turnIndex]?.(view) ?? { text: "out of script" },
};

let emulator: Emulator;
let host: Host;
beforeAll(async () => {
  emulator = await startEmulator({ script: (view) => scenarios[view.system]!(view) });
  host = await connectHost(configOf(dispatchFixture("main")), { catalog: { debounceMs: 20 } });
});
afterAll(async () => {
  await host?.close();
  await emulator?.close();
  expect(childPids()).toEqual([]);
});

function anthropic() {
  return anthropicAdapter({
    model: "claude-opus-4-8",
    clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: adapters of different providers' message types.
type AnyAdapter = ModelAdapter<any, any>;

async function run(scenario: string, mode: ToolSearchMode, adapter: AnyAdapter = anthropic()) {
  const before = emulator.requests.length;
  const ended: string[] = [];
  const warnings: string[] = [];
  const result = await runAgent({
    adapter,
    host,
    buildTools: liveToolset({
      catalog: host.catalog,
      target: adapter.target,
      toolSearch: { mode },
      build: { cacheControl: { type: "ephemeral" } },
    }),
    prompt: "Use the tools.",
    system: scenario,
    onEvent: (event) => {
      if (event.type === "tool-call-end") ended.push(`${event.name}>${event.tool ?? "-"}:${event.outcome}`);
      if (event.type === "warning") warnings.push(event.warning.code);
    },
  });
  const requests = emulator.requests.slice(before);
  return { result, ended, warnings, requests };
}

type Body = { tools: { name: string; type?: string; defer_loading?: boolean }[] };

describe("tool search through the emulator", () => {
  it("facade: the array is the fixed pair on every request; search then call_tool runs the found tool", async () => {
    const { result, ended, requests } = await run("facade", "facade");
    expect(result.stopReason).toBe("done");
    expect(result.text).toBe("sum: 5");
    expect(ended).toEqual(["search_tools>-:ok", "call_tool>add:ok"]);
    expect(requests.map((request) => request.status)).toEqual([200, 200, 200]);
    const arrays = requests.map((request) => JSON.stringify((request.body as Body).tools));
    expect(new Set(arrays).size).toBe(1);
    expect((requests[0]!.body as Body).tools.map((tool) => tool.name)).toEqual(["call_tool", "search_tools"]);
  });

  it("facade works for OpenAI Chat Completions too", async () => {
    const adapter = openaiChatAdapter({
      model: "gpt-4.1",
      clientOptions: { apiKey: "test", baseURL: emulator.baseUrls.openai, maxRetries: 0 },
    });
    const { result, ended } = await run("facade", "facade", adapter);
    expect(result.text).toBe("sum: 5");
    expect(ended).toEqual(["search_tools>-:ok", "call_tool>add:ok"]);
  });

  it("dynamic: found tools join the array at the next turn, with the cache cost reported", async () => {
    const { result, ended, warnings, requests } = await run("dynamic", "dynamic");
    expect(result.text).toBe("sum: 9");
    expect(ended).toEqual(["search_tools>-:ok", "main__add>add:ok"]);
    const names = requests.map((request) => (request.body as Body).tools.map((tool) => tool.name));
    expect(names[0]).toEqual(["call_tool", "search_tools"]);
    expect(names[1]).toContain("main__add");
    expect(names[1]!.slice(0, 2)).toEqual(["call_tool", "search_tools"]);
    expect(warnings).toContain("tool-search-joined");
    expect(requests.map((request) => request.status)).toEqual([200, 200, 200]);
  });

  it("Anthropic-native: deferred definitions behind the BM25 search tool, same bytes every turn", async () => {
    const { result, ended, requests } = await run("native", "native");
    expect(result.text).toBe("sum: 2");
    expect(ended).toEqual(["main__add>add:ok"]);
    expect(requests.map((request) => request.status)).toEqual([200, 200]);
    const tools = (requests[0]!.body as Body).tools;
    expect(tools[0]).toMatchObject({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
    expect(tools.slice(1).every((tool) => tool.defer_loading === true)).toBe(true);
    expect(tools.slice(1).map((tool) => tool.name)).toContain("main__add");
    expect(JSON.stringify((requests[1]!.body as Body).tools)).toBe(JSON.stringify(tools));
  });

  it("a tool found by an earlier search and removed since is answered as stale", async () => {
    const { result, ended } = await run("stale", "facade");
    expect(ended).toEqual(["search_tools>-:ok", "call_tool>remove_tool:ok", "call_tool>doomed:stale-tool"]);
    expect(result.text).toMatch(
      /^stale: The tool "main__doomed" is no longer available: server "main" removed "doomed"/,
    );
  });

  it("call_tool with arguments that do not fit the schema gets an actionable error and reaches no server", async () => {
    const { result, ended } = await run("bad-args", "facade");
    expect(ended).toEqual(["call_tool>add:malformed-call"]);
    expect(result.text).toContain('the arguments do not fit the input schema of "main__add"');
    expect(result.text).toContain("arguments/a: must be number");
    expect(result.text).toContain('missing required property "b"');
    expect(result.text).toContain("Fix the arguments and call again.");
  });
});
