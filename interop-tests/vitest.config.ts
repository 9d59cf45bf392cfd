/**
 * `switchboard` resolves to the built package at the repository root through its own `exports` map (each
 * subpath to the file the map names), so the tests import the adapters the way a user does without a `file:..`
 * dependency, whose lockfile entry would copy the root's dependencies and break on every change to them.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  exports: Record<string, { default: string }>;
};
const alias = Object.entries(manifest.exports).map(([subpath, target]) => ({
  find: new RegExp(`^switchboard${subpath.slice(1).replaceAll("/", "\\/")}$`),
  replacement: join(root, target.default),
}));

export default defineConfig({
  resolve: { alias },
  test: { include: ["test/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 30_000 },
});
