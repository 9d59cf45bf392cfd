#!/usr/bin/env node
/**
 * Installs the packed package the way a user would, in fresh projects beside chosen provider SDK versions, and
 * runs a conversation through the README's library path against the emulator (type-checked with `tsc --strict`
 * first, no casts). Cases: Anthropic only (the light install: no other SDK, no better-sqlite3; its size, package
 * count and time are measured before TypeScript joins), and every API with the oldest and the newest SDK majors
 * the peer ranges allow. Needs the npm registry; pins every version it installs.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..");
const toolchain = { typescript: "5.9.3", "@types/node": "20.19.43" };

const cases = [
  {
    name: "anthropic-only",
    sdks: { "@anthropic-ai/sdk": "1.15.0" },
    program: "anthropic-only.ts",
    absent: ["openai", "@google/genai", "better-sqlite3"],
  },
  {
    name: "oldest-majors",
    sdks: { "@anthropic-ai/sdk": "1.14.0", openai: "6.49.0", "@google/genai": "2.32.0" },
    program: "every-api.ts",
  },
  {
    name: "newest-majors",
    sdks: { "@anthropic-ai/sdk": "1.15.0", openai: "7.59.0", "@google/genai": "3.3.0" },
    program: "every-api.ts",
  },
];

const only = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), "switchboard-packaging-"));
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"] }).toString();
const npm = (args, cwd) => run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], cwd);

try {
  const tarball = join(
    work,
    run("npm", ["pack", "--silent", "--pack-destination", work], root).trim().split("\n").at(-1),
  );
  console.log(`packed ${tarball} (${kb(statSync(tarball).size)} kB)`);
  let failed = 0;
  for (const spec of cases.filter((c) => only.length === 0 || only.includes(c.name))) {
    const dir = join(work, spec.name);
    mkdirSync(dir);
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name: spec.name,
        private: true,
        type: "module",
        dependencies: { switchboard: `file:${tarball}`, ...spec.sdks },
      }),
    );
    const started = performance.now();
    npm(["install"], dir);
    const seconds = (performance.now() - started) / 1000;
    const packages = countPackages(join(dir, "node_modules"));
    const bytes = sizeOf(join(dir, "node_modules"));
    console.log(
      `${spec.name}: installed ${Object.entries(spec.sdks)
        .map(([n, v]) => `${n}@${v}`)
        .join(", ")}: ${packages} packages, ${(bytes / 1e6).toFixed(1)} MB, ${seconds.toFixed(1)} s`,
    );
    for (const name of spec.absent ?? []) {
      if (existsSync(join(dir, "node_modules", name))) {
        console.error(`${spec.name}: ${name} was installed, but it is an optional peer dependency`);
        failed++;
      }
    }
    npm(["install", ...Object.entries(toolchain).map(([n, v]) => `${n}@${v}`)], dir);
    for (const file of ["conversation.ts", "echo-server.mjs", spec.program])
      cpSync(join(here, "cases", file), join(dir, file));
    writeFileSync(join(dir, "tsconfig.json"), tsconfig(["conversation.ts", spec.program]));
    cpSync(join(here, "cases", "echo-server.mjs"), join(dir, "out", "echo-server.mjs"), { recursive: true });
    try {
      run(
        process.execPath,
        [join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
        dir,
      );
      process.stdout.write(run(process.execPath, [join("out", spec.program.replace(/\.ts$/, ".js"))], dir));
    } catch (error) {
      console.error(`${spec.name}: FAILED: ${error.stdout?.toString() ?? error.message}`);
      failed++;
    }
  }
  if (failed > 0) process.exitCode = 1;
  else console.log("packaging: every case passed");
} finally {
  rmSync(work, { recursive: true, force: true });
}

function tsconfig(files) {
  return JSON.stringify({
    compilerOptions: {
      target: "ES2023",
      lib: ["ES2023"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      skipLibCheck: true,
      types: ["node"],
      outDir: "out",
    },
    files,
  });
}

function countPackages(dir) {
  let count = 0;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(".")) continue;
    if (entry.startsWith("@")) count += readdirSync(join(dir, entry)).length;
    else count++;
  }
  return count;
}

function sizeOf(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined || stat.isSymbolicLink()) return 0;
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry));
  return total;
}

function kb(bytes) {
  return Math.round(bytes / 1024);
}
