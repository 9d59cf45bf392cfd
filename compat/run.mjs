#!/usr/bin/env node
/**
 * Compatibility suite: real MCP servers from npm (pinned in this folder's package.json), connected through
 * switchboard's public paths: the CLI (`inspect --json`, `tools --json`) on a config file, and the library
 * (`loadConfig`, `connectHost`, `buildToolset`, `answerResponse`) on the same file. Per server it checks:
 *
 * - ready: connected, both through the CLI and the library;
 * - tools: at least one, and the CLI and the library count the same;
 * - targets: for all eight targets, the server's tools array passes the project's strict validator
 *   (`validateTargetTools`) and no tool is quarantined;
 * - stable: with the servers listed in reverse order in a second config file, the server's share of every
 *   target's array is byte-identical; the whole arrays are equal across orders, and the CLI's `tools --json`
 *   bytes equal the library's (anthropic in one order, gemini in the other; all of them with --all-cli-targets);
 * - call: a harmless tool call answered through `answerResponse` where the server has one that needs no network.
 *
 * A failing check fails the server unless `expected-failures.json` lists (server, check) with a reason; a listed
 * entry that passes is STALE and fails the run, so the list only shrinks. Prints a table and `N passed, N failed`.
 *
 *   npm run test:compat            (from the repository root: builds, installs this folder on first use)
 *   node compat/run.mjs [--only a,b] [--markdown] [--all-cli-targets]
 *
 * Servers start with no network and connect to nothing at start; tool calls that need the network are not made.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CALL_TIMEOUT_MS,
  killLeftovers as killLeftoversIn,
  makeDirs,
  serverEntry,
  writeConfig,
} from "./config.mjs";
import { SERVERS } from "./servers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const cli = join(root, "bin", "switchboard.js");
const CLI_TIMEOUT_MS = 180_000;
const WATCHDOG_MS = 12 * 60_000;
/**
 * (target, config order) pairs whose `tools --json` bytes are also taken from the CLI, one invocation each: two
 * wires and both orders (the library's arrays are compared across orders for every target).
 */
const CLI_RUNS = [
  ["anthropic", "a"],
  ["gemini", "b"],
];
const CHECKS = ["ready", "tools", "targets", "stable", "call"];

const options = parseArgs(process.argv.slice(2));
ensureInstalled();
const lib = await import(join(root, "dist", "index.js"));
const TARGET_IDS = Object.keys(lib.TARGETS);
options.cliRuns ??= TARGET_IDS.flatMap((target) => [
  [target, "a"],
  [target, "b"],
]);
const servers = SERVERS.filter((server) => options.only === undefined || options.only.includes(server.name));
const unknown = (options.only ?? []).filter((name) => !SERVERS.some((server) => server.name === name));
if (unknown.length > 0) throw new Error(`compat: no server named ${unknown.join(", ")} in servers.mjs`);
const expected = loadExpectedFailures();
const dirs = makeDirs();
const killLeftovers = () => killLeftoversIn(dirs);
const started = Date.now();
// Started after the install (a first `npm ci` compiles sqlite3 and may take longer than the run itself).
const watchdog = setTimeout(() => {
  console.error(`compat: gave up after ${WATCHDOG_MS / 60_000} min`);
  killLeftovers();
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();
/** [phase, ms] in the order run. */
const phases = [];
/** Server processes found alive right after the library's `host.close()` resolved. */
const survivors = [];
try {
  const configA = writeConfig(dirs, "a.json", servers);
  const configB = writeConfig(dirs, "b.json", [...servers].reverse());
  const results = new Map(servers.map((server) => [server.name, newResult(server)]));
  results.info = [];

  // The library first: one connection per order, every target built from each.
  const runA = await timed("library, config order", () => libraryRun(configA, { calls: true }));
  const runB = await timed("library, reversed order", () => libraryRun(configB, { calls: false }));
  // The CLI second: inspect once, and the exact bytes of some targets in both orders, which must equal the
  // library's. Sequential: each invocation starts every server, and the machine has two cores.
  const inspect = await timed("cli inspect --json", () => runCli(["inspect", "--json", "--config", configA]));
  const cliBytes = { a: {}, b: {} };
  for (const [target, order] of options.cliRuns) {
    const args = ["tools", "--json", "--provider", target, "--config", order === "a" ? configA : configB];
    cliBytes[order][target] = await timed(`cli tools --json ${target} (${order})`, () => runCli(args));
  }

  judge(results, { runA, runB, inspect, cliBytes });
  const leftovers = [...survivors, ...killLeftovers()];
  report(results, leftovers);
} finally {
  // After a throw too: no server outlives the run (normally none is left here, and this finds nothing).
  killLeftovers();
  rmSync(dirs.root, { recursive: true, force: true });
}

async function timed(phase, run) {
  const start = Date.now();
  try {
    return await run();
  } finally {
    phases.push([phase, Date.now() - start]);
  }
}

function parseArgs(argv) {
  const parsed = { only: undefined, markdown: false, cliRuns: CLI_RUNS };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--only") parsed.only = (argv[++i] ?? "").split(",");
    else if (arg.startsWith("--only=")) parsed.only = arg.slice(7).split(",");
    else if (arg === "--markdown") parsed.markdown = true;
    else if (arg === "--all-cli-targets") parsed.cliRuns = undefined;
    else throw new Error(`unknown argument ${arg} (use --only a,b, --markdown, --all-cli-targets)`);
  }
  return parsed;
}

/** Installs this folder from its lockfile on first use; no browser download (puppeteer starts without one). */
function ensureInstalled() {
  if (!existsSync(join(root, "dist", "index.js"))) {
    throw new Error("compat: build switchboard first (npm run build)");
  }
  if (existsSync(join(here, "node_modules"))) return;
  console.error("compat: installing the pinned servers (npm ci in compat/, first run only)");
  const done = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
    cwd: here,
    stdio: "inherit",
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: "1" },
  });
  if (done.status !== 0) throw new Error(`compat: npm ci failed (exit ${done.status})`);
}

function loadExpectedFailures() {
  const list = JSON.parse(readFileSync(join(here, "expected-failures.json"), "utf8"));
  for (const entry of list) {
    if (!CHECKS.includes(entry.check) || typeof entry.server !== "string" || !entry.reason) {
      throw new Error(`compat: expected-failures.json entry needs server, check (${CHECKS}) and reason`);
    }
  }
  return list;
}

function newResult(server) {
  const result = {
    server: server.name,
    package: server.package,
    version: serverEntry(server, dirs).version,
    checks: {},
  };
  for (const check of CHECKS) result.checks[check] = { ok: true, detail: "" };
  return result;
}

/** Connects every server of one config file with the library and builds every target's toolset. */
async function libraryRun(configFile, { calls }) {
  const config = await lib.loadConfig(configFile);
  // What the CLI's `inspect` and `tools` declare (src/cli/listing-features.ts), with the CLI's working directory:
  // a server that lists tools by client capability (everything's roots and elicitation tools) lists the same.
  const roots = new lib.RootsRegistry(config.roots, dirs.root);
  const features = {
    sampling: async () => ({ rejected: "compat only lists tools; it does not sample" }),
    elicitation: { url: true, handle: async () => ({ action: "decline" }) },
    roots: () => roots.list(),
  };
  const host = await lib.connectHost(config, { oauth: false, features });
  const pids = host.pool.connections.map((connection) => connection.pid).filter((pid) => pid !== undefined);
  try {
    await host.catalog.settled();
    const snapshot = host.catalog.snapshot();
    const tools = snapshot?.tools ?? [];
    const statuses = Object.fromEntries(host.servers.map((status) => [status.name, status]));
    const toolsets = {};
    for (const target of TARGET_IDS) toolsets[target] = lib.buildToolset(tools, target);
    const perServer = {};
    for (const server of servers) {
      const own = tools.filter((item) => item.server === server.name);
      const targets = {};
      for (const target of TARGET_IDS) {
        const whole = toolsets[target];
        const entries = whole.entries.filter((entry) => entry.server === server.name);
        const alone = lib.buildToolset(own, target);
        targets[target] = {
          bytes: entries.map((entry) => `${entry.name ?? ""}\n${entry.json ?? entry.reason}`).join("\n"),
          quarantined: entries.filter((entry) => entry.status === "quarantined").map((entry) => entry.tool),
          errors: lib.validateTargetTools(lib.TARGETS[target], alone.tools),
        };
      }
      perServer[server.name] = {
        state: statuses[server.name]?.state,
        reason: statuses[server.name]?.reason,
        tools: own.length,
        targets,
      };
    }
    const whole = {};
    for (const target of TARGET_IDS) {
      // Twenty servers together exceed OpenAI's 128-tool limit: that is the config's doing, and switchboard must
      // say so (a too-many-tools warning); any other error of the whole array is a defect.
      const warned = toolsets[target].warnings.filter((warning) => warning.code === "too-many-tools");
      const errors = lib.validateTargetTools(lib.TARGETS[target], toolsets[target].tools);
      whole[target] = {
        json: toolsets[target].json,
        errors: warned.length > 0 ? errors.filter((error) => !/array too long/.test(error.message)) : errors,
        info: warned.map((warning) => warning.message),
      };
    }
    const callResults = calls ? await makeCalls(host, toolsets.anthropic) : {};
    return { perServer, whole, callResults, notes: [] };
  } finally {
    await host.close();
    // close() resolves when every child has exited: a pid still alive here breaks that promise.
    for (const pid of pids) {
      if (isAlive(pid)) survivors.push(`${pid} (still running after host.close() for ${configFile})`);
    }
  }
}

/** One harmless call per server that has one, the way a model's answer would make it (Anthropic tool_use). */
async function makeCalls(host, toolset) {
  const outcome = {};
  await Promise.all(
    servers
      .filter((server) => server.call !== undefined)
      .map(async (server) => {
        const entry = toolset.entries.find(
          (item) => item.server === server.name && item.tool === server.call.tool && item.name !== undefined,
        );
        if (entry === undefined) {
          outcome[server.name] = { ok: false, detail: `no emitted tool for ${server.call.tool}` };
          return;
        }
        const response = {
          role: "assistant",
          stop_reason: "tool_use",
          content: [
            {
              type: "tool_use",
              id: `toolu_compat_${server.name}`,
              name: entry.name,
              input: server.call.args,
            },
          ],
        };
        try {
          const answer = await withTimeout(
            lib.answerResponse("anthropic", response, { toolset, host }),
            CALL_TIMEOUT_MS + 5_000,
            `${server.call.tool} did not answer`,
          );
          const block = answer.append[0]?.content?.[0];
          const text = JSON.stringify(block?.content ?? "");
          const want = server.call.expect(dirs);
          const ok = block?.is_error !== true && text.includes(JSON.stringify(want).slice(1, -1));
          outcome[server.name] = {
            ok,
            detail: ok ? server.call.tool : `${server.call.tool}: ${text.slice(0, 300)}`,
          };
        } catch (error) {
          outcome[server.name] = { ok: false, detail: `${server.call.tool}: ${error.message}` };
        }
      }),
  );
  return outcome;
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Runs the CLI in its own process group (killed whole on timeout); resolves with stdout, stderr and exit. */
function runCli(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: dirs.root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      stderr += `\ncompat: killed after ${CLI_TIMEOUT_MS} ms`;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, CLI_TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, stdout, stderr });
    });
  });
}

function fail(result, check, detail) {
  const slot = result.checks[check];
  slot.ok = false;
  slot.detail = slot.detail === "" ? detail : `${slot.detail}; ${detail}`;
}

function judge(results, { runA, runB, inspect, cliBytes }) {
  let report;
  try {
    report = JSON.parse(inspect.stdout);
  } catch {
    report = { servers: [] };
    for (const result of results.values()) {
      fail(
        result,
        "ready",
        `inspect --json printed no JSON (exit ${inspect.code}): ${inspect.stderr.slice(-300)}`,
      );
    }
  }
  const inspected = Object.fromEntries(report.servers.map((row) => [row.name, row]));
  for (const result of results.values()) {
    const a = runA.perServer[result.server];
    const b = runB.perServer[result.server];
    const row = inspected[result.server];
    // ready
    if (a.state !== "ready") fail(result, "ready", `library: ${a.state} (${a.reason ?? "no reason"})`);
    if (b.state !== "ready") fail(result, "ready", `library, reversed order: ${b.state} (${b.reason ?? ""})`);
    if (row === undefined) fail(result, "ready", "missing from inspect --json");
    else if (row.status !== "ready") {
      fail(result, "ready", `inspect: ${row.status} (${row.reason ?? ""}) ${row.stderrTail ?? ""}`.trim());
    }
    // tools
    result.tools = a.tools;
    if (a.tools === 0) fail(result, "tools", "no tools listed");
    if (row !== undefined && row.tools !== a.tools)
      fail(result, "tools", `inspect ${row.tools}, library ${a.tools}`);
    if (b.tools !== a.tools) fail(result, "tools", `reversed order lists ${b.tools}, not ${a.tools}`);
    // targets
    let valid = 0;
    for (const target of TARGET_IDS) {
      const { errors, quarantined } = a.targets[target];
      if (errors.length === 0 && quarantined.length === 0) valid += 1;
      if (errors.length > 0) fail(result, "targets", `${target}: ${errors[0].message}`);
      if (quarantined.length > 0) fail(result, "targets", `${target}: quarantined ${quarantined.join(", ")}`);
    }
    result.valid = `${valid}/${TARGET_IDS.length}`;
    // stable
    let stable = 0;
    for (const target of TARGET_IDS) {
      if (a.targets[target].bytes === b.targets[target].bytes) stable += 1;
      else fail(result, "stable", `${target}: bytes differ between orders`);
    }
    result.stable = `${stable}/${TARGET_IDS.length}`;
    // call
    const server = servers.find((item) => item.name === result.server);
    if (server.call === undefined) result.call = "—";
    else {
      const call = runA.callResults[result.server];
      result.call = call?.ok ? server.call.tool : `${server.call.tool} (failed)`;
      if (!call?.ok) fail(result, "call", call?.detail ?? "no call made");
    }
  }
  // The whole arrays: valid, equal across orders, and equal to the CLI's bytes.
  for (const target of TARGET_IDS) {
    const whole = runA.whole[target];
    if (whole.errors.length > 0) runA.notes.push(`${target} whole array: ${whole.errors[0].message}`);
    for (const message of whole.info) results.info.push(`${target} whole array: ${message}`);
    if (whole.json !== runB.whole[target].json)
      runA.notes.push(`${target}: whole arrays differ between orders`);
    for (const order of ["a", "b"]) {
      const printed = cliBytes[order][target];
      if (printed === undefined) continue;
      const lib = order === "a" ? whole.json : runB.whole[target].json;
      if (printed.stdout.trimEnd() !== lib) {
        runA.notes.push(
          `${target}: CLI tools --json (config ${order}, exit ${printed.code}) differs from the library's bytes`,
        );
      }
    }
  }
  results.wholeNotes = runA.notes;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function report(results, leftovers) {
  const rows = [...results.values()];
  const stale = [];
  let passed = 0;
  let failed = 0;
  const unexpected = [];
  for (const result of rows) {
    const failing = CHECKS.filter((check) => !result.checks[check].ok);
    const listed = expected.filter((entry) => entry.server === result.server);
    for (const entry of listed) {
      if (result.checks[entry.check].ok) stale.push(`${entry.server}/${entry.check}`);
    }
    const surprising = failing.filter((check) => !listed.some((entry) => entry.check === check));
    result.verdict = failing.length === 0 ? "pass" : surprising.length === 0 ? "expected fail" : "FAIL";
    if (failing.length === 0) passed += 1;
    else failed += 1;
    for (const check of surprising)
      unexpected.push(`${result.server}/${check}: ${result.checks[check].detail}`);
  }
  const header = ["server", "version", "tools", "targets valid", "stable bytes", "call checked", "result"];
  // The npm package names the server (failure lines below use its config key).
  const table = rows.map((r) => [
    r.package,
    r.version,
    String(r.tools ?? 0),
    r.valid,
    r.stable,
    r.call,
    r.verdict,
  ]);
  console.log(options.markdown ? markdown(header, table) : plain(header, table));
  console.log("");
  for (const result of rows) {
    for (const check of CHECKS) {
      if (result.checks[check].ok) continue;
      const listed = expected.find((entry) => entry.server === result.server && entry.check === check);
      const why = listed === undefined ? "" : ` (expected: ${listed.reason})`;
      console.log(`${result.server}/${check}: ${result.checks[check].detail}${why}`);
    }
  }
  for (const note of results.wholeNotes) console.log(`all servers: ${note}`);
  for (const line of results.info) console.log(`note (not a failure): ${line}`);
  for (const [phase, ms] of phases) console.log(`time: ${phase} ${(ms / 1000).toFixed(1)} s`);
  for (const entry of stale) console.log(`STALE expected failure (now passes, remove it): ${entry}`);
  for (const line of leftovers) console.log(`left running after close (killed): ${line}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`compat: ${rows.length} servers in ${seconds} s on Node ${process.versions.node}`);
  console.log(`${passed} passed, ${failed} failed`);
  const bad =
    unexpected.length > 0 || stale.length > 0 || leftovers.length > 0 || results.wholeNotes.length > 0;
  process.exitCode = bad ? 1 : 0;
}

function plain(header, table) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...table.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => cell.padEnd(widths[i])).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...table.map(line)].join("\n");
}

function markdown(header, table) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...table.map((row) => row[i].length)));
  const numeric = new Set([2, 3, 4]);
  const line = (row) =>
    `| ${row.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (numeric.has(i) ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(header), rule, ...table.map(line)].join("\n");
}
