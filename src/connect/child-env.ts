/**
 * The environment a stdio server starts with: the SDK's safe inherited set (PATH, HOME, USER, SHELL, TERM,
 * LOGNAME; the Windows equivalents there) plus locale and temp-dir variables, then the configured `env` on top.
 * Never the whole parent environment: API keys in the host's env must not leak into every server.
 *
 * The SDK's set is copied here rather than imported: its stdio module loads the SDK's core (zod included), and
 * the child is spawned before the SDK has loaded, so the two overlap. child-env.test.ts checks the copy against
 * the SDK's `DEFAULT_INHERITED_ENV_VARS`.
 */

/** The SDK's `DEFAULT_INHERITED_ENV_VARS` on Windows. */
export const windowsInheritedEnvVars: readonly string[] = [
  "APPDATA",
  "COMSPEC",
  "HOMEDRIVE",
  "HOMEPATH",
  "LOCALAPPDATA",
  "PATH",
  "PATHEXT",
  "PROCESSOR_ARCHITECTURE",
  "PROGRAMDATA",
  "PROGRAMFILES",
  "PROGRAMFILES(X86)",
  "PROGRAMW6432",
  "SYSTEMDRIVE",
  "SYSTEMROOT",
  "TEMP",
  "USERNAME",
  "USERPROFILE",
  "WINDIR",
];

/** The SDK's `DEFAULT_INHERITED_ENV_VARS` elsewhere. */
export const posixInheritedEnvVars: readonly string[] = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

/** The SDK's set for this platform. */
export const sdkInheritedEnvVars: readonly string[] =
  process.platform === "win32" ? windowsInheritedEnvVars : posixInheritedEnvVars;

/** Variables beyond the SDK's set that programs need to behave (locale, temp files), and that carry no secrets. */
const extraInherited = ["LANG", "LC_ALL", "LC_CTYPE", "TMPDIR", "TZ"] as const;

/** Every variable a stdio server inherits from the parent environment (when set there). */
export const inheritedEnvKeys: readonly string[] = [...sdkInheritedEnvVars, ...extraInherited];

/** The child's environment: the inherited set from `parent`, then `configured` on top. */
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
