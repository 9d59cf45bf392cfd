/**
 * Where the usage ledger lives: `SWITCHBOARD_LEDGER` (a path, or `off`), else the config's `ledger.path`
 * (relative to the config file), else `$XDG_STATE_HOME/switchboard/usage.sqlite`, falling back to
 * `~/.local/state/switchboard/usage.sqlite` as the XDG base-directory spec says.
 */
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";

type Env = Readonly<Record<string, string | undefined>>;

export interface LedgerSettings {
  path?: string;
  /** Default true. */
  enabled?: boolean;
}

const OFF = new Set(["off", "0", "false", "no"]);

/** `$XDG_STATE_HOME/switchboard/usage.sqlite`, or under `~/.local/state` when the variable is unset or relative. */
export function defaultLedgerPath(env: Env): string {
  const state = env.XDG_STATE_HOME;
  const base =
    state !== undefined && isAbsolute(state) ? state : join(env.HOME ?? homedir(), ".local", "state");
  return join(base, "switchboard", "usage.sqlite");
}

/**
 * The ledger file to use, or undefined when recording is switched off. `configFile` anchors a relative
 * `settings.path` (an inline config anchors it at `cwd`).
 */
export function resolveLedgerPath(options: {
  env: Env;
  cwd: string;
  settings?: LedgerSettings;
  configFile?: string;
}): string | undefined {
  const fromEnv = options.env.SWITCHBOARD_LEDGER?.trim();
  if (fromEnv !== undefined && fromEnv !== "") {
    return OFF.has(fromEnv.toLowerCase()) ? undefined : resolve(options.cwd, fromEnv);
  }
  if (options.settings?.enabled === false) return undefined;
  const configured = options.settings?.path;
  if (configured !== undefined) {
    const file = options.configFile;
    const anchor = file === undefined || !isAbsolute(file) ? options.cwd : dirname(file);
    return resolve(anchor, configured);
  }
  return defaultLedgerPath(options.env);
}
