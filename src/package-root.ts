import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding switchboard's own package.json, found by walking up from `from` (a module's
 * `import.meta.url`). Walking rather than a fixed `../..` keeps it right wherever the module sits: src/ under
 * tsx, dist/ from tsc, or a chunk of the bundle (dist/bundle/), at whatever depth.
 */
export function packageRoot(from: string): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && isSwitchboard(manifest)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`switchboard's package.json not found above ${fileURLToPath(from)}`);
    dir = parent;
  }
}

function isSwitchboard(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "switchboard";
  } catch {
    return false;
  }
}
