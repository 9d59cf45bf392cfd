/**
 * The usage ledger: one SQLite file (better-sqlite3) with a row per model call. Several processes may append at
 * once (parallel `run`s, a `chat` beside them): WAL journaling lets readers and a writer work together and the
 * busy timeout makes a second writer wait for the lock instead of failing, so nothing is lost. The schema is
 * versioned with `PRAGMA user_version` and the file marked with `PRAGMA application_id`, so a file from a newer
 * switchboard, or some other program's database, is refused with a message instead of being damaged.
 * better-sqlite3 (a native addon) loads when a ledger is first opened, not when the `switchboard` barrel is
 * imported; `require` (it is a CommonJS package) keeps `openLedger` synchronous.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { isSwitchboardError } from "../errors.js";
import { requireOptional } from "../optional-dependency.js";
import { LedgerError } from "./ledger-error.js";
import type { UsageRecord } from "./usage-record.js";

/** "SBUS" */
export const LEDGER_APPLICATION_ID = 0x53425553;
export const LEDGER_SCHEMA_VERSION = 1;
/** How long a writer waits for another process's lock before giving up. */
export const LEDGER_BUSY_TIMEOUT_MS = 10_000;

const SCHEMA_V1 = `
CREATE TABLE calls (
  id INTEGER PRIMARY KEY,
  time TEXT NOT NULL,
  conversation TEXT NOT NULL,
  call INTEGER NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  agent TEXT,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cache_read_tokens INTEGER NOT NULL,
  cache_write_tokens INTEGER NOT NULL,
  tools_tokens REAL NOT NULL,
  tool_count INTEGER NOT NULL,
  tools_hash TEXT NOT NULL,
  servers TEXT NOT NULL
);
CREATE INDEX calls_time ON calls (time);
CREATE INDEX calls_conversation ON calls (conversation, call);
`;

let sqlite: typeof Database | undefined;

function betterSqlite(): typeof Database {
  sqlite ??= requireOptional<typeof Database>("better-sqlite3", "The usage ledger");
  return sqlite;
}

export interface OpenLedgerOptions {
  /** Create the file (and its directory) when missing. Default false: a missing file is an error. */
  create?: boolean;
}

export interface RecordFilter {
  /** ISO time, inclusive. */
  since?: string;
  /** ISO time, exclusive. */
  until?: string;
}

export interface UsageLedger {
  readonly path: string;
  append(record: UsageRecord): void;
  /** Oldest first. */
  records(filter?: RecordFilter): UsageRecord[];
  close(): void;
}

interface Row {
  time: string;
  conversation: string;
  call: number;
  provider: string;
  model: string;
  agent: string | null;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  tools_tokens: number;
  tool_count: number;
  tools_hash: string;
  servers: string;
}

/**
 * Opens the usage ledger at `path` (a SQLite file; `create: true` makes it), to record and query each model
 * call's usage and cost. Safe to share between processes.
 */
export function openLedger(path: string, options: OpenLedgerOptions = {}): UsageLedger {
  const create = options.create === true;
  if (!create && !existsSync(path)) {
    throw new LedgerError(path, "missing", `No usage ledger at ${path}: nothing has been recorded there yet`);
  }
  let db: Database.Database;
  try {
    if (create) mkdirSync(dirname(path), { recursive: true });
    const Sqlite = betterSqlite();
    db = new Sqlite(path, { fileMustExist: !create });
  } catch (error) {
    throw asLedgerError(error, path);
  }
  try {
    db.pragma(`busy_timeout = ${LEDGER_BUSY_TIMEOUT_MS}`);
    prepare(db, path, create);
  } catch (error) {
    db.close();
    throw asLedgerError(error, path);
  }
  return ledgerOn(db, path);
}

/** Checks the file is ours and current; creates the schema in a new file. */
function prepare(db: Database.Database, path: string, create: boolean): void {
  // Reading the header is what fails on a file that is not a database.
  const version = db.pragma("user_version", { simple: true }) as number;
  const appId = db.pragma("application_id", { simple: true }) as number;
  checkVersion(path, version, appId, tablesOf(db));
  if (db.pragma("journal_mode", { simple: true }) !== "wal") db.pragma("journal_mode = WAL");
  // With WAL, NORMAL never corrupts the file and survives a crashed process; it syncs at checkpoints, not per row.
  db.pragma("synchronous = NORMAL");
  if (version === LEDGER_SCHEMA_VERSION || !create) return;
  // Two processes may create the same new file at once: the second waits here, then finds the schema.
  db.transaction(() => {
    const now = db.pragma("user_version", { simple: true }) as number;
    checkVersion(path, now, db.pragma("application_id", { simple: true }) as number, tablesOf(db));
    if (now === LEDGER_SCHEMA_VERSION) return;
    db.exec(SCHEMA_V1);
    db.pragma(`application_id = ${LEDGER_APPLICATION_ID}`);
    db.pragma(`user_version = ${LEDGER_SCHEMA_VERSION}`);
  }).immediate();
}

function checkVersion(path: string, version: number, appId: number, tables: readonly string[]): void {
  if (version === 0 && appId === 0 && tables.length === 0) return; // a new, empty file
  if (appId !== LEDGER_APPLICATION_ID || !tables.includes("calls")) {
    throw new LedgerError(
      path,
      "foreign",
      `${path} is an SQLite database but not a switchboard usage ledger; point the ledger elsewhere ("ledger": { "path": ... } in the config, or SWITCHBOARD_LEDGER)`,
    );
  }
  if (version > LEDGER_SCHEMA_VERSION) {
    throw new LedgerError(
      path,
      "newer",
      `The usage ledger ${path} was written by a newer switchboard (schema ${version}; this one reads ${LEDGER_SCHEMA_VERSION}); upgrade switchboard to read it`,
    );
  }
}

function tablesOf(db: Database.Database): string[] {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  return rows.map((row) => row.name);
}

function ledgerOn(db: Database.Database, path: string): UsageLedger {
  const ready = () => tablesOf(db).includes("calls");
  let insert: Database.Statement | undefined;
  return {
    path,
    append(record) {
      try {
        insert ??= db.prepare(
          `INSERT INTO calls (time, conversation, call, provider, model, agent, input_tokens, output_tokens,
             cache_read_tokens, cache_write_tokens, tools_tokens, tool_count, tools_hash, servers)
           VALUES (@time, @conversation, @call, @provider, @model, @agent, @inputTokens, @outputTokens,
             @cacheReadTokens, @cacheWriteTokens, @toolsTokens, @toolCount, @toolsHash, @servers)`,
        );
        insert.run({
          ...record,
          agent: record.agent ?? null,
          servers: JSON.stringify(record.servers),
        });
      } catch (error) {
        throw asLedgerError(error, path);
      }
    },
    records(filter = {}) {
      try {
        if (!ready()) return [];
        const rows = db
          .prepare(
            `SELECT * FROM calls WHERE (@since IS NULL OR time >= @since) AND (@until IS NULL OR time < @until)
             ORDER BY time, id`,
          )
          .all({ since: filter.since ?? null, until: filter.until ?? null }) as Row[];
        return rows.map(fromRow);
      } catch (error) {
        throw asLedgerError(error, path);
      }
    },
    close() {
      if (db.open) db.close();
    },
  };
}

function fromRow(row: Row): UsageRecord {
  return {
    time: row.time,
    conversation: row.conversation,
    call: row.call,
    provider: row.provider,
    model: row.model,
    ...(row.agent === null ? {} : { agent: row.agent }),
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    cacheReadTokens: row.cache_read_tokens,
    cacheWriteTokens: row.cache_write_tokens,
    toolsTokens: row.tools_tokens,
    toolCount: row.tool_count,
    toolsHash: row.tools_hash,
    servers: parseServers(row.servers),
  };
}

function parseServers(text: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    const out: Record<string, number> = {};
    for (const [server, count] of Object.entries(value)) if (typeof count === "number") out[server] = count;
    return out;
  } catch {
    return {};
  }
}

function asLedgerError(error: unknown, path: string): Error {
  if (error instanceof LedgerError) return error;
  // better-sqlite3 not installed: say so as it is (the ledger is optional; see optional-dependency.ts).
  if (isSwitchboardError(error) && error.code === "MISSING_DEPENDENCY") return error;
  const code = (error as { code?: unknown }).code;
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") {
    return new LedgerError(
      path,
      "corrupt",
      `The usage ledger ${path} is damaged or not a database (${reason(error)}); move it aside and switchboard starts a new one`,
      { cause: error },
    );
  }
  if (code === "SQLITE_BUSY") {
    return new LedgerError(
      path,
      "busy",
      `The usage ledger ${path} stayed locked by another process for ${LEDGER_BUSY_TIMEOUT_MS / 1000} s`,
      { cause: error },
    );
  }
  return new LedgerError(path, "unreadable", `Cannot use the usage ledger ${path}: ${reason(error)}`, {
    cause: error,
  });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
