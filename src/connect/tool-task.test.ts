import { describe, expect, it } from "vitest";
import { taskMode } from "./task-support.js";
import { boundedMessage, maxTaskMessageChars, pollDelay, taskPolling } from "./tool-task.js";

describe("pollDelay", () => {
  it("clamps the server's interval to 50 ms .. 5 s, 500 ms when it suggests none or nonsense", () => {
    expect(pollDelay(undefined)).toBe(taskPolling.defaultMs);
    expect(pollDelay(Number.NaN)).toBe(taskPolling.defaultMs);
    expect(pollDelay(Number.POSITIVE_INFINITY)).toBe(taskPolling.defaultMs);
    expect(pollDelay(-5)).toBe(50);
    expect(pollDelay(0)).toBe(50);
    expect(pollDelay(1_000)).toBe(1_000);
    expect(pollDelay(3_600_000)).toBe(5_000);
  });
});

describe("boundedMessage", () => {
  it("escapes control characters and cuts long messages at whole code points", () => {
    expect(boundedMessage("ok\u0007\u009b")).toBe("ok\\u0007\\u009b");
    const long = "😀".repeat(maxTaskMessageChars + 10);
    const cut = boundedMessage(long);
    expect(Array.from(cut)).toHaveLength(maxTaskMessageChars + 1);
    expect(cut.endsWith("😀…")).toBe(true);
    expect(boundedMessage("x".repeat(maxTaskMessageChars))).toBe("x".repeat(maxTaskMessageChars));
    expect(boundedMessage("x".repeat(10_000_000)).length).toBe(maxTaskMessageChars + 1);
  });
});

describe("taskMode", () => {
  const tool = (taskSupport?: "required" | "optional" | "forbidden") =>
    ({
      name: "t",
      inputSchema: { type: "object" },
      ...(taskSupport === undefined ? {} : { execution: { taskSupport } }),
    }) as never;
  const offering = { tools: {}, tasks: { requests: { tools: { call: {} } } } } as never;
  const notOffering = { tools: {}, tasks: { list: {} } } as never;

  it("runs a task only where the tool asks and the server offers task-augmented tools/call", () => {
    expect(taskMode(tool("required"), offering)).toBe("task");
    expect(taskMode(tool("optional"), offering)).toBe("task");
    expect(taskMode(tool("forbidden"), offering)).toBe("plain");
    expect(taskMode(tool(), offering)).toBe("plain");
    expect(taskMode(tool("optional"), notOffering)).toBe("plain");
    expect(taskMode(tool("required"), notOffering)).toBe("unavailable");
    expect(taskMode(tool("required"), undefined)).toBe("unavailable");
    expect(taskMode(undefined, offering)).toBe("plain");
  });
});
