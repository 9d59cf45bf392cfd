import type { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { browserCommand, openBrowser } from "./open-browser.js";

/** A spawn stand-in that records its call and emits `spawn` or `error` like a real child. */
function fakeSpawn(outcome: "spawn" | "error" | "throw") {
  const calls: { command: string; args: readonly string[]; options: unknown }[] = [];
  let unrefs = 0;
  const fn = ((command: string, args: readonly string[], options: unknown) => {
    calls.push({ command, args, options });
    if (outcome === "throw") throw new Error("EACCES");
    const child = Object.assign(new EventEmitter(), { unref: () => (unrefs += 1) });
    queueMicrotask(() => child.emit(outcome, new Error("ENOENT")));
    return child;
  }) as unknown as typeof spawn;
  return { fn, calls, unrefs: () => unrefs };
}

describe("openBrowser", () => {
  it("launches the platform's opener detached and unreferenced, and prints the URL too", async () => {
    const printed: string[] = [];
    const fake = fakeSpawn("spawn");
    const url = "http://127.0.0.1:9/authorize?state=s&x=1";
    expect(await openBrowser(url, { print: (t) => printed.push(t), platform: "linux", spawn: fake.fn })).toBe(
      true,
    );
    expect(fake.calls).toEqual([
      {
        command: "xdg-open",
        args: [url],
        options: expect.objectContaining({ detached: true, stdio: "ignore" }),
      },
    ]);
    expect(fake.unrefs()).toBe(1);
    expect(printed.join("\n")).toContain(url);
  });

  it("never fails: a missing launcher or a throwing spawn resolves false", async () => {
    const printed: string[] = [];
    const missing = fakeSpawn("error");
    expect(
      await openBrowser("https://a.example/x", { print: (t) => printed.push(t), spawn: missing.fn }),
    ).toBe(false);
    const throwing = fakeSpawn("throw");
    expect(
      await openBrowser("https://a.example/x", { print: (t) => printed.push(t), spawn: throwing.fn }),
    ).toBe(false);
    expect(printed).toHaveLength(2);
  });

  it("refuses to hand a non-http URL to a launcher", async () => {
    const fake = fakeSpawn("spawn");
    expect(await openBrowser("file:///etc/passwd", { print: () => {}, spawn: fake.fn })).toBe(false);
    expect(fake.calls).toEqual([]);
  });

  it("picks open on macOS and start on Windows (with & escaped for cmd)", () => {
    expect(browserCommand("https://a/?x=1&y=2", "darwin")).toEqual(["open", ["https://a/?x=1&y=2"]]);
    expect(browserCommand("https://a/?x=1&y=2", "win32")).toEqual([
      "cmd",
      ["/c", "start", "", "https://a/?x=1^&y=2"],
    ]);
  });
});
