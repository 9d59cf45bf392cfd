/**
 * Translation cost: naming + schema repair + canonical serialisation of 1,000 and 8,245 real tools (the Smithery
 * corpus) for every target. Linear scaling means the per-tool time at 8,245 stays close to the one at 1,000;
 * the row reports that ratio (≈1 is linear, well above 1 would be super-linear).
 */
import { TARGET_IDS } from "../src/providers/targets.js";
import type { ServerTool } from "../src/spec/tool.js";
import { buildToolset } from "../src/toolset/build-toolset.js";
import { smitheryCorpus } from "../test/support/smithery-corpus.js";
import { type BenchContext, median } from "./run.js";

function time(rounds: number, work: () => void): number {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export default async function translateBench(context: BenchContext): Promise<void> {
  const tools = smitheryCorpus();
  // An evenly spaced sample, so both sizes have the same mix of schema sizes (the corpus is ordered by server).
  const stride = tools.length / 1000;
  const small = Array.from({ length: 1000 }, (_, index) => tools[Math.floor(index * stride)] as ServerTool);
  for (const target of TARGET_IDS) {
    buildToolset(small, target); // warm up the JIT for this target's code paths
    const tSmall = time(5, () => buildToolset(small, target));
    const tAll = time(3, () => buildToolset(tools, target));
    const perToolSmall = tSmall / small.length;
    const perToolAll = tAll / tools.length;
    context.report({
      name: `translate ${target}`,
      values: {
        ms_1000: Number(tSmall.toFixed(1)),
        ms_8245: Number(tAll.toFixed(1)),
        us_per_tool_1000: Number((perToolSmall * 1000).toFixed(1)),
        us_per_tool_8245: Number((perToolAll * 1000).toFixed(1)),
        scaling_ratio: Number((perToolAll / perToolSmall).toFixed(2)),
      },
    });
  }
}
