import type { SwitchboardConfig } from "../config/types.js";
import type { NameTableOptions } from "../naming/index.js";

/**
 * The name-table options a config asks for: each server's `prefix` stands for the server's key in emitted
 * names (the table still maps every name back to the real server). `extra` (a caller's own options) wins.
 */
export function namingOf(
  config: SwitchboardConfig | undefined,
  extra: NameTableOptions | undefined = undefined,
): NameTableOptions | undefined {
  const aliases: Record<string, string> = {};
  for (const server of Object.values(config?.servers ?? {})) {
    if (server.prefix !== undefined) aliases[server.name] = server.prefix;
  }
  if (Object.keys(aliases).length === 0) return extra;
  return { ...extra, aliases: { ...aliases, ...extra?.aliases } };
}
