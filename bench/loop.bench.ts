/**
 * Agent-loop overhead per turn. (1) In process, with a model that answers at once and a host that answers at
 * once: everything the loop itself does per turn (toolset check, events, dispatch, result conversion,
 * transcript), with nothing else in the way; fixed toolset and live toolset. (2) Over the strict emulator (the
 * Anthropic SDK on HTTP) and a real stdio server: `runAgent` against a hand-written loop making the same calls
 * (SDK call, replay, `answerResponse`, append); the difference per turn is what the loop adds in real use.
 * Several rounds, median. Run with `npm run bench -- loop`.
 */
import Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages/messages";
import { liveToolset } from "../src/agent/live-toolset.js";
import { runAgent } from "../src/agent/run-agent.js";
import { connectHost } from "../src/catalog/host.js";
import { answerResponse } from "../src/dispatch/answer-response.js";
import type { DispatchHost } from "../src/dispatch/types.js";
import { anthropicAdapter } from "../src/providers/anthropic/anthropic-adapter.js";
import { startEmulator } from "../src/testing/emulator/index.js";
import { buildToolset } from "../src/toolset/build-toolset.js";
import { dispatchFixture } from "../test/fixtures/dispatch-fixture-command.js";
import { type BenchContext, median } from "./run.js";

const rounds = 25;
/** Turns per run: a realistic conversation length (the transcript, and so its copying, grows with it). */
const turnsPerRun = 20;
const runsPerSample = 100;
const httpTurns = 20;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** An Anthropic client stand-in that answers every request at once with one echo call. */
function instantClient(): Anthropic {
  let id = 0;
  const create = async () =>
    ({
      id: "msg",
      type: "message",
      role: "assistant",
      model: "bench",
      content: [{ type: "tool_use", id: `toolu_${++id}`, name: "main__echo", input: { text: "hi" } }],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    }) as unknown as Message;
  return { messages: { create } } as unknown as Anthropic;
}

export default async function loopBench(context: BenchContext): Promise<void> {
  const host = await connectHost({ file: "<bench>", servers: { main: dispatchFixture("main") }, agents: {} });
  const emulator = await startEmulator({
    script: (view) =>
      view.turnIndex < httpTurns - 1
        ? { toolCalls: [{ name: "main__echo", arguments: { text: `turn ${view.turnIndex}` } }] }
        : { text: "done" },
  });
  try {
    const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic", {
      generation: host.catalog.generation,
    });

    // (1) The loop alone.
    const instantHost: DispatchHost = {
      catalog: host.catalog,
      callTool: async (_server, _tool, args) => ({ content: [{ type: "text", text: String(args.text) }] }),
    };
    const adapter = anthropicAdapter({ model: "bench", client: instantClient() });
    const live = liveToolset({ catalog: host.catalog, target: "anthropic" });
    const alone = async (tools: "fixed" | "live") => {
      for (let run = 0; run < runsPerSample; run += 1) {
        await runAgent({
          adapter,
          host: instantHost,
          ...(tools === "fixed" ? { toolset } : { buildTools: live }),
          prompt: "go",
          maxTurns: turnsPerRun,
          onEvent: () => {},
        });
      }
    };
    for (const tools of ["fixed", "live"] as const) {
      await alone(tools); // warm-up
      const samples: number[] = [];
      for (let round = 0; round < rounds; round += 1) samples.push(await timed(() => alone(tools)));
      const turns = turnsPerRun * runsPerSample;
      context.report({
        name: `loop alone, ${tools} toolset (${runsPerSample} runs x ${turnsPerRun} turns, 1 call each)`,
        values: { us_per_turn: Number(((median(samples) / turns) * 1000).toFixed(2)), rounds },
      });
    }

    // (2) Real HTTP and a real server: runAgent against a hand-written loop.
    const client = new Anthropic({ apiKey: "test", baseURL: emulator.baseUrls.anthropic, maxRetries: 0 });
    const viaLoop = async () => {
      const result = await runAgent({
        adapter: anthropicAdapter({ model: "claude-opus-4-8", client }),
        host,
        toolset,
        prompt: "go",
        maxTurns: httpTurns,
      });
      if (result.stopReason !== "done") throw new Error(`loop stopped: ${result.stopReason}`);
    };
    const byHand = async () => {
      const messages: MessageParam[] = [{ role: "user", content: "go" }];
      for (let turn = 0; turn < httpTurns; turn += 1) {
        const response = await client.messages.create({
          model: "claude-opus-4-8",
          max_tokens: 8192,
          messages,
          tools: toolset.tools as Tool[],
        });
        messages.push({ role: "assistant", content: response.content });
        const answer = await answerResponse("anthropic", response, { toolset, host });
        if (answer.calls.length === 0) return;
        messages.push(...answer.append);
      }
      throw new Error("hand-written loop did not finish");
    };
    for (let i = 0; i < 3; i += 1) {
      await viaLoop();
      await byHand();
    }
    const loopMs: number[] = [];
    const handMs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const first = round % 2 === 0 ? viaLoop : byHand;
      const second = round % 2 === 0 ? byHand : viaLoop;
      const a = await timed(first);
      const b = await timed(second);
      (first === viaLoop ? loopMs : handMs).push(a);
      (second === viaLoop ? loopMs : handMs).push(b);
    }
    const loopTurn = median(loopMs) / httpTurns;
    const handTurn = median(handMs) / httpTurns;
    context.report({
      name: `emulator + stdio server (${httpTurns} turns, ${rounds} rounds)`,
      values: {
        hand_ms_per_turn: Number(handTurn.toFixed(3)),
        loop_ms_per_turn: Number(loopTurn.toFixed(3)),
        overhead_us_per_turn: Math.round((loopTurn - handTurn) * 1000),
        "loop/hand": (loopTurn / handTurn).toFixed(3),
      },
    });
  } finally {
    await emulator.close();
    await host.close();
  }
}
