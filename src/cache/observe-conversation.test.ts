import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../agent/agent-events.js";
import type { ServerTool } from "../spec/tool.js";
import { buildToolset, type Toolset } from "../toolset/build-toolset.js";
import { type CallObservation, observeConversation, type ToolsChangeReport } from "./observe-conversation.js";

const tool = (name: string, description: string): ServerTool => ({
  server: "docs",
  tool: { name, description, inputSchema: { type: "object" } },
});
const usage = { inputTokens: 100, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 };

/** Drives the observer the way runAgent does: build, request, usage. */
async function request(watch: ReturnType<typeof observeConversation<[], Toolset>>, turn: number) {
  const toolset = await watch.buildTools();
  const events: AgentEvent[] = [
    { type: "request", turn, messages: 1, tools: toolset.tools.length, toolsetHash: toolset.hash },
    { type: "usage", turn, usage, totals: usage },
  ];
  for (const event of events) watch.onEvent(event);
}

describe("observeConversation", () => {
  it("reports a tools-bytes change at the call that carried it, and numbers calls across runs", async () => {
    let catalogue = [tool("fetch", "Fetch"), tool("search", "Search")];
    const changes: ToolsChangeReport[] = [];
    const calls: CallObservation<Toolset>[] = [];
    const watch = observeConversation(async () => buildToolset(catalogue, "anthropic"), {
      model: "claude-opus-5",
      onToolsChange: (change) => changes.push(change),
      onCall: (call) => calls.push(call),
    });
    await request(watch, 1);
    await request(watch, 2);
    catalogue = [tool("fetch", "Fetch a page"), tool("search", "Search")];
    await request(watch, 1); // a second run of the loop in the same conversation
    expect(calls.map((call) => [call.call, call.turn])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ call: 3, summary: "server `docs`: `fetch` changed (description)" });
    expect(calls[2]!.toolset?.hash).toBe(changes[0]!.after);
    expect(watch.changes).toEqual(changes);
    expect(watch.calls).toBe(3);
  });

  it("warns once per tools array when the cacheable prefix is too short", async () => {
    const warnings: string[] = [];
    const watch = observeConversation(async () => buildToolset([tool("fetch", "Fetch")], "anthropic"), {
      model: "claude-haiku-4-5",
      onWarning: (warning) => warnings.push(warning.code),
    });
    await request(watch, 1);
    await request(watch, 2);
    expect(warnings).toEqual(["cache-prefix-too-short"]);
  });

  it("still records calls whose toolset did not come through buildTools", () => {
    const calls: CallObservation[] = [];
    const watch = observeConversation(async () => buildToolset([], "anthropic"), {
      model: "m",
      onCall: (call) => calls.push(call),
    });
    const events: AgentEvent[] = [
      { type: "request", turn: 1, messages: 1, tools: 4, toolsetHash: "fixed" },
      { type: "usage", turn: 1, usage, totals: usage },
    ];
    for (const event of events) watch.onEvent(event);
    expect(calls).toMatchObject([{ call: 1, toolsHash: "fixed", toolCount: 4 }]);
    expect(calls[0]!.toolset).toBeUndefined();
  });
});
