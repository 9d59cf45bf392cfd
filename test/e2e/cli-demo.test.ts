/**
 * `npm run demo -- --conversation`, as a newcomer runs it on a fresh clone: through npm and the built CLI, with
 * no API key in the environment and nothing but loopback. Each step of the story must appear in order, the run
 * must exit 0, and the two example servers (seen running while the demo runs) must be gone after it, also when
 * Ctrl-C stops it half-way.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { captureOutput } from "./capture-output.js";
import { isAlive, waitFor } from "./helpers.js";
import { repoRoot } from "./run-cli.js";

/** Pids of the demo's example servers: processes running examples/servers/*.mjs in this repository. */
function demoServerPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!command.includes("examples/servers/")) continue;
      const cwd = `${readlinkSync(`/proc/${entry}/cwd`)}/`;
      if (cwd === repoRoot && isAlive(Number(entry))) pids.push(Number(entry));
    } catch {
      // The process ended while we were reading.
    }
  }
  return pids;
}

/** The environment of a fresh shell without any provider key or base URL. */
const env = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "/tmp",
  SWITCHBOARD_LEDGER: "off",
};

interface Started {
  child: ChildProcess;
  output: { readonly stdout: string; readonly stderr: string };
  exited: Promise<number | null>;
  /** Every server pid seen while the demo ran. */
  seen: Set<number>;
}

const running: Started[] = [];
afterEach(() => {
  for (const started of running.splice(0)) started.child.kill("SIGKILL");
});

function start(command: string, args: readonly string[]): Started {
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  const output = captureOutput(child);
  const seen = new Set<number>();
  const poll = setInterval(() => {
    for (const pid of demoServerPids()) seen.add(pid);
  }, 25);
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => {
      clearInterval(poll);
      resolve(code);
    }),
  );
  const started = { child, output, exited, seen };
  running.push(started);
  return started;
}

/** Where `pattern` first matches in `text`, failing the test when it does not. */
function at(text: string, pattern: RegExp): number {
  const index = text.search(pattern);
  expect(index, `${pattern} in the demo's output`).toBeGreaterThanOrEqual(0);
  return index;
}

describe("npm run demo -- --conversation", () => {
  it("tells the story in order, exits 0 and leaves no server running", async () => {
    const demo = start("npm", ["run", "--silent", "demo", "--", "--conversation"]);
    const code = await demo.exited;
    const out = demo.output.stdout;
    expect(code, demo.output.stderr).toBe(0);

    // 1. Two servers publish `search`; the request carries both under the prefixed names switchboard chose.
    const shared = at(out, /docs and web both publish a tool named "search"/);
    const first = at(out, /request 1 +4 tools: docs__read, docs__search, web__fetch, web__search\n/);
    // 2. Two parallel calls in one response, both answered with their size.
    const parallel = at(out, /2 calls in one response/);
    const calls = [at(out, /call +docs__search \{"query":/), at(out, /call +web__search \{"query":/)];
    const answers = [
      at(out, /answer +docs__search: ok, \d+ bytes/),
      at(out, /answer +web__search: ok, \d+ bytes/),
    ];
    // 3. web removes its fetch with list_changed; the next request no longer carries it.
    const changed = at(out, /web sent notifications\/tools\/list_changed and removed fetch/);
    const third = at(out, /request 3 +3 tools: /);
    const thirdTools = /request 3 +3 tools: (.*)\n/.exec(out)?.[1] ?? "";
    expect(thirdTools.split(", ")).toEqual(["docs__read", "docs__search", "web__search"]);
    // 4. The model calls it again: the stale-tool answer, then the model recovers with another tool and answers.
    const again = at(out, /request 3 [\s\S]*call +web__fetch /);
    const stale = at(
      out,
      /answer +web__fetch: stale-tool: The tool "web__fetch" is no longer available: server "web"/,
    );
    const recovered = at(out, /answer +docs__read: ok, \d+ bytes/);
    const answer = at(out, /request 5 [\s\S]*model +When a server changes its tools/);
    // 5. The cost of each request, with the Anthropic emulator's prompt cache, and the total.
    const cost = at(out, /cost +claude-sonnet-5/);
    const order = [
      shared,
      first,
      parallel,
      ...calls,
      ...answers,
      changed,
      third,
      again,
      stale,
      recovered,
      answer,
      cost,
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const rows = [
      ...out.slice(cost).matchAll(/^ +(request \d|total) +([\d,]+) +([\d,]+) +([\d,]+) +([\d,]+)/gm),
    ].map((match) => ({
      label: match[1],
      figures: match.slice(2, 6).map((figure) => Number(figure?.replaceAll(",", ""))),
    }));
    expect(rows.map((row) => row.label)).toEqual([
      "request 1",
      "request 2",
      "request 3",
      "request 4",
      "request 5",
      "total",
    ]);
    const requests = rows.slice(0, 5).map((row) => row.figures);
    const total = rows[5]?.figures ?? [];
    for (const column of [0, 1, 2, 3]) {
      expect(total[column]).toBe(requests.reduce((sum, figures) => sum + (figures[column] ?? 0), 0));
    }
    // [input, cache write, cache read, output]: something was written and later read back.
    expect(requests.some((figures) => (figures[1] ?? 0) > 0)).toBe(true);
    expect(requests.some((figures) => (figures[2] ?? 0) > 0)).toBe(true);
    expect(total[2]).toBeGreaterThan(0);

    // Both servers ran, and none outlives the demo.
    expect(demo.seen.size).toBe(2);
    expect(demoServerPids()).toEqual([]);
    for (const pid of demo.seen) expect(isAlive(pid)).toBe(false);
  }, 90_000);

  it("Ctrl-C stops it half-way with both servers closed", async () => {
    const demo = start(process.execPath, ["bin/switchboard.js", "demo", "--conversation"]);
    await waitFor(() => demo.seen.size === 2, 60_000, "both example servers to start");
    await waitFor(() => demo.output.stdout.includes("servers "), 60_000, "the servers line");
    demo.child.kill("SIGINT");
    const code = await demo.exited;
    expect(code, demo.output.stderr).toBe(130);
    await waitFor(() => demoServerPids().length === 0, 5_000, "the servers to exit");
    for (const pid of demo.seen) expect(isAlive(pid)).toBe(false);
  }, 90_000);
});
