import { findConfigFile, loadConfig } from "../config/index.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { CliIo } from "./main.js";

/** Finds and loads the config the way every command does: `--config`, then the discovery order. */
export async function loadCliConfig(explicit: string | undefined, io: CliIo): Promise<SwitchboardConfig> {
  const file = await findConfigFile({
    ...(explicit === undefined ? {} : { explicit }),
    cwd: io.cwd,
    env: io.env,
  });
  return loadConfig(file, { env: io.env });
}
