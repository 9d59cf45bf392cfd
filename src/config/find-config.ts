import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import * as path from "node:path";
import { ConfigError } from "../errors.js";
import type { Env } from "./expand-vars.js";

/** The issue of an explicitly named config file that does not exist (a CLI replaces it with its flag's name). */
export const EXPLICIT_CONFIG_MISSING = "file not found (given explicitly)";
/** The last issue when no config was found anywhere: what to do about it. */
export const NO_CONFIG_HINT = "create one of these, or name a config file explicitly";

export interface FindConfigOptions {
  /** A config file named by the caller; relative paths resolve against `cwd`. When given, nothing else is searched. */
  explicit?: string;
  cwd: string;
  env: Env;
}

/** Where a config is looked for, in order (absolute paths): project files first, then the user's config dir. */
export function configCandidates(options: Pick<FindConfigOptions, "cwd" | "env">): string[] {
  const { cwd, env } = options;
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says to ignore a relative XDG_CONFIG_HOME.
  const configHome =
    xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(env.HOME || homedir(), ".config");
  return [
    path.resolve(cwd, "switchboard.json"),
    path.resolve(cwd, ".mcp.json"),
    path.join(configHome, "switchboard", "switchboard.json"),
  ];
}

/** The config file to load. Throws ConfigError (code CONFIG_NOT_FOUND) naming every place it looked. */
export async function findConfigFile(options: FindConfigOptions): Promise<string> {
  if (options.explicit !== undefined) {
    const file = path.resolve(options.cwd, options.explicit);
    const kind = await fileKind(file);
    if (kind === "file") return file;
    const message = kind === "missing" ? EXPLICIT_CONFIG_MISSING : "is a directory, expected a file";
    throw new ConfigError(file, [{ path: "$", message }], { code: "CONFIG_NOT_FOUND" });
  }
  const candidates = configCandidates(options);
  for (const candidate of candidates) {
    if ((await fileKind(candidate)) === "file") return candidate;
  }
  const issues = candidates.map((candidate) => ({ path: "$", message: `not found: ${candidate}` }));
  issues.push({ path: "$", message: NO_CONFIG_HINT });
  throw new ConfigError("switchboard.json", issues, { code: "CONFIG_NOT_FOUND" });
}

async function fileKind(file: string): Promise<"file" | "directory" | "missing"> {
  try {
    return (await stat(file)).isDirectory() ? "directory" : "file";
  } catch {
    return "missing";
  }
}
