import { describe, expect, it } from "vitest";
import { judge, summarise } from "./evaluate.js";

describe("judge and summarise", () => {
  const ks = [1, 3, 5];

  it("counts a group hit when any of its interchangeable tools is retrieved", () => {
    const outcome = judge(["x", "alt", "y"], [["gold", "alt"]], ks);
    expect(outcome).toEqual({ firstHit: 2, any: [false, true, true], all: [false, true, true] });
  });

  it("separates any-gold from all-gold recall", () => {
    const outcome = judge(["a", "x", "y", "z", "b"], [["a"], ["b"]], ks);
    expect(outcome).toEqual({ firstHit: 1, any: [true, true, true], all: [false, false, true] });
    expect(judge(["x"], [["a"]], ks)).toEqual({
      firstHit: undefined,
      any: [false, false, false],
      all: [false, false, false],
    });
  });

  it("averages recall and reciprocal rank over queries", () => {
    const metrics = summarise(
      [
        judge(["a"], [["a"]], ks),
        judge(["x", "y", "b"], [["b"]], ks),
        judge(["x"], [["c"]], ks),
        judge([], [["d"]], ks),
      ],
      ks,
    );
    expect(metrics.queries).toBe(4);
    expect(metrics.recallAny).toEqual([0.25, 0.5, 0.5]);
    expect(metrics.recallAll).toEqual([0.25, 0.5, 0.5]);
    expect(metrics.mrr).toBeCloseTo((1 + 1 / 3) / 4, 12);
    expect(summarise([], ks).mrr).toBe(0);
  });
});
