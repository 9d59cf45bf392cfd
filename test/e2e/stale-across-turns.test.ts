/**
 * The stale-tool scenario across turns, for each of the four provider APIs: a model that saw `alpha` two turns
 * ago calls it after a list_changed removed it. The request it answers was built after the removal, so the name is
 * not in that request's table; the conversation's earlier tables know it, and the model must hear that the tool
 * is no longer available, which server removed it and when, never that it does not exist. Real fixture server
 * over stdio, the official SDKs and the strict emulator; the agent loop (with a live toolset, and with plain
 * toolsets it remembers itself) and the two-function path (`liveToolset` + `answerResponse`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { liveToolset } from "../../src/agent/live-toolset.js";
import { runAgent } from "../../src/agent/run-agent.js";
import { connectHost, type Host } from "../../src/catalog/host.js";
import { answerResponse } from "../../src/dispatch/answer-response.js";
import { anthropicAdapter } from "../../src/providers/anthropic/anthropic-adapter.js";
import { geminiAdapter } from "../../src/providers/gemini/gemini-adapter.js";
import { openaiChatAdapter } from "../../src/providers/openai-chat/openai-chat-adapter.js";
import { openaiResponsesAdapter } from "../../src/providers/openai-responses/openai-responses-adapter.js";
import type { ModelAdapter } from "../../src/spec/model-adapter.js";
import { startEmulator } from "../../src/testing/emulator/server.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { buildToolset } from "../../src/toolset/build-toolset.js";
import { fixtureServer } from "../fixtures/fixture-command.js";
import {
  anthropicDriver,
  type Driver,
  geminiDriver,
  openaiChatDriver,
  openaiResponsesDriver,
} from "./dispatch-drivers.js";
import { childPids, configOf } from "./helpers.js";

const STALE = "changing-server__alpha";
/** What the script calls on turn 3 (the emulator only lets a script call offered tools); renamed to STALE. */
const STAND_IN = "changing-server__beta";

/** What the model saw: the tools of each request and the results it was sent, by turn. */
let views: RequestView[] = [];
function model(view: RequestView): Turn {
  views[view.turnIndex] = view;
  switch (view.turnIndex) {
    case 0:
      return { toolCalls: [{ name: "changing-server__mutate", arguments: {} }] };
    case 1:
    case 2:
      return { toolCalls: [{ name: "changing-server__list_count", arguments: {} }] };
    case 3:
      return { toolCalls: [{ name: STAND_IN, arguments: {} }] };
    default:
      return { text: "done" };
  }
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ script: model });
});
afterAll(async () => {
  await emulator?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the table holds adapters of every provider's message types.
type AnyAdapter = ModelAdapter<any, any>;

const apis: [string, (emulator: Emulator) => AnyAdapter, (emulator: Emulator) => Driver][] = [
  [
    "Anthropic Messages",
    (e) =>
      anthropicAdapter({
        model: "claude-sonnet-4-5",
        clientOptions: { apiKey: "test", baseURL: e.baseUrls.anthropic, maxRetries: 0 },
      }),
    anthropicDriver,
  ],
  [
    "OpenAI Chat Completions",
    (e) =>
      openaiChatAdapter({
        model: "gpt-4.1",
        clientOptions: { apiKey: "test", baseURL: e.baseUrls.openai, maxRetries: 0 },
      }),
    openaiChatDriver,
  ],
  [
    "OpenAI Responses",
    (e) =>
      openaiResponsesAdapter({
        model: "gpt-4.1",
        clientOptions: { apiKey: "test", baseURL: e.baseUrls.openai, maxRetries: 0 },
      }),
    openaiResponsesDriver,
  ],
  [
    "Gemini generateContent",
    (e) =>
      geminiAdapter({
        model: "gemini-2.5-flash",
        clientOptions: { apiKey: "test", baseUrl: e.baseUrls.gemini },
      }),
    geminiDriver,
  ],
];

/** The answer the model was sent for its call to the stale name, after checking the two turns in between. */
function staleAnswer(): string {
  expect(views).toHaveLength(5);
  expect(views[0]?.tools).toContain(STALE);
  for (const turn of [1, 2, 3]) expect(views[turn]?.tools, `turn ${turn}`).not.toContain(STALE);
  const [answer] = views[4]?.toolResults ?? [];
  // Chat Completions and Responses have no error flag on a tool result: the text says it instead.
  expect(answer?.isError === true || /^(Tool error|Error \()/.test(answer?.text ?? "")).toBe(true);
  return answer?.text ?? "";
}

function expectToldWhatHappened(text: string): void {
  expect(text).toContain(
    `The tool "${STALE}" is no longer available: server "changing-server" removed "alpha" from its tools in catalogue generation `,
  );
  expect(text).toMatch(
    /in catalogue generation (\d+) at \d{4}-\d\d-\d\dT[\d:.]+Z; you were given it in an earlier request \(built from catalogue generation \d+\), not in this one\. Do not call it again\.$/,
  );
  expect(text).not.toContain("There is no tool named");
  // Never dispatched: the fixture answers a call to a tool it no longer has with "unknown tool".
  expect(text).not.toContain("unknown tool");
}

describe.each(apis)("%s: a tool removed two turns ago", (_label, makeAdapter, makeDriver) => {
  let host: Host;
  afterEach(async () => {
    await host?.close();
    expect(childPids()).toEqual([]);
  });
  const connect = async () => {
    views = [];
    host = await connectHost(configOf(fixtureServer("changing-server")), { catalog: { debounceMs: 20 } });
  };
  /** The adapter, with the model's turn-3 call renamed to the stale name in the response and its calls. */
  const renaming = (adapter: AnyAdapter, driver: Driver): AnyAdapter => ({
    ...adapter,
    generate: async (request) => {
      const response = await adapter.generate(request);
      driver.rename(response.response, STAND_IN, STALE);
      const toolCalls = response.toolCalls.map((call) =>
        call.name === STAND_IN ? { ...call, name: STALE } : call,
      );
      return { ...response, toolCalls };
    },
  });

  it("runAgent with a live toolset says which server removed it and when", async () => {
    await connect();
    const adapter = makeAdapter(emulator);
    const result = await runAgent({
      adapter: renaming(adapter, makeDriver(emulator)),
      host,
      buildTools: liveToolset({ catalog: host.catalog, target: adapter.target }),
      prompt: "Use the tools.",
    });
    expect(result.stopReason).toBe("done");
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(["ok", "ok", "ok", "stale-tool"]);
    expect(result.toolCalls[3]).toMatchObject({ server: "changing-server", tool: "alpha" });
    expectToldWhatHappened(staleAnswer());
  });

  it("runAgent with plain toolsets remembers the names of its own requests", async () => {
    await connect();
    const adapter = makeAdapter(emulator);
    const result = await runAgent({
      adapter: renaming(adapter, makeDriver(emulator)),
      host,
      buildTools: async () => {
        await host.catalog.settled();
        const snapshot = host.catalog.snapshot();
        return buildToolset(snapshot.tools, adapter.target, { generation: snapshot.generation });
      },
      prompt: "Use the tools.",
    });
    expect(result.stopReason).toBe("done");
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(["ok", "ok", "ok", "stale-tool"]);
    expectToldWhatHappened(staleAnswer());
  });

  it("the two-function path (liveToolset + answerResponse) answers the same", async () => {
    await connect();
    const driver = makeDriver(emulator);
    const tools = liveToolset({ catalog: host.catalog, target: driver.target });
    for (let turn = 0; turn < 4; turn += 1) {
      const toolset = await tools();
      const response = await driver.send(toolset.tools);
      driver.rename(response, STAND_IN, STALE);
      driver.pushAssistant(response);
      const answer = await answerResponse(driver.wire, response as never, { toolset, host });
      expect(answer.results).toHaveLength(1);
      driver.append(answer.append);
    }
    expect(driver.text(await driver.send((await tools()).tools))).toBe("done");
    expectToldWhatHappened(staleAnswer());
  });
});
