import { findConfigFile, loadConfig } from "../config/index.js";
import type { SwitchboardConfig } from "../config/types.js";
import { configSecrets } from "../connect/server-secrets.js";
import { hideSecrets } from "./hide-secrets.js";
import type { CliIo } from "./main.js";

/**
 * Finds and loads the config the way every command does: `--config`, then the discovery order. From then on
 * `io` redacts the config's credentials from everything the command prints.
 */
export async function loadCliConfig(explicit: string | undefined, io: CliIo): Promise<SwitchboardConfig> {
  const file = await findConfigFile({
    ...(explicit === undefined ? {} : { explicit }),
    cwd: io.cwd,
    env: io.env,
  });
  const config = await loadConfig(file, { env: io.env });
  hideSecrets(io, configSecrets(config));
  return config;
}
