import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { LedgerError } from "./ledger-error.js";
import { LEDGER_SCHEMA_VERSION, openLedger } from "./usage-ledger.js";
import type { UsageRecord } from "./usage-record.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "switchboard-ledger-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const record = (call: number, extra: Partial<UsageRecord> = {}): UsageRecord => ({
  time: `2026-11-30T10:00:0${call}.000Z`,
  conversation: "c1",
  call,
  provider: "anthropic",
  model: "claude-opus-4-8",
  inputTokens: 1000 * call,
  outputTokens: 50,
  cacheReadTokens: call > 1 ? 800 : 0,
  cacheWriteTokens: call === 1 ? 800 : 0,
  toolsTokens: 612.5,
  toolCount: 6,
  toolsHash: "abc",
  servers: { github: 4, docs: 2 },
  ...extra,
});

function problemOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    expect(isSwitchboardError(error)).toBe(true);
    return error instanceof LedgerError ? `${error.problem}: ${error.message}` : String(error);
  }
  return undefined;
}

describe("openLedger", () => {
  it("creates the file and its directory, and reads back what was appended, oldest first", () => {
    const path = join(dir, "state", "switchboard", "usage.sqlite");
    const ledger = openLedger(path, { create: true });
    ledger.append(record(2, { agent: "support" }));
    ledger.append(record(1));
    ledger.close();
    const again = openLedger(path);
    expect(again.records()).toEqual([record(1), record(2, { agent: "support" })]);
    expect(again.records({ since: "2026-11-30T10:00:02.000Z" })).toEqual([record(2, { agent: "support" })]);
    expect(again.records({ until: "2026-11-30T10:00:02.000Z" })).toEqual([record(1)]);
    again.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBe(LEDGER_SCHEMA_VERSION);
    db.close();
  });

  it("says where to look when the file is missing", () => {
    expect(problemOf(() => openLedger(join(dir, "none.sqlite")))).toMatch(
      /^missing: No usage ledger at .*none\.sqlite: nothing has been recorded there yet/,
    );
  });

  it("refuses a corrupt file with a message naming it, and leaves it untouched", () => {
    const path = join(dir, "usage.sqlite");
    const junk = "this is not a database\n".repeat(300);
    writeFileSync(path, junk);
    for (const create of [false, true]) {
      expect(problemOf(() => openLedger(path, { create }))).toMatch(
        /^corrupt: The usage ledger .*usage\.sqlite is damaged or not a database \(file is not a database\); move it aside/,
      );
    }
    expect(statSync(path).size).toBe(junk.length);
  });

  it("refuses another program's database and one from a newer switchboard", () => {
    const foreign = join(dir, "other.sqlite");
    const db = new Database(foreign);
    db.exec("CREATE TABLE notes (text TEXT)");
    db.close();
    expect(problemOf(() => openLedger(foreign, { create: true }))).toMatch(
      /^foreign: .* not a switchboard usage ledger/,
    );

    const newer = join(dir, "newer.sqlite");
    openLedger(newer, { create: true }).close();
    const raw = new Database(newer);
    raw.pragma(`user_version = ${LEDGER_SCHEMA_VERSION + 1}`);
    raw.close();
    expect(problemOf(() => openLedger(newer))).toMatch(
      /^newer: .*written by a newer switchboard \(schema 2; this one reads 1\)/,
    );
  });

  it("reads an empty file as an empty ledger", () => {
    const path = join(dir, "empty.sqlite");
    writeFileSync(path, "");
    const ledger = openLedger(path);
    expect(ledger.records()).toEqual([]);
    ledger.close();
  });
});
