/**
 * Where OAuth credentials live: `SWITCHBOARD_CREDENTIALS` (a file path, relative to `cwd`), else
 * `$XDG_CONFIG_HOME/switchboard/credentials.json`, falling back to `~/.config/switchboard/credentials.json` when
 * the variable is unset or relative (the XDG base-directory spec says to ignore a relative value). The config
 * directory rather than the state directory: losing the file means logging in again, not just losing a cache.
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { Env } from "./expand-vars.js";

/**
 * Where stored OAuth credentials live: `SWITCHBOARD_CREDENTIALS` when set (relative to `cwd`), else the
 * user's config directory. The same file `switchboard auth login` writes; pass the environment explicitly.
 */
export function credentialsPath(env: Env, cwd: string = process.cwd()): string {
  const explicit = env.SWITCHBOARD_CREDENTIALS?.trim();
  if (explicit !== undefined && explicit !== "") return resolve(cwd, explicit);
  const xdg = env.XDG_CONFIG_HOME;
  const configHome = xdg !== undefined && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), ".config");
  return join(configHome, "switchboard", "credentials.json");
}
