import type Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import { describe, expect, it } from "vitest";
import { fakeHost } from "../dispatch/__fixtures__/fake-host.js";
import { isSwitchboardError } from "../errors.js";
import { anthropicAdapter } from "../providers/anthropic/anthropic-adapter.js";
import type { AgentEvent } from "./agent-events.js";
import { liveToolset } from "./live-toolset.js";
import { runAgent } from "./run-agent.js";

type Turn = { text?: string; calls?: { name: string; input: Record<string, unknown> }[] };

/** A real Anthropic adapter over a fake client that answers the n-th request with `turns[n]`. */
function scriptedAdapter(turns: Turn[], usage = { input_tokens: 100, output_tokens: 10 }) {
  const bodies: MessageCreateParamsNonStreaming[] = [];
  let ids = 0;
  const client = {
    messages: {
      create: async (body: MessageCreateParamsNonStreaming, options?: { signal?: AbortSignal }) => {
        options?.signal?.throwIfAborted();
        bodies.push(structuredClone(body));
        const turn = turns[bodies.length - 1];
        if (turn === undefined) throw new Error(`no turn ${bodies.length - 1}`);
        const content = [
          ...(turn.text === undefined ? [] : [{ type: "text", text: turn.text }]),
          ...(turn.calls ?? []).map((call) => ({ type: "tool_use", id: `toolu_${++ids}`, ...call })),
        ];
        return {
          id: "msg",
          type: "message",
          role: "assistant",
          model: body.model,
          content,
          stop_reason: (turn.calls ?? []).length > 0 ? "tool_use" : "end_turn",
          stop_sequence: null,
          usage,
        } as unknown as Message;
      },
    },
  } as unknown as Anthropic;
  return { adapter: anthropicAdapter({ model: "claude-test", client }), bodies };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("runAgent", () => {
  it("reports every step in order and each call as soon as it ends", async () => {
    const host = fakeHost({
      s: [
        {
          name: "slow",
          handler: async () => {
            await wait(80);
            return { content: [{ type: "text", text: "slow" }] };
          },
        },
        { name: "fast", handler: () => ({ content: [{ type: "text", text: "fast" }] }) },
      ],
    });
    const { adapter, bodies } = scriptedAdapter([
      {
        calls: [
          { name: "s__slow", input: {} },
          { name: "s__fast", input: {} },
        ],
      },
      { text: "both done" },
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgent({
      adapter,
      host,
      toolset: host.toolset(),
      prompt: "go",
      onEvent: (event) => events.push(event),
    });
    expect(result.stopReason).toBe("done");
    expect(result.text).toBe("both done");
    expect(result.turns).toBe(2);
    expect(result.usage).toEqual({
      inputTokens: 200,
      outputTokens: 20,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    const steps = events.map((event) =>
      event.type.startsWith("tool-call") ? `${event.type}:${(event as { tool?: string }).tool}` : event.type,
    );
    expect(steps).toEqual([
      "request",
      "response",
      "usage",
      "tool-call-start:slow",
      "tool-call-start:fast",
      "tool-call-end:fast",
      "tool-call-end:slow",
      "request",
      "response",
      "usage",
      "stop",
    ]);
    const slowEnd = events.find((event) => event.type === "tool-call-end" && event.tool === "slow");
    expect(slowEnd).toMatchObject({ server: "s", outcome: "ok", isError: false });
    expect((slowEnd as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(70);
    // The results went back in call order in one user message.
    const answered = bodies[1]?.messages.at(-1)?.content as { tool_use_id: string }[];
    expect(answered.map((block) => block.tool_use_id)).toEqual(["toolu_1", "toolu_2"]);
    expect(result.toolCalls.map((call) => call.tool)).toEqual(["fast", "slow"]);
  });

  it("keeps going when a listener throws", async () => {
    const host = fakeHost({ s: [{ name: "a" }] });
    const { adapter } = scriptedAdapter([{ calls: [{ name: "s__a", input: {} }] }, { text: "ok" }]);
    const result = await runAgent({
      adapter,
      host,
      toolset: host.toolset(),
      prompt: "go",
      onEvent: () => {
        throw new Error("listener bug");
      },
    });
    expect(result.stopReason).toBe("done");
    expect(host.calls).toHaveLength(1);
  });

  it("stops at maxTurns with the last turn's calls answered but not run", async () => {
    const host = fakeHost({ s: [{ name: "a" }] });
    const loop: Turn = { calls: [{ name: "s__a", input: {} }] };
    const { adapter } = scriptedAdapter([loop, loop, loop]);
    const result = await runAgent({ adapter, host, toolset: host.toolset(), prompt: "go", maxTurns: 2 });
    expect(result.stopReason).toBe("max-turns");
    expect(result.turns).toBe(2);
    expect(host.calls).toHaveLength(1);
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(["ok", "aborted"]);
    const last = result.transcript.at(-1) as {
      role: string;
      content: { type: string; is_error?: boolean }[];
    };
    expect(last.role).toBe("user");
    expect(last.content).toEqual([expect.objectContaining({ type: "tool_result", is_error: true })]);
  });

  it("stops for the budget hook before running the calls of the response that spent it", async () => {
    const host = fakeHost({ s: [{ name: "a" }] });
    const { adapter } = scriptedAdapter([{ calls: [{ name: "s__a", input: {} }] }]);
    const seen: number[] = [];
    const result = await runAgent({
      adapter,
      host,
      toolset: host.toolset(),
      prompt: "go",
      budget: {
        check: (state) => {
          seen.push(state.usage.inputTokens);
          return state.usage.inputTokens >= 100 ? "USD 0.01 spent" : undefined;
        },
      },
    });
    expect(result).toMatchObject({ stopReason: "budget", detail: "USD 0.01 spent", turns: 1 });
    expect(seen).toEqual([100]);
    expect(host.calls).toEqual([]);
  });

  it("asks approval questions one at a time", async () => {
    const host = fakeHost({ s: [{ name: "a" }, { name: "b" }] });
    const { adapter } = scriptedAdapter([
      {
        calls: [
          { name: "s__a", input: {} },
          { name: "s__b", input: {} },
        ],
      },
      { text: "ok" },
    ]);
    let open = 0;
    let most = 0;
    const result = await runAgent({
      adapter,
      host,
      toolset: host.toolset(),
      prompt: "go",
      approval: {
        requireApprovalFor: "all",
        ask: async () => {
          open += 1;
          most = Math.max(most, open);
          await wait(20);
          open -= 1;
          return "allow" as const;
        },
      },
    });
    expect(result.stopReason).toBe("done");
    expect(most).toBe(1);
    expect(host.calls.map((call) => call.tool)).toEqual(["a", "b"]);
  });

  it("offers tools added to the catalogue at the next turn through liveToolset", async () => {
    const host = fakeHost({ s: [{ name: "a" }] });
    const { adapter, bodies } = scriptedAdapter([{ calls: [{ name: "s__a", input: {} }] }, { text: "ok" }]);
    const built: number[] = [];
    const live = liveToolset({ catalog: host.catalog, target: "anthropic" });
    await runAgent({
      adapter,
      host,
      prompt: "go",
      buildTools: (context) => {
        built.push(context.turn);
        if (context.turn === 2) host.setTools("s", [{ name: "a" }, { name: "b" }]);
        return live(context);
      },
    });
    expect(built).toEqual([1, 2]);
    const names = (index: number) =>
      (bodies[index]?.tools ?? []).map((tool) => (tool as { name: string }).name);
    expect(names(0)).toEqual(["s__a"]);
    expect(names(1)).toEqual(["s__a", "s__b"]);
  });

  it("returns a provider failure as stopReason error with a one-line detail", async () => {
    const host = fakeHost({ s: [{ name: "a" }] });
    const failure = Object.assign(new Error("400 {...}"), {
      status: 400,
      error: { type: "error", error: { type: "invalid_request_error", message: "messages: bad\nthing" } },
    });
    const client = { messages: { create: async () => Promise.reject(failure) } } as unknown as Anthropic;
    const result = await runAgent({
      adapter: anthropicAdapter({ model: "m", client }),
      host,
      toolset: host.toolset(),
      prompt: "go",
    });
    expect(result).toMatchObject({ stopReason: "error", detail: "HTTP 400: messages: bad thing", turns: 1 });
    expect(result.error).toBe(failure);
    expect(result.transcript).toEqual([{ role: "user", content: "go" }]);
  });

  it("refuses a toolset built for another wire, and nonsense maxTurns", async () => {
    const host = fakeHost({ s: [{ name: "a" }] });
    const { adapter } = scriptedAdapter([{ text: "never" }]);
    const attempt = (options: object) =>
      runAgent({ adapter, host, toolset: host.toolset("openai-chat"), prompt: "go", ...options }).catch(
        (error: unknown) => error,
      );
    const mismatch = await attempt({});
    expect(isSwitchboardError(mismatch) && mismatch.code).toBe("USAGE");
    expect((mismatch as Error).message).toContain("openai-chat");
    const zero = await attempt({ maxTurns: 0 });
    expect((zero as Error).message).toContain("maxTurns");
  });
});
