import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The public data sets live in `shared/data/` beside the repository (CI lays a copy of `shared/` next to the
 * clone). They are read at test time, never copied in: the corpora may not be republished.
 * `SWITCHBOARD_DATA_DIR` overrides the location.
 */
export function sharedDataDir(): string {
  const dir =
    process.env.SWITCHBOARD_DATA_DIR ?? fileURLToPath(new URL("../../../shared/data", import.meta.url));
  if (!existsSync(dir)) {
    throw new Error(
      `shared data not found at ${dir}: lay shared/ beside the repository or set SWITCHBOARD_DATA_DIR`,
    );
  }
  return dir;
}

export function sharedDataFile(...parts: string[]): string {
  return [sharedDataDir(), ...parts].join("/");
}
