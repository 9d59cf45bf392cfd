import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { ConfigError, type ConfigIssue } from "../errors.js";
import { checkReferences } from "./check-references.js";
import { createConfigSchema } from "./config-schema.js";
import { configZod, loadConfigZod } from "./config-zod.js";
import type { Env } from "./expand-vars.js";
import { expandedSecrets } from "./expanded-secrets.js";
import { normaliseConfig } from "./normalise-config.js";
import { parseJsonText } from "./parse-json.js";
import type { SwitchboardConfig } from "./types.js";
import { toConfigIssues, zodErrorMessage } from "./zod-issues.js";

export interface ConfigOptions {
  /** Variables for `${VAR}` expansion. Default `process.env`. */
  env?: Env;
}

/**
 * Text → SwitchboardConfig, or a ConfigError listing every problem found (not just the first). `file` is used
 * as given, for messages and `SwitchboardConfig.file`.
 */
export function parseConfig(text: string, file: string, options: ConfigOptions = {}): SwitchboardConfig {
  const json = parseJsonText(text);
  if (!json.ok) {
    const message = `invalid JSON at line ${json.line}, column ${json.column}: ${json.message}`;
    throw new ConfigError(file, [{ path: "$", message }]);
  }
  const schema = createConfigSchema(configZod(), options.env ?? process.env);
  const result = schema.safeParse(json.value, { error: zodErrorMessage });
  const issues: ConfigIssue[] = [
    ...(result.success ? [] : toConfigIssues(result.error.issues, schema)),
    ...checkReferences(json.value),
  ];
  if (!result.success || issues.length > 0) throw new ConfigError(file, issues);
  return withExpandedSecrets(normaliseConfig(result.data, file), json.value, options.env ?? process.env);
}

/** Records on each server the values `${VAR}` expansion brought in from the environment (its secrets). */
function withExpandedSecrets(config: SwitchboardConfig, raw: unknown, env: Env): SwitchboardConfig {
  const file = raw as { mcpServers?: Record<string, unknown>; servers?: Record<string, unknown> };
  const entries = file.mcpServers ?? file.servers ?? {};
  for (const server of Object.values(config.servers)) {
    const secrets = expandedSecrets(
      Object.hasOwn(entries, server.name) ? entries[server.name] : undefined,
      env,
    );
    if (secrets.length > 0) server.secrets = secrets;
  }
  return config;
}

/** Reads and parses a config file; `SwitchboardConfig.file` is its absolute path. */
export async function loadConfig(file: string, options: ConfigOptions = {}): Promise<SwitchboardConfig> {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = await readFile(absolute, "utf8");
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const message = code === "ENOENT" ? "file not found" : `cannot read file (${code ?? "unknown error"})`;
    throw new ConfigError(absolute, [{ path: "$", message }], {
      cause,
      code: code === "ENOENT" ? "CONFIG_NOT_FOUND" : "CONFIG_UNREADABLE",
    });
  }
  await loadConfigZod();
  return parseConfig(text, absolute, options);
}
