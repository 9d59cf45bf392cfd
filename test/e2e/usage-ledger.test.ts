/**
 * The ledger under real concurrency: two processes create and append to the same new file at the same moment;
 * every row of both must be there, in a file SQLite still finds intact.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLedger } from "../../src/ledger/usage-ledger.js";
import { childPids } from "./helpers.js";

const writer = fileURLToPath(new URL("./usage-ledger-writer.ts", import.meta.url));
const ROWS = 1500;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "switchboard-ledger-race-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function write(
  path: string,
  label: string,
  startAt: number,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", writer, path, label, String(ROWS), String(startAt)],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

describe("usage ledger with concurrent writers", () => {
  it("two processes creating and appending to one new file at once lose nothing", async () => {
    const path = join(dir, "state", "usage.sqlite");
    // Both processes load tsx first (~1 s); the shared start time lines their writes up.
    const startAt = Date.now() + 2_500;
    const results = await Promise.all([write(path, "first", startAt), write(path, "second", startAt)]);
    for (const result of results) expect(result.err).toBe("");
    expect(results.map((result) => [result.code, result.out.trim()])).toEqual([
      [0, `done first ${ROWS}`],
      [0, `done second ${ROWS}`],
    ]);
    expect(childPids()).toEqual([]);

    const ledger = openLedger(path);
    const records = ledger.records();
    ledger.close();
    expect(records).toHaveLength(2 * ROWS);
    for (const label of ["first", "second"]) {
      const calls = records.filter((record) => record.conversation === label).map((record) => record.call);
      expect(calls.sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, index) => index + 1));
    }
    // The writes really overlapped: each process's rows are interleaved with the other's.
    const order = records.map((record) => record.conversation);
    const switches = order.filter((label, index) => index > 0 && label !== order[index - 1]).length;
    expect(switches).toBeGreaterThan(1);
    const db = new Database(path, { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
  });
});
