/**
 * The zod instance config validation uses, loaded on first use instead of at `import "switchboard"`. `loadConfig`
 * (async, what the CLI and `openSession` call) imports zod's ES module, the one the MCP SDK also uses, so a
 * program that then connects loads zod once. A synchronous `parseConfig` before that requires zod's CommonJS
 * build, a copy of its own: a synchronous function cannot await an import.
 */
import { createRequire } from "node:module";
import type { z } from "zod";

type Zod = typeof z;

const require = createRequire(import.meta.url);
let zod: Zod | undefined;

/** Imports zod (its ES module) unless a zod is already in use here. */
export async function loadConfigZod(): Promise<void> {
  if (zod !== undefined) return;
  const { z: imported } = await import("zod");
  zod ??= imported;
}

/** The zod to validate with now: the imported one, else zod's CommonJS build, required here. */
export function configZod(): Zod {
  zod ??= (require("zod") as { z: Zod }).z;
  return zod;
}
