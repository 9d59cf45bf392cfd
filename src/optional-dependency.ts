/**
 * The provider SDKs and better-sqlite3 are optional peer dependencies: a user installs the ones they use. A
 * feature that needs one loads it here, so a missing package is a `MISSING_DEPENDENCY` error that names it and
 * the install command, instead of Node's module-resolution error from deep inside switchboard.
 */
import { createRequire } from "node:module";
import { SwitchboardError } from "./errors.js";

const require = createRequire(import.meta.url);

/** `import()` of an optional peer dependency; `feature` says what needs it ("the Anthropic adapter"). */
export async function importOptional<T>(load: () => Promise<T>, pkg: string, feature: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw missingOr(error, pkg, feature);
  }
}

/** `require` of an optional CommonJS peer dependency (kept synchronous for callers that are). */
export function requireOptional<T>(pkg: string, feature: string): T {
  try {
    return require(pkg) as T;
  } catch (error) {
    throw missingOr(error, pkg, feature);
  }
}

function missingOr(error: unknown, pkg: string, feature: string): unknown {
  if (!isMissing(error, pkg)) return error;
  return new SwitchboardError(
    "MISSING_DEPENDENCY",
    `${feature} needs the npm package ${pkg}, which is not installed: npm install ${pkg}`,
    { cause: error },
  );
}

/** Node's "not found" for this package itself, not for something it failed to load in turn. */
function isMissing(error: unknown, pkg: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") return false;
  const message = String((error as { message?: unknown }).message ?? "");
  return message.includes(`'${pkg}'`) || message.includes(`'${pkg}/`) || message.includes(`"${pkg}"`);
}
