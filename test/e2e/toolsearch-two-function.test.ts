/**
 * Tool search through the documented two-function path, for each of the four provider APIs: the app builds the
 * request from a tool-search toolset and answers the response with `answerResponse`, as README "Library" shows.
 * The facade's `search_tools` must be answered from the index and `call_tool` must run the tool it names on its
 * real server, exactly as inside the agent loop. Real fixture server over stdio, official SDKs, strict emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { answerResponse } from "../../src/dispatch/answer-response.js";
import { startEmulator } from "../../src/testing/emulator/server.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { toolSearchToolset } from "../../src/toolsearch/tool-search-toolset.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { DRIVERS } from "./dispatch-drivers.js";
import { childPids, configOf } from "./helpers.js";
import { firstFound } from "./search-answer.js";

function model(view: RequestView): Turn {
  if (view.turnIndex === 0)
    return { toolCalls: [{ name: "search_tools", arguments: { query: "add two numbers" } }] };
  if (view.turnIndex === 1)
    return {
      toolCalls: [{ name: "call_tool", arguments: { name: firstFound(view), arguments: { a: 2, b: 3 } } }],
    };
  return { text: `sum: ${view.toolResults[0]?.text}` };
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

describe.each(DRIVERS)("%s: answerResponse with a tool-search toolset", (_label, makeDriver) => {
  it("answers search_tools from the index and runs what call_tool names", async () => {
    const driver = makeDriver(emulator);
    const tools = toolSearchToolset({ catalog: host.catalog, target: driver.target, mode: "facade" });
    const outcomes: string[][] = [];
    for (let turn = 0; turn < 2; turn += 1) {
      const toolset = await tools();
      expect(toolset.mode).toBe("facade");
      const response = await driver.send(toolset.tools);
      driver.pushAssistant(response);
      const answer = await answerResponse(driver.wire, response as never, { toolset, host });
      outcomes.push(answer.results.map((result) => `${result.name}>${result.tool ?? "-"}:${result.outcome}`));
      driver.append(answer.append);
    }
    expect(outcomes).toEqual([["search_tools>-:ok"], ["call_tool>add:ok"]]);
    expect(driver.text(await driver.send((await tools()).tools))).toBe("sum: 5");
  });
});
