#!/usr/bin/env node
/**
 * Issue 22's row "`inspect` over the compatibility suite's real npm servers": switchboard's CLI `inspect` (the
 * built `bin/switchboard.js`, as the README documents it) against the same connections and listings written on
 * the official SDK v1 (`inspect/sdk-v1-inspect.mjs`), on one config file of the suite's servers (compat/config.mjs).
 * Both sides run on the system Node (the project's runtime; the servers too). Rounds interleave the two sides,
 * in alternating order; each side is a fresh process timed from spawn to exit (wall ms) and reports its own peak
 * RSS through the `inspect/maxrss-preload.mjs` preload (the servers' memory is not counted).
 *
 * Before the timed rounds, one untimed warm-up of each side (`inspect --json`, and the v1 script) fills the
 * disk cache and compares what the two saw per server (status and counts); differences are printed.
 *
 *   npm run bench:inspect                          (from the root: builds first)
 *   node bench/peers/inspect-compat.mjs [--rounds N] [--only a,b] [--result]
 *
 * Needs compat/node_modules (`cd compat && PUPPETEER_SKIP_DOWNLOAD=1 npm ci`); without it, prints how to install
 * and a "skipped" line, and exits 0. Raw data: bench/peers/results/inspect-<date>.json.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const compat = join(root, "compat");
const preload = join(here, "inspect", "maxrss-preload.mjs");
const RUN_TIMEOUT_MS = 240_000;
const RSS_ENV = "SWITCHBOARD_BENCH_MAXRSS_FILE";

const options = parseArgs(process.argv.slice(2));
if (!existsSync(join(root, "dist", "cli", "main.js"))) {
  throw new Error("inspect-compat: build switchboard first (npm run build)");
}
if (!existsSync(join(compat, "node_modules"))) {
  console.log("inspect-compat: compat/node_modules is missing; install the servers with");
  console.log("  cd compat && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund");
  console.log("inspect-compat: skipped (no compat servers installed)");
  process.exit(0);
}
if (!existsSync(join(here, "node_modules", "@modelcontextprotocol", "sdk"))) {
  throw new Error("inspect-compat: install bench/peers first (npm ci in bench/peers)");
}

const { killLeftovers: killLeftoversIn, makeDirs, writeConfig } = await import(join(compat, "config.mjs"));
const { SERVERS } = await import(join(compat, "servers.mjs"));
const servers = SERVERS.filter((server) => options.only === undefined || options.only.includes(server.name));
if (servers.length === 0) throw new Error(`inspect-compat: no server named ${options.only} in servers.mjs`);
const dirs = makeDirs();
const killLeftovers = () => killLeftoversIn(dirs);
const config = writeConfig(dirs, "inspect.json", servers);

/** Each side: the argv after `node --import preload`. */
const sides = {
  switchboard: (json) => [
    join(root, "bin", "switchboard.js"),
    "inspect",
    ...(json ? ["--json"] : []),
    "--config",
    config,
  ],
  "sdk-v1": () => [join(here, "inspect", "sdk-v1-inspect.mjs"), config],
};
const names = Object.keys(sides);
const loadBefore = loadavg();
const rounds = [];
const leftovers = [];
try {
  const seen = {};
  for (const name of names) seen[name] = await runOnce(name, true);
  const differences = compareSides(seen.switchboard, seen["sdk-v1"]);
  for (let round = 0; round < options.rounds; round += 1) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    const results = {};
    for (const name of order) results[name] = await runOnce(name, false);
    rounds.push({ order, load: loadavg(), results });
  }
  report(seen, differences);
} finally {
  leftovers.push(...killLeftovers());
  rmSync(dirs.root, { recursive: true, force: true });
}

function parseArgs(argv) {
  const parsed = { rounds: 3, only: undefined, result: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--rounds") parsed.rounds = Number(argv[++i]);
    else if (arg === "--only") parsed.only = (argv[++i] ?? "").split(",");
    else if (arg === "--result") parsed.result = true;
    else throw new Error(`unknown argument ${arg} (use --rounds N, --only a,b, --result)`);
  }
  if (!Number.isInteger(parsed.rounds) || parsed.rounds < 1)
    throw new Error("--rounds takes a positive integer");
  return parsed;
}

/**
 * One fresh process of one side, in its own process group (killed whole on timeout): wall ms from spawn to
 * exit, its own peak RSS, exit code, stdout; then any server it left running is recorded and killed.
 */
function runOnce(name, warmup) {
  const rssFile = join(dirs.root, `maxrss-${name}`);
  rmSync(rssFile, { force: true });
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", preload, ...sides[name](warmup)], {
      cwd: dirs.root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1", [RSS_ENV]: rssFile },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, RUN_TIMEOUT_MS);
    child.on("close", (code, signal) => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      const kib = existsSync(rssFile) ? Number(readFileSync(rssFile, "utf8")) : Number.NaN;
      for (const line of killLeftovers()) leftovers.push(`${name}${warmup ? " (warm-up)" : ""}: ${line}`);
      resolve({ ms, rssMB: kib / 1024, code: code ?? signal, stdout, stderr });
    });
  });
}

/** Per server, what each side saw: status and counts; the servers where they differ. */
function compareSides(switchboard, v1) {
  const read = (run, label) => {
    try {
      return Object.fromEntries(JSON.parse(run.stdout).servers.map((row) => [row.name, row]));
    } catch {
      throw new Error(
        `inspect-compat: ${label} printed no JSON (exit ${run.code}): ${run.stderr.slice(-500)}`,
      );
    }
  };
  const a = read(switchboard, "switchboard inspect --json");
  const b = read(v1, "sdk-v1-inspect");
  const keys = ["status", "tools", "resources", "resourceTemplates", "prompts"];
  const differences = [];
  for (const server of servers) {
    const x = a[server.name] ?? {};
    const y = b[server.name] ?? {};
    const differ = keys.filter((key) => x[key] !== y[key]);
    if (differ.length > 0) {
      const show = (row) => differ.map((key) => `${key}=${row[key]}`).join(" ");
      const why = [x.reason && `switchboard: ${x.reason}`, y.reason && `sdk-v1: ${y.reason}`].filter(Boolean);
      differences.push(
        `${server.name}: switchboard ${show(x)}; sdk-v1 ${show(y)}${why.length ? ` (${why.join("; ")})` : ""}`,
      );
    }
    for (const warning of y.warnings ?? []) differences.push(`${server.name}: sdk-v1 warning: ${warning}`);
  }
  const counts = (rows) => {
    const ready = Object.values(rows).filter((row) => row.status === "ready");
    const tools = ready.reduce((sum, row) => sum + row.tools, 0);
    return `${ready.length}/${servers.length} ready, ${tools} tools`;
  };
  differences.summary = { switchboard: counts(a), "sdk-v1": counts(b) };
  return differences;
}

function loadavg() {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function spread(values, digits) {
  const fmt = (value) => value.toFixed(digits);
  return `${fmt(median(values))} [${fmt(Math.min(...values))}–${fmt(Math.max(...values))}]`;
}

function report(seen, differences) {
  const pick = (name, key) => rounds.map((round) => round.results[name][key]);
  const ratio = (key) => rounds.map((round) => round.results.switchboard[key] / round.results["sdk-v1"][key]);
  const lines = [
    `inspect over the compat servers (${servers.length}), ${rounds.length} interleaved rounds, Node ${process.versions.node}`,
    "",
    "| side | wall ms, median [min–max] | peak RSS MB, median [min–max] | exit codes | saw |",
    "| --- | ---: | ---: | --- | --- |",
  ];
  for (const name of names) {
    lines.push(
      `| ${name === "switchboard" ? "switchboard inspect (CLI)" : "SDK v1 script"} | ${spread(pick(name, "ms"), 0)} | ${spread(pick(name, "rssMB"), 1)} | ${pick(name, "code").join(",")} | ${differences.summary[name]} |`,
    );
  }
  lines.push(
    `| ratio switchboard/v1 (per round) | ${spread(ratio("ms"), 2)} | ${spread(ratio("rssMB"), 2)} | | |`,
  );
  lines.push("");
  lines.push(
    `load average: before ${loadBefore}; after each round ${rounds.map((round) => round.load).join(" | ")}`,
  );
  lines.push(
    `warm-up (untimed): switchboard ${seen.switchboard.ms.toFixed(0)} ms, sdk-v1 ${seen["sdk-v1"].ms.toFixed(0)} ms`,
  );
  for (const line of differences) lines.push(`differs: ${line}`);
  for (const line of leftovers) lines.push(`left running after exit (killed): ${line}`);
  console.log(lines.join("\n"));
  // --result (bench/peers/run.mjs): one line with every round's numbers, for the peers table's inspect rows.
  if (options.result) {
    const perRound = rounds.map((round) => ({
      switchboard: { ms: round.results.switchboard.ms, rssMB: round.results.switchboard.rssMB },
      "sdk-v1": { ms: round.results["sdk-v1"].ms, rssMB: round.results["sdk-v1"].rssMB },
    }));
    const clean = differences.length === 0 && leftovers.length === 0;
    console.log(`INSPECT ${JSON.stringify({ servers: servers.length, clean, rounds: perRound })}`);
  }
  const outDir = join(here, "results");
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(":", "-");
  const strip = (run) => ({ ms: run.ms, rssMB: run.rssMB, code: run.code });
  writeFileSync(
    join(outDir, `inspect-${stamp}.json`),
    `${JSON.stringify(
      {
        node: process.versions.node,
        servers: servers.map((server) => server.name),
        loadBefore,
        differences,
        leftovers,
        rounds: rounds.map((round) => ({
          order: round.order,
          load: round.load,
          results: Object.fromEntries(names.map((name) => [name, strip(round.results[name])])),
        })),
      },
      null,
      2,
    )}\n`,
  );
}
