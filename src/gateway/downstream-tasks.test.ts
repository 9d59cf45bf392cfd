import { describe, expect, it } from "vitest";
import { DownstreamTasks } from "./downstream-tasks.js";

const done = (text: string) => Promise.resolve({ content: [{ type: "text" as const, text }] });

describe("DownstreamTasks", () => {
  it("clamps the ttl asked for and uses the default when none is", () => {
    const tasks = new DownstreamTasks({ minTtlMs: 1_000, maxTtlMs: 60_000, defaultTtlMs: 5_000 });
    expect(tasks.create(() => done("a"), 10).ttl).toBe(1_000);
    expect(tasks.create(() => done("b"), 10 ** 9).ttl).toBe(60_000);
    expect(tasks.create(() => done("c"), null).ttl).toBe(5_000);
    expect(tasks.create(() => done("d"), Number.NaN).ttl).toBe(5_000);
    tasks.close();
  });

  it("refuses a task past maxTasks, and forgets (and stops) a task when its ttl ends", async () => {
    const tasks = new DownstreamTasks({ maxTasks: 2, minTtlMs: 30 });
    let stopped = false;
    const hanging = tasks.create(
      (signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            stopped = true;
            reject(signal.reason);
          });
        }),
      30,
    );
    tasks.create(() => done("x"), 60_000);
    expect(() => tasks.create(() => done("y"), 60_000)).toThrow(/already keeping 2 tasks/);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(stopped).toBe(true);
    expect(() => tasks.get(hanging.taskId)).toThrow(/unknown or expired/);
    expect(tasks.create(() => done("z"), 60_000).status).toBe("working");
    tasks.close();
  });

  it("a result with isError is a failed task whose result is still served; a thrown error is served as one", async () => {
    const tasks = new DownstreamTasks();
    const failed = tasks.create(() => Promise.resolve({ isError: true, content: [] }), 60_000);
    expect(await tasks.result(failed.taskId)).toEqual({ isError: true, content: [] });
    expect(tasks.get(failed.taskId).status).toBe("failed");
    const thrown = tasks.create(() => Promise.reject(new Error("upstream gone")), 60_000);
    await expect(tasks.result(thrown.taskId)).rejects.toThrow(/upstream gone/);
    expect(tasks.get(thrown.taskId)).toMatchObject({ status: "failed", statusMessage: "upstream gone" });
    tasks.close();
  });

  it("status messages are cut, and a cancelled task answers tasks/result at once", async () => {
    const tasks = new DownstreamTasks();
    const task = tasks.create((signal, onStatus) => {
      onStatus("x".repeat(10_000));
      return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    }, 60_000);
    expect(tasks.get(task.taskId).statusMessage).toHaveLength(600);
    expect(tasks.cancel(task.taskId).status).toBe("cancelled");
    await expect(tasks.result(task.taskId)).rejects.toThrow(/was cancelled/);
    expect(() => tasks.cancel(task.taskId)).toThrow(/already cancelled/);
    tasks.close();
  });
});
