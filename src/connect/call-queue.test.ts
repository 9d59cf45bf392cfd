import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CallQueue } from "./call-queue.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("CallQueue", () => {
  it("admits up to the limit at once and queues the rest", async () => {
    const queue = new CallQueue(2);
    const first = await queue.acquire();
    await queue.acquire();
    let thirdAdmitted = false;
    const third = queue.acquire().then((release) => {
      thirdAdmitted = true;
      return release;
    });
    await tick();
    expect(thirdAdmitted).toBe(false);
    expect(queue.waiting).toBe(1);
    first();
    (await third)();
    expect(thirdAdmitted).toBe(true);
    expect(queue.active).toBe(1);
  });

  it("serves waiters in arrival order", async () => {
    const queue = new CallQueue(1);
    const hold = await queue.acquire();
    const order: number[] = [];
    const waiters = [1, 2, 3].map((id) =>
      queue.acquire().then((release) => {
        order.push(id);
        release();
      }),
    );
    hold();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
  });

  it("a release called twice frees only one slot", async () => {
    const queue = new CallQueue(1);
    const release = await queue.acquire();
    release();
    release();
    expect(queue.active).toBe(0);
    await queue.acquire();
    expect(queue.active).toBe(1);
  });

  it("removes an aborted waiter and rejects it with the abort reason", async () => {
    const queue = new CallQueue(1);
    const hold = await queue.acquire();
    const controller = new AbortController();
    const aborted = queue.acquire(controller.signal);
    const next = queue.acquire();
    controller.abort(new Error("caller gave up"));
    await expect(aborted).rejects.toThrow("caller gave up");
    expect(queue.waiting).toBe(1);
    hold();
    await expect(next).resolves.toBeTypeOf("function");
  });

  it("rejects all waiters at once", async () => {
    const queue = new CallQueue(1);
    await queue.acquire();
    const waiters = [queue.acquire(), queue.acquire()];
    queue.rejectWaiting(new Error("server gone"));
    for (const waiter of waiters) await expect(waiter).rejects.toThrow("server gone");
    expect(queue.waiting).toBe(0);
  });

  it("never exceeds the limit and starts work in FIFO order (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 20 }),
        async (limit, durations) => {
          const queue = new CallQueue(limit);
          let running = 0;
          let maxRunning = 0;
          const started: number[] = [];
          await Promise.all(
            durations.map(async (ticks, id) => {
              const release = await queue.acquire();
              started.push(id);
              running += 1;
              maxRunning = Math.max(maxRunning, running);
              for (let index = 0; index < ticks; index += 1) await tick();
              running -= 1;
              release();
            }),
          );
          expect(maxRunning).toBeLessThanOrEqual(limit);
          expect(started).toEqual(durations.map((_, id) => id));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("rejects a limit below one", () => {
    expect(() => new CallQueue(0)).toThrow(RangeError);
  });

  it("tryAcquire takes a free slot synchronously and never overtakes a waiter", async () => {
    const queue = new CallQueue(1);
    const held = queue.tryAcquire();
    expect(held).toBeTypeOf("function");
    expect(queue.active).toBe(1);
    expect(queue.tryAcquire()).toBeUndefined();
    const waiter = queue.acquire();
    held?.();
    // The freed slot went to the waiter, so a late tryAcquire still finds none.
    expect(queue.tryAcquire()).toBeUndefined();
    (await waiter)();
    expect(queue.active).toBe(0);
    expect(queue.tryAcquire()).toBeTypeOf("function");
  });
});
