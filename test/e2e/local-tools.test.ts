/**
 * Local tools beside MCP tools on all four provider APIs, through the official SDKs against the strict emulator,
 * with a real fixture MCP server over stdio: one array holds the server's `echo` and a local `echo` (the same
 * name), a zod tool and a JSON Schema tool that throws. The model calls all of them in parallel; every call is
 * answered from the right place through one name table, in the two-function path (`buildToolset` +
 * `answerResponse`) and in `runAgent` (`liveToolset({ localTools })`), and the cost estimate counts the local
 * tools.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { liveToolset } from "../../src/agent/live-toolset.js";
import { runAgent } from "../../src/agent/run-agent.js";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { estimateToolsetTokens } from "../../src/cost/estimate-tokens.js";
import { answerResponse } from "../../src/dispatch/answer-response.js";
import { localTool } from "../../src/index.js";
import { startEmulator } from "../../src/testing/emulator/index.js";
import type { Emulator, NeutralToolResult, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { DRIVERS } from "./dispatch-drivers.js";
import { EMULATOR_ADAPTERS } from "./emulator-adapters.js";
import { childPids, configOf } from "./helpers.js";

const localEcho = localTool({
  name: "echo",
  description: "Echoes text on this machine",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  execute: (args) => `local says ${String(args.text)}`,
});
const shout = localTool({
  name: "shout",
  description: "Upper-cases text, repeated",
  schema: z.object({ text: z.string(), times: z.number().int().min(1).optional() }),
  execute: ({ text, times }) => ({ shouted: text.toUpperCase().repeat(times ?? 1) }),
});
const explode = localTool({
  name: "explode",
  description: "Always fails",
  inputSchema: { type: "object", properties: {} },
  execute: () => {
    throw new Error("kaboom: the disk is full");
  },
});
const localTools = [localEcho, shout, explode];

/** What the model saw in the latest follow-up request (the tests run one at a time). */
let seen: NeutralToolResult[] | undefined;

function model(view: RequestView): Turn {
  if (view.turnIndex === 0) {
    return {
      toolCalls: [
        { name: "main__echo", arguments: { text: "from mcp" } },
        { name: "local__echo", arguments: { text: "from local" } },
        { name: "local__shout", arguments: { text: "hi", times: 2 } },
        { name: "local__explode", arguments: {} },
      ],
    };
  }
  seen = view.toolResults;
  return { text: `done: ${view.toolResults.map((result) => result.text).join(" | ")}` };
}

let emulator: Emulator;
let host: Host;
beforeAll(async () => {
  emulator = await startEmulator({ script: model });
  host = await connectHost(configOf(dispatchFixture("main")), { catalog: { debounceMs: 20 } });
});
afterAll(async () => {
  await host?.close();
  await emulator?.close();
  expect(childPids()).toEqual([]);
});

describe.each(DRIVERS)("%s, two-function path", (_label, makeDriver) => {
  it("one array, one name table: the MCP echo and the local echo both answered from the right place", async () => {
    const driver = makeDriver(emulator);
    const toolset = buildToolset(host.catalog.snapshot().tools, driver.target, {
      generation: host.catalog.generation,
      localTools,
    });
    expect(toolset.names.resolve("local__echo")).toEqual({ server: "local", tool: "echo" });
    expect(toolset.names.resolve("main__echo")).toEqual({ server: "main", tool: "echo" });
    const before = emulator.requests.length;
    const response = await driver.send(toolset.tools);
    driver.pushAssistant(response);
    const answer = await answerResponse(response as never, { toolset, host });
    expect(answer.results.map((result) => [result.server, result.tool, result.outcome])).toEqual([
      ["main", "echo", "ok"],
      ["local", "echo", "ok"],
      ["local", "shout", "ok"],
      ["local", "explode", "tool-error"],
    ]);
    driver.append(answer.append);
    const final = await driver.send(toolset.tools);
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200]);
    expect(driver.text(final)).toContain("local says from local");

    const results = seen;
    expect(results?.map((result) => result.text)).toEqual([
      "from mcp",
      "local says from local",
      expect.stringContaining('"shouted":"HIHI"'),
      expect.stringContaining("kaboom: the disk is full"),
    ]);
    expect(answer.results[3]?.isError).toBe(true);
  });

  it("the cost estimate counts the local tools", () => {
    const driver = makeDriver(emulator);
    const mcpOnly = buildToolset(host.catalog.snapshot().tools, driver.target);
    const withLocal = buildToolset(host.catalog.snapshot().tools, driver.target, { localTools });
    const model = "gpt-4.1";
    const without = estimateToolsetTokens(mcpOnly, { model });
    const withTools = estimateToolsetTokens(withLocal, { model });
    const local = withTools.servers.find((server) => server.server === "local");
    expect(local?.tools).toBe(3);
    expect(local?.tokens).toBeGreaterThan(0);
    expect(withTools.total).toBeGreaterThan(without.total);
    expect(withTools.tools.filter((tool) => tool.server === "local").map((tool) => tool.name)).toEqual([
      "local__echo",
      "local__explode",
      "local__shout",
    ]);
  });
});

describe.each(EMULATOR_ADAPTERS.slice(0, 4))("%s, runAgent", (_label, make) => {
  it("liveToolset({ localTools }): the parallel MCP and local calls are answered and the model reads them", async () => {
    const adapter = make(emulator);
    const before = emulator.requests.length;
    const result = await runAgent({
      adapter,
      host,
      buildTools: liveToolset({ catalog: host.catalog, target: adapter.target, localTools }),
      prompt: "Use the tools.",
    });
    expect(result.stopReason).toBe("done");
    // Listed as each call ended: the local ones finish first.
    expect(result.toolCalls.map((call) => `${call.name}:${call.outcome}`).sort()).toEqual([
      "local__echo:ok",
      "local__explode:tool-error",
      "local__shout:ok",
      "main__echo:ok",
    ]);
    expect(result.text).toMatch(/^done: from mcp \| local says from local \| .*HIHI.* \| .*kaboom/);
    expect(emulator.requests.slice(before).map((request) => request.status)).toEqual([200, 200]);
  });
});
