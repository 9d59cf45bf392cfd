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
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";

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

/**
 * Every dependency and peer dependency stays external, and so do their subpaths, except the bundled ones (the
 * SDK packages and zod); what those import that is not one of ours (jose, pkce-challenge, eventsource) is bundled
 * with them, since npm may nest it where this package cannot resolve it.
 */
function external(pkg) {
  const bundled = new Set(["@modelcontextprotocol/client", "@modelcontextprotocol/server", "zod"]);
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
  return names.filter((name) => !bundled.has(name)).flatMap((name) => [name, `${name}/*`]);
}

/**
 * Two imports the SDK and zod make that a first connect paid for and never used: the SDK's `_shims` (its Node
 * shim is a second, bundled ajv, 308 KB run at import; dist/connect/sdk-node-shims.js gives the same exports with
 * our validator) and zod's `locales` namespace (45 translations, ~300 KB; nothing here reads `z.locales`, and
 * zod's default English messages import en.js directly, so only `en` is kept).
 */
const unusedAtRuntime = {
  name: "unused-at-runtime",
  setup(builder) {
    builder.onResolve({ filter: /^@modelcontextprotocol\/(client|server)\/_shims$/ }, () => ({
      path: join(root, "dist/connect/sdk-node-shims.js"),
    }));
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), "../locales/en.js"), namespace: "zod-locales" }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};\n`,
      resolveDir: dirname(args.path),
    }));
  },
};

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
  // npm packages stay external, except the MCP SDK and what it imports: zod and the SDK's ~150 small modules
  // are most of a first connect (Node 20: 90 ms to import them from node_modules, 47 ms as one bundled file).
  // The server SDK too, so config, local tools, client and gateway share one zod (its registries are per copy).
  external: external(manifest),
  // Class and function names stay as written: error names and stack traces read the same as from dist/. The SDK
  // and jose set `error.name` from the class, and the SDK's second copies are renamed (`ProtocolError2`). Costs
  // 1.4 MB of heap (every named function's `name` redefined) on the peers memory row; not worth a wrong name.
  keepNames: true,
  metafile: true,
  plugins: [unusedAtRuntime],
  logLevel: "warning",
});
const escaped = await asciiComments(
  Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js")),
);
writeFileSync(
  join(root, "dist/bundle/bundled-packages.json"),
  `${JSON.stringify(bundledPackages(result.metafile), null, 2)}\n`,
);
const outputs = Object.keys(result.metafile.outputs);
const inputs = Object.keys(result.metafile.inputs).filter((path) => path.startsWith("dist/"));
console.log(
  `bundled ${inputs.length} modules of dist/ into ${outputs.length} files under ${relative(root, join(root, "dist/bundle"))}/ (comments made ASCII in ${escaped})`,
);

/**
 * esbuild escapes every non-ASCII character except in comments, which it keeps. One "→" in a comment makes V8
 * hold the whole file's source as a two-byte string: the SDK and zod chunks cost 1.58 MB of heap each instead
 * of 0.79 for as long as the process lives. Each such character becomes its `\u{...}` spelling, which in a
 * comment is only text; a minified parse of the file before and after must match, which proves nothing outside
 * a comment changed. Returns how many files were rewritten.
 */
async function asciiComments(files) {
  let rewritten = 0;
  for (const file of files) {
    const path = join(root, file);
    const code = readFileSync(path, "utf8");
    if (!/[^\t\n\r -~]/.test(code)) continue;
    const ascii = code.replace(/[\u0080-\u{10ffff}]/gu, (char) => `\\u{${char.codePointAt(0).toString(16)}}`);
    const parsed = async (text) =>
      (await transform(text, { format: "esm", minify: true, keepNames: true, charset: "ascii" })).code;
    if ((await parsed(ascii)) !== (await parsed(code)))
      throw new Error(`${file}: a non-ASCII character outside a comment; cannot make it ASCII safely`);
    writeFileSync(path, ascii);
    rewritten += 1;
  }
  return rewritten;
}

/**
 * Which npm packages the bundle carries, with version and licence (their own LICENSE files are installed with
 * them, as dependencies), and which output file holds each: the import-cost test maps a loaded chunk to the
 * packages in it, as it maps a node_modules path.
 */
function bundledPackages(metafile) {
  const packages = {};
  const files = {};
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    if (!output.endsWith(".js")) continue;
    const names = new Set();
    for (const input of Object.keys(inputs)) {
      // A plugin's generated module (namespace:path) holds no package's code.
      if (/^[\w-]+:/.test(input)) continue;
      // The innermost node_modules: a package npm nested under another is named for itself.
      const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
      if (match === null) continue;
      const [, folder, name] = match;
      names.add(name);
      const pkg = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8"));
      packages[name] = { version: pkg.version, license: pkg.license };
    }
    if (names.size > 0) files[relative("dist/bundle", output)] = [...names].sort();
  }
  return { packages, files };
}
