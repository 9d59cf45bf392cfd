/**
 * CLI start-up: time from spawn to the first output of `switchboard --version` and `--help`, and of
 * `switchboard inspect --config examples/demo.json` to its first progress line (drawn only on a terminal, so that
 * row runs under `script` for a pseudo-terminal). The baseline in the same process is a bare `node` start, so
 * `over_node_ms` is what switchboard itself adds. Runs the built CLI (bin/ → dist/): `npm run build` first.
 */
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BenchContext, median } from "./run.js";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = join(root, "bin", "switchboard.js");

/** Milliseconds from spawn to the first byte on stdout or stderr (the run is left to finish). */
function firstOutput(command: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first: number | undefined;
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const seen = () => {
      first ??= performance.now() - start;
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.on("error", reject);
    child.on("close", () =>
      first === undefined ? reject(new Error(`${command}: no output`)) : resolve(first),
    );
  });
}

async function sample(rounds: number, command: string, args: readonly string[]): Promise<number[]> {
  await firstOutput(command, args); // warm the file cache
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) samples.push(await firstOutput(command, args));
  return samples;
}

export default async function startupBench(context: BenchContext): Promise<void> {
  const main = join(root, "dist", "cli", "main.js");
  if (!existsSync(main)) throw new Error("dist/ is missing: run `npm run build` first");
  if (statSync(main).mtimeMs < statSync(join(root, "src", "cli", "main.ts")).mtimeMs) {
    context.log("dist/cli/main.js is older than src/cli/main.ts: run `npm run build` for current numbers");
  }
  const node = median(await sample(15, process.execPath, ["-e", "console.log()"]));
  const rows: [string, string, readonly string[], number][] = [
    ["--version", process.execPath, [bin, "--version"], 15],
    ["--help", process.execPath, [bin, "--help"], 15],
  ];
  if (existsSync("/usr/bin/script")) {
    // A pseudo-terminal, so inspect draws its progress line; `-e` keeps the exit code, `-q` the banner out.
    const inspect = `${JSON.stringify(process.execPath)} bin/switchboard.js inspect --config examples/demo.json`;
    rows.push(["inspect demo: first progress line", "/usr/bin/script", ["-qec", inspect, "/dev/null"], 7]);
  } else {
    context.log("no /usr/bin/script: skipping the inspect row (it needs a terminal)");
  }
  context.report({ name: "node alone (baseline)", values: { median_ms: Number(node.toFixed(0)) } });
  for (const [name, command, args, rounds] of rows) {
    const samples = await sample(rounds, command, args);
    const value = median(samples);
    context.report({
      name: `startup ${name}`,
      values: {
        median_ms: Number(value.toFixed(0)),
        min_ms: Number(Math.min(...samples).toFixed(0)),
        over_node_ms: Number((value - node).toFixed(0)),
        rounds,
      },
    });
  }
}
