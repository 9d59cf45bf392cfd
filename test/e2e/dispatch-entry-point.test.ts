/**
 * One way in for every tool call, through the public API only: `dispatchToolCalls`, `answerResponse` and
 * `runAgent` answer a response's calls through the same function, so a tool-search toolset's facade calls, an
 * approval rule and an abort behave the same whichever of them the application uses. Real fixture server over
 * stdio, official SDKs against the strict emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AgentResult,
  type ApprovalPolicy,
  answerResponse,
  buildToolset,
  connectHost,
  dispatchToolCalls,
  type Host,
  isSwitchboardError,
  runAgent,
  type ToolResult,
  type Toolset,
  toolSearchToolset,
  WireMismatchError,
} from "../../src/index.js";
import type { Emulator, RequestView, Turn } from "../../src/testing/emulator/types.js";
import { startEmulator } from "../../src/testing/index.js";
import { dispatchFixture } from "../fixtures/dispatch-fixture-command.js";
import { type AnyAdapter, EMULATOR_ADAPTERS } from "./emulator-adapters.js";
import { childPids, configOf } from "./helpers.js";
import { firstFound } from "./search-answer.js";

const textOf = (result: ToolResult | undefined) =>
  (result?.content ?? []).map((part) => (part.type === "text" ? part.text : `<${part.type}>`)).join("");

/** Direct: two calls in one turn, the second denied by a rule. */
function directModel(view: RequestView): Turn {
  if (view.turnIndex === 0)
    return {
      toolCalls: [
        { name: "main__add", arguments: { a: 2, b: 3 } },
        { name: "main__echo", arguments: { text: "never" } },
      ],
    };
  return { text: "done" };
}

/** Facade: a search, then call_tool to what it found and call_tool to a denied tool, in one turn. */
function facadeModel(view: RequestView): Turn {
  if (view.turnIndex === 0)
    return { toolCalls: [{ name: "search_tools", arguments: { query: "add two numbers" } }] };
  if (view.turnIndex === 1)
    return {
      toolCalls: [
        { name: "call_tool", arguments: { name: firstFound(view), arguments: { a: 2, b: 3 } } },
        { name: "call_tool", arguments: { name: "main__echo", arguments: { text: "never" } } },
      ],
    };
  return { text: "done" };
}

const denyEcho: ApprovalPolicy = { rules: { main__echo: "deny" }, requireApprovalFor: "none" };

let emulator: Emulator;
let host: Host;
beforeAll(async () => {
  emulator = await startEmulator({
    script: (view) => {
      const scenario = view.messages[0]?.text ?? "";
      return scenario.includes("facade") ? facadeModel(view) : directModel(view);
    },
  });
  host = await connectHost(configOf(dispatchFixture("main")), { catalog: { debounceMs: 20 } });
});
afterAll(async () => {
  await host?.close();
  await emulator?.close();
  expect(childPids()).toEqual([]);
});

describe("dispatchToolCalls", () => {
  it("answers a tool-search toolset's search_tools from the index and runs what call_tool names", async () => {
    const toolset = await toolSearchToolset({ catalog: host.catalog, target: "anthropic", mode: "facade" })();
    const [search] = await dispatchToolCalls(
      [{ id: "s1", name: "search_tools", arguments: { query: "add two numbers" } }],
      { toolset, host },
    );
    expect(search).toMatchObject({ name: "search_tools", outcome: "ok" });
    expect(textOf(search)).toContain("1. main__add");
    const [call] = await dispatchToolCalls(
      [{ id: "c1", name: "call_tool", arguments: { name: "main__add", arguments: { a: 2, b: 3 } } }],
      { toolset, host },
    );
    expect(call).toMatchObject({ name: "call_tool", server: "main", tool: "add", outcome: "ok" });
    expect(textOf(call)).toBe("5");
  });
});

describe("answerResponse", () => {
  const twoCalls = {
    content: [
      { type: "tool_use", id: "t1", name: "main__echo", input: { text: "first" } },
      { type: "tool_use", id: "t2", name: "main__echo", input: { text: "second" } },
    ],
  };

  it("takes the wire from the toolset's target when none is given", async () => {
    const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic");
    const answer = await answerResponse(twoCalls, { toolset, host });
    expect(answer.results.map(textOf)).toEqual(["first", "second"]);
    expect(answer.append).toEqual([
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "first" }] },
          { type: "tool_result", tool_use_id: "t2", content: [{ type: "text", text: "second" }] },
        ],
      },
    ]);
  });

  it("refuses a wire that disagrees with the toolset's target with a typed error naming both", async () => {
    const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic");
    const refusal = await answerResponse("openai-chat", { choices: [] }, { toolset, host }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(WireMismatchError);
    expect(isSwitchboardError(refusal)).toBe(true);
    expect(refusal).toMatchObject({ code: "USAGE", wire: "openai-chat", toolsetWire: "anthropic" });
    expect((refusal as Error).message).toContain("openai-chat");
    expect((refusal as Error).message).toContain("built for anthropic");
    const mcp = buildToolset(host.catalog.snapshot().tools, "mcp");
    await expect(answerResponse(twoCalls, { toolset: mcp, host })).rejects.toMatchObject({
      code: "USAGE",
      toolsetWire: "mcp",
    });
  });

  it("never asks about a call queued behind a question that an abort overtook", async () => {
    const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic");
    const asked: string[] = [];
    let answerFirst: (answer: "allow") => void = () => {};
    const controller = new AbortController();
    const approval: ApprovalPolicy = {
      requireApprovalFor: "all",
      // A hook that ignores the signal: the person is still looking at the first question.
      ask: (request) => {
        asked.push(String(request.arguments.text));
        if (asked.length === 1) controller.abort();
        return new Promise((resolve) => {
          answerFirst = resolve;
        });
      },
    };
    const answer = await answerResponse("anthropic", twoCalls, {
      toolset,
      host,
      approval,
      signal: controller.signal,
    });
    expect(answer.results.map((result) => result.outcome)).toEqual(["aborted", "aborted"]);
    answerFirst("allow");
    // Give a queued question every chance to be asked.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toEqual(["first"]);
  });
});

/** The adapter with every raw response it returned recorded, in order. */
function recording(adapter: AnyAdapter): { adapter: AnyAdapter; responses: unknown[] } {
  const responses: unknown[] = [];
  const recorded: AnyAdapter = Object.create(adapter);
  recorded.generate = async (request) => {
    const response = await adapter.generate(request);
    responses.push(response.response);
    return response;
  };
  return { adapter: recorded, responses };
}

/**
 * The same conversation rebuilt by hand from the responses the loop received: assistant turn, then exactly what
 * `answerResponse` appends for it, with a fresh toolset of the same kind each turn.
 */
async function replay(
  adapter: AnyAdapter,
  prompt: string,
  responses: readonly unknown[],
  nextToolset: () => Promise<Toolset>,
): Promise<unknown[]> {
  let transcript: unknown[] = [adapter.userMessage(prompt)];
  for (const response of responses) {
    const toolset = await nextToolset();
    transcript = adapter.appendAssistant(transcript, response);
    const answer = await answerResponse(adapter.wire as "anthropic", response as never, {
      toolset,
      host,
      approval: denyEcho,
    });
    if (answer.calls.length > 0) transcript = adapter.appendToolResults(transcript, answer.append);
  }
  return transcript;
}

/** Each call's outcome, sorted (the loop records calls as they end). */
const outcomes = (result: AgentResult) =>
  result.toolCalls.map((call) => `${call.name}:${call.outcome}`).sort();

describe.each(EMULATOR_ADAPTERS)("%s: the agent loop answers exactly as answerResponse", (_label, make) => {
  it("direct toolset, one call denied by a rule", async () => {
    const { adapter, responses } = recording(make(emulator));
    const toolset = buildToolset(host.catalog.snapshot().tools, adapter.target);
    const prompt = "direct: use the tools";
    const result = await runAgent({ adapter, host, toolset, prompt, approval: denyEcho });
    expect(result.stopReason).toBe("done");
    expect(outcomes(result)).toEqual(["main__add:ok", "main__echo:denied"]);
    const again = await replay(adapter, prompt, responses, async () => toolset);
    expect(JSON.stringify(again)).toBe(JSON.stringify(result.transcript));
  });

  it("facade toolset, one call_tool denied by a rule", async () => {
    const { adapter, responses } = recording(make(emulator));
    const search = () => toolSearchToolset({ catalog: host.catalog, target: adapter.target, mode: "facade" });
    const prompt = "facade: use the tools";
    const result = await runAgent({ adapter, host, buildTools: search(), prompt, approval: denyEcho });
    expect(result.stopReason).toBe("done");
    expect(outcomes(result)).toEqual(["call_tool:denied", "call_tool:ok", "search_tools:ok"]);
    const again = await replay(adapter, prompt, responses, search());
    expect(JSON.stringify(again)).toBe(JSON.stringify(result.transcript));
  });
});
