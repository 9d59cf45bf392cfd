#!/usr/bin/env node
/**
 * Bundles tsc's output (dist/) into dist/bundle/, the files package.json's `exports` and `bin` point at. Node
 * spends most of `import "switchboard"` compiling and linking ~280 small ES modules, not reading them; one graph
 * of a few dozen chunks imports about twice as fast (bench/import.bench.ts, bench:peers's import row). npm packages
 * stay external, and every `import()` stays a chunk of its own, so what loads lazily in dist/ loads lazily here.
 *
 * Entries are read from package.json, so a new export cannot miss the bundle: each `exports` entry's `types`
 * (./dist/X.d.ts) names the module (dist/X.js) whose bundle its `default` must be (./dist/bundle/X.js), and the
 * CLI (dist/cli/main.js) is bundled for bin/. Run after `tsc -p tsconfig.build.json` (`npm run build` does both).
 */
import { readFileSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

const entries = ["dist/cli/main.js"];
for (const [subpath, target] of Object.entries(manifest.exports)) {
  const module = /^\.\/(dist\/.+)\.d\.ts$/.exec(target.types)?.[1];
  if (module === undefined) throw new Error(`package.json exports["${subpath}"].types is not ./dist/*.d.ts`);
  const bundled = `./${module.replace(/^dist\//, "dist/bundle/")}.js`;
  if (target.default !== bundled)
    throw new Error(
      `package.json exports["${subpath}"].default is ${target.default}; the bundle is ${bundled}`,
    );
  entries.push(`${module}.js`);
}

// Chunk names carry content hashes: last build's chunks would linger beside the new ones.
rmSync(join(root, "dist/bundle"), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: entries,
  outbase: "dist",
  outdir: "dist/bundle",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  // Class and function names stay as written: error names and stack traces read the same as from dist/.
  keepNames: true,
  metafile: true,
  logLevel: "warning",
});
const outputs = Object.keys(result.metafile.outputs);
const inputs = Object.keys(result.metafile.inputs).filter((path) => path.startsWith("dist/"));
console.log(
  `bundled ${inputs.length} modules of dist/ into ${outputs.length} files under ${relative(root, join(root, "dist/bundle"))}/`,
);
