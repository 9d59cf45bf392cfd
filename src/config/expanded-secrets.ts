import { type Env, expandVars } from "./expand-vars.js";
import { looksSecret, minSecretLength } from "./secret-names.js";

/** Well-known variables whose values are places and people rather than credentials. */
const plainVariables = new Set([
  "HOME",
  "USER",
  "USERNAME",
  "LOGNAME",
  "PWD",
  "OLDPWD",
  "PATH",
  "SHELL",
  "LANG",
  "TMPDIR",
  "TMP",
  "TEMP",
  "USERPROFILE",
  "APPDATA",
  "LOCALAPPDATA",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "XDG_STATE_HOME",
  "XDG_CACHE_HOME",
  "XDG_RUNTIME_DIR",
]);

/**
 * The values `${VAR}` expansion takes from the environment into one raw server entry's `args`, `env`, `url`,
 * `headers` and `auth.clientSecret`: the places a credential is handed to a server. `command` and `cwd` are
 * paths and are left out, and so are the well-known variables above, so `${HOME}/notes` does not blank out every
 * path a server reports.
 */
export function expandedSecrets(server: unknown, env: Env): string[] {
  if (!isRecord(server)) return [];
  const values = new Set<string>();
  const collect = (text: unknown) => {
    if (typeof text !== "string") return;
    expandVars(text, env, (name, value) => {
      if (value.length >= minSecretLength && (!plainVariables.has(name) || looksSecret(name)))
        values.add(value);
    });
  };
  if (Array.isArray(server.args)) server.args.forEach(collect);
  for (const key of ["env", "headers"] as const) {
    const record = server[key];
    if (isRecord(record)) Object.values(record).forEach(collect);
  }
  collect(server.url);
  if (isRecord(server.auth)) collect(server.auth.clientSecret);
  return [...values];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
