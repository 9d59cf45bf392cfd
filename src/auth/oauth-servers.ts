import type { HttpServerConfig, SwitchboardConfig } from "../config/types.js";
import { SwitchboardError } from "../errors.js";

/**
 * The servers OAuth applies to: the one named (it must be an HTTP server of the config), or every enabled HTTP
 * server. A `USAGE` error for an unknown name, a stdio server, or a config without HTTP servers.
 */
export function oauthServers(config: SwitchboardConfig, name: string | undefined): HttpServerConfig[] {
  const http = Object.values(config.servers).filter((s): s is HttpServerConfig => s.kind === "http");
  if (name === undefined) {
    if (http.length === 0)
      throw new SwitchboardError(
        "USAGE",
        `${config.file} has no HTTP servers; OAuth applies to HTTP servers only`,
      );
    return http.filter((s) => s.enabled);
  }
  const found = Object.hasOwn(config.servers, name) ? config.servers[name] : undefined;
  if (found === undefined) {
    const names = http.map((s) => s.name).join(", ");
    throw new SwitchboardError(
      "USAGE",
      `No server named "${name}" in ${config.file}${names === "" ? "" : ` (HTTP servers: ${names})`}`,
    );
  }
  if (found.kind !== "http") {
    throw new SwitchboardError("USAGE", `"${name}" is a stdio server; OAuth applies to HTTP servers only`);
  }
  return [found];
}
