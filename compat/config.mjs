/**
 * The compatibility suite's config files: temp folders the servers run on, and one `mcpServers` entry per real
 * npm server (its bin in this folder's node_modules, run on the current Node). Shared by `run.mjs` and the peer
 * benchmark's `inspect` row (`bench/peers/inspect-compat.mjs`), so both connect exactly the same servers.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");

/** Per-server `connectTimeoutMs` in the config: a first start of some servers is slow on two busy cores. */
export const CONNECT_TIMEOUT_MS = 90_000;
/** Per-server `timeoutMs` (one request) in the config. */
export const CALL_TIMEOUT_MS = 30_000;

/** Where the servers are installed; also how a leftover server process is recognised. */
export const SERVERS_DIR = join(here, "node_modules");

/**
 * Makes the run's temp folders (`Dirs` in servers.mjs): a files folder with one file, a memory file path, a
 * SQLite database seeded with one table (made with the root's own better-sqlite3), and a temp HOME.
 */
export function makeDirs() {
  const base = mkdtempSync(join(tmpdir(), "switchboard-compat-"));
  const made = {
    root: base,
    files: join(base, "files"),
    memory: join(base, "memory.jsonl"),
    sqlite: join(base, "probe.db"),
    home: join(base, "home"),
  };
  mkdirSync(made.files);
  mkdirSync(made.home);
  writeFileSync(join(made.files, "hello.txt"), "hello\n");
  // A table for the sqlite server to list; made with the root's own better-sqlite3.
  const Database = createRequire(join(root, "package.json"))("better-sqlite3");
  const db = new Database(made.sqlite);
  db.exec("CREATE TABLE compat_probe (id INTEGER PRIMARY KEY, note TEXT)");
  db.close();
  return made;
}

/** One server's installed version and its config entry (command, args, env, cwd and timeouts) on `dirs`. */
export function serverEntry(server, dirs) {
  const pkgDir = join(SERVERS_DIR, ...server.package.split("/"));
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  // The bin named like the package (desktop-commander also ships setup/remove bins), else its only one.
  const bins = typeof pkg.bin === "string" ? { [server.package.split("/").pop()]: pkg.bin } : pkg.bin;
  const bin = bins[server.package.split("/").pop()] ?? Object.values(bins)[0];
  return {
    version: pkg.version,
    config: {
      command: process.execPath,
      args: [join(pkgDir, bin), ...(server.args?.(dirs) ?? [])],
      env: server.env?.(dirs) ?? {},
      cwd: dirs.root,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      timeoutMs: CALL_TIMEOUT_MS,
    },
  };
}

/** Writes `{ mcpServers }` for `list` (in that order) to `file` in `dirs.root`; returns its path. */
export function writeConfig(dirs, file, list) {
  const mcpServers = {};
  for (const server of list) mcpServers[server.name] = serverEntry(server, dirs).config;
  const path = join(dirs.root, file);
  // The files folder is the one root offered: a server that takes its scope from the client's roots (filesystem
  // does, over its command-line directories) keeps the folder it was started with.
  writeFileSync(path, `${JSON.stringify({ mcpServers, roots: [dirs.files] }, null, 2)}\n`);
  return path;
}

/**
 * Kills (SIGKILL, by pid) every process still running a server of compat/node_modules or on this run's folder,
 * and returns a line per process found: after a client has closed there must be none.
 */
export function killLeftovers(dirs) {
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (cmdline.includes(SERVERS_DIR) || cmdline.includes(dirs.root)) {
      found.push(`${name} ${cmdline.replaceAll("\0", " ").slice(0, 120)}`);
      try {
        process.kill(Number(name), "SIGKILL");
      } catch {}
    }
  }
  return found;
}
