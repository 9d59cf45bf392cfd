/**
 * Dispatch overhead. (1) Against a real stdio server: the same `echo` call made directly with `host.callTool`
 * and through `dispatchToolCalls` (name lookup, stale check, result mapping, truncation check), one call at a
 * time and 50 at once; the ratio dispatch/direct shows what dispatch adds on top of the round trip. (2) In
 * process, against a host that answers at once: dispatch's own cost per call, with nothing else in the way.
 * Several rounds, median. Run with `npm run bench -- dispatch`.
 */
import { connectHost } from "../src/catalog/host.js";
import { dispatchToolCalls } from "../src/dispatch/dispatch-tool-calls.js";
import type { DispatchHost } from "../src/dispatch/types.js";
import type { ToolCall } from "../src/spec/tool-call.js";
import { buildToolset } from "../src/toolset/build-toolset.js";
import { dispatchFixture } from "../test/fixtures/dispatch-fixture-command.js";
import { type BenchContext, median } from "./run.js";

const rounds = 41;
const sequential = 2_000;
const parallel = 50;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function report(context: BenchContext, name: string, directUs: number, dispatchUs: number): void {
  context.report({
    name,
    values: {
      direct_us_per_call: Math.round(directUs),
      dispatch_us_per_call: Math.round(dispatchUs),
      "dispatch/direct": (dispatchUs / directUs).toFixed(3),
    },
  });
}

export default async function dispatchBench(context: BenchContext): Promise<void> {
  const host = await connectHost({ file: "<bench>", servers: { main: dispatchFixture("main") }, agents: {} });
  try {
    const toolset = buildToolset(host.catalog.snapshot().tools, "anthropic", {
      generation: host.catalog.generation,
    });
    const name = toolset.names.nameOf("main", "echo") ?? "";
    const call = (index: number): ToolCall => ({
      id: `c${index}`,
      name,
      arguments: { text: `hello ${index}` },
    });
    const direct = (index: number) => host.callTool("main", "echo", { text: `hello ${index}` });
    const viaDispatch = (calls: ToolCall[]) => dispatchToolCalls(calls, { toolset, host });

    // Warm up both paths (JIT, tokenizer tables, the server's own warm-up).
    for (let index = 0; index < 50; index += 1) {
      await direct(index);
      await viaDispatch([call(index)]);
    }

    // One call at a time, direct and dispatched alternately: per-call medians, robust to a noisy machine.
    const directUs: number[] = [];
    const dispatchUs: number[] = [];
    for (let index = 0; index < sequential; index += 1) {
      directUs.push((await timed(() => direct(index))) * 1000);
      dispatchUs.push((await timed(() => viaDispatch([call(index)]))) * 1000);
    }
    report(
      context,
      `stdio echo, one call at a time (${sequential} pairs)`,
      median(directUs),
      median(dispatchUs),
    );

    // A batch at once, in rounds that alternate which path goes first.
    const batch = Array.from({ length: parallel }, (_, index) => call(index));
    const directMs: number[] = [];
    const dispatchMs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const runDirect = async () =>
        directMs.push(await timed(() => Promise.all(batch.map((_, i) => direct(i)))));
      const runDispatch = async () => dispatchMs.push(await timed(() => viaDispatch(batch)));
      if (round % 2 === 0) {
        await runDirect();
        await runDispatch();
      } else {
        await runDispatch();
        await runDirect();
      }
    }
    report(
      context,
      `stdio echo, ${parallel} calls at once (${rounds} rounds)`,
      (median(directMs) / parallel) * 1000,
      (median(dispatchMs) / parallel) * 1000,
    );

    // Dispatch alone: a host that answers immediately, over the real catalogue and toolset.
    const instant: DispatchHost = {
      catalog: host.catalog,
      callTool: async (_server, _tool, args) => ({ content: [{ type: "text", text: String(args.text) }] }),
    };
    const thousand = Array.from({ length: 1_000 }, (_, i) => call(i));
    for (let i = 0; i < 3; i += 1) await dispatchToolCalls(thousand, { toolset, host: instant });
    const samples: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      samples.push(await timed(() => dispatchToolCalls(thousand, { toolset, host: instant })));
    }
    context.report({
      name: "dispatch alone (instant host), 1,000 calls",
      values: { us_per_call: Number(((median(samples) / thousand.length) * 1000).toFixed(2)), rounds },
    });
  } finally {
    await host.close();
  }
}
