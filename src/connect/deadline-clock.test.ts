import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeadlineClock } from "./deadline-clock.js";

describe("DeadlineClock", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const clock = () => new DeadlineClock(() => Date.now());

  it("expires a deadline after its length, once, and not one that was stopped", () => {
    const deadlines = clock();
    const expired: string[] = [];
    deadlines.start(100, () => expired.push("a"));
    const b = deadlines.start(50, () => expired.push("b"));
    vi.advanceTimersByTime(40);
    b.stop();
    vi.advanceTimersByTime(59);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(["a"]);
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual(["a"]);
    expect(deadlines.size).toBe(0);
  });

  it("a shorter deadline started after a longer one still expires on time", () => {
    const deadlines = clock();
    const expired: number[] = [];
    deadlines.start(60_000, () => expired.push(60_000));
    deadlines.start(300, () => expired.push(300));
    vi.advanceTimersByTime(300);
    expect(expired).toEqual([300]);
  });

  it("restart counts from now (progress); pauseAll holds every deadline until released", () => {
    const deadlines = clock();
    const expired: string[] = [];
    const a = deadlines.start(100, () => expired.push("a"));
    vi.advanceTimersByTime(80);
    a.restart();
    vi.advanceTimersByTime(80);
    expect(expired).toEqual([]);
    deadlines.pauseAll(true);
    vi.advanceTimersByTime(10_000);
    expect(expired).toEqual([]);
    deadlines.pauseAll(false);
    vi.advanceTimersByTime(99);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(["a"]);
  });

  it("calls one after another arm one timer, not one each", () => {
    const deadlines = clock();
    for (let i = 0; i < 100; i += 1) deadlines.start(60_000, () => {}).stop();
    expect(vi.getTimerCount()).toBe(1);
  });

  it("every deadline expires exactly at its own time, whatever the mix (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 500 }), ms: fc.integer({ min: 1, max: 500 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        (plan) => {
          vi.setSystemTime(0);
          const deadlines = clock();
          const expiredAt: number[] = plan.map(() => -1);
          const order = [...plan.keys()].sort((x, y) => plan[x]!.at - plan[y]!.at);
          let now = 0;
          for (const index of order) {
            const { at, ms } = plan[index]!;
            vi.advanceTimersByTime(at - now);
            now = at;
            deadlines.start(ms, () => {
              expiredAt[index] = Date.now();
            });
          }
          vi.advanceTimersByTime(1_001);
          expect(expiredAt).toEqual(plan.map(({ at, ms }) => at + ms));
        },
      ),
      { numRuns: 200 },
    );
  });
});
