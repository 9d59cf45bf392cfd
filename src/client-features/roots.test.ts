import { describe, expect, it } from "vitest";
import { followClientEvents } from "./client-features.js";
import { formatLogEntry, toLogEntry } from "./logging.js";
import { formatProgress } from "./progress.js";
import { RootsRegistry } from "./roots.js";

describe("RootsRegistry", () => {
  it("defaults to the working directory and resolves paths to file:// URIs once each", () => {
    expect(new RootsRegistry(undefined, "/work/project").list()).toEqual([
      { uri: "file:///work/project", name: "project" },
    ]);
    const roots = new RootsRegistry(["src", "/abs dir", "file:///x/y", "./src"], "/work/project");
    expect(roots.list()).toEqual([
      { uri: "file:///work/project/src", name: "src" },
      { uri: "file:///abs%20dir", name: "abs dir" },
      { uri: "file:///x/y", name: "y" },
    ]);
  });

  it("tells listeners, and every followed server, only when the roots really change", async () => {
    const roots = new RootsRegistry(["a"], "/w");
    const sent: string[] = [];
    const connection = {
      name: "s1",
      on: () => () => {},
      sendRootsListChanged: async () => {
        sent.push("s1");
      },
    };
    const off = followClientEvents([connection], {}, roots);
    expect(roots.set(["a"])).toBe(false);
    expect(roots.set(["a", "b"])).toBe(true);
    expect(sent).toEqual(["s1"]);
    off();
    roots.set(["c"]);
    expect(sent).toEqual(["s1"]);
  });
});

describe("logs and progress as text", () => {
  it("formats a log message with its server, level and logger, non-string data as JSON", () => {
    expect(formatLogEntry(toLogEntry("db", { level: "error", logger: "pool", data: { code: 7 } }))).toBe(
      '[db] error (pool): {"code":7}',
    );
  });

  it("filters logs per server level", () => {
    const listeners = new Map<string, (value: unknown) => void>();
    const connection = {
      name: "db",
      on: (event: string, listener: (value: unknown) => void) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
      sendRootsListChanged: async () => {},
    };
    const lines: string[] = [];
    followClientEvents([connection as never], {
      onLog: (entry) => lines.push(entry.level),
      logLevelFor: () => "warning",
    });
    for (const level of ["debug", "info", "warning", "critical"])
      listeners.get("log")?.({ level, data: "x" });
    expect(lines).toEqual(["warning", "critical"]);
  });

  it("formats progress with and without a total", () => {
    expect(formatProgress("s", { tool: "t", call: 1, progress: 3, total: 4, message: "step" })).toBe(
      "s/t 3/4 (75%) step",
    );
    expect(formatProgress("s", { tool: "t", call: 1, progress: 3 })).toBe("s/t 3");
  });
});
