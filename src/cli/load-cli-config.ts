import { EXPLICIT_CONFIG_MISSING, NO_CONFIG_HINT } from "../config/find-config.js";
import { findConfigFile, loadConfig } from "../config/index.js";
import type { SwitchboardConfig } from "../config/types.js";
import { configSecrets } from "../connect/server-secrets.js";
import { ConfigError } from "../errors.js";
import { hideSecrets } from "./hide-secrets.js";
import type { CliIo } from "./main.js";

/**
 * Finds and loads the config the way every command does: `--config`, then the discovery order. From then on
 * `io` redacts the config's credentials from everything the command prints.
 */
export async function loadCliConfig(explicit: string | undefined, io: CliIo): Promise<SwitchboardConfig> {
  const config = await loadConfig(await findCliConfigFile(explicit, io), { env: io.env });
  hideSecrets(io, configSecrets(config));
  return config;
}

/** `findConfigFile` for the CLI: a config that cannot be found is reported in terms of `--config`. */
export async function findCliConfigFile(explicit: string | undefined, io: CliIo): Promise<string> {
  try {
    return await findConfigFile({
      ...(explicit === undefined ? {} : { explicit }),
      cwd: io.cwd,
      env: io.env,
    });
  } catch (error) {
    if (!(error instanceof ConfigError) || error.code !== "CONFIG_NOT_FOUND") throw error;
    const issues = error.issues.map((issue) => ({
      ...issue,
      message: FLAG_TEXT.get(issue.message) ?? issue.message,
    }));
    throw new ConfigError(error.file, issues, { code: error.code, cause: error });
  }
}

const FLAG_TEXT = new Map([
  [EXPLICIT_CONFIG_MISSING, "file not found (given with --config)"],
  [NO_CONFIG_HINT, "create one of these, or pass --config <file>"],
]);
