import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../package-root.js";

/** The package version, read from switchboard's package.json (above src/, dist/ or the bundle). */
export function version(): string {
  const text = readFileSync(join(packageRoot(import.meta.url), "package.json"), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}
