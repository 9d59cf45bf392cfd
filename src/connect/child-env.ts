/**
 * The environment a stdio server starts with: the SDK's safe inherited set (PATH, HOME, USER, SHELL, TERM,
 * LOGNAME; the Windows equivalents there) plus locale and temp-dir variables, then the configured `env` on top.
 * Never the whole parent environment: API keys in the host's env must not leak into every server.
 */
import { DEFAULT_INHERITED_ENV_VARS } from "@modelcontextprotocol/client/stdio";

/** Variables beyond the SDK's set that programs need to behave (locale, temp files), and that carry no secrets. */
const extraInherited = ["LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ"] as const;

export const inheritedEnvKeys: readonly string[] = [...DEFAULT_INHERITED_ENV_VARS, ...extraInherited];

export function buildChildEnv(
  configured: Readonly<Record<string, string>>,
  parent: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of inheritedEnvKeys) {
    const value = parent[key];
    // Same rule as the SDK: skip exported shell functions, which start with "()".
    if (value === undefined || value.startsWith("()")) continue;
    env[key] = value;
  }
  return { ...env, ...configured };
}
