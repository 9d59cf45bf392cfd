import { FileCredentialStore } from "../auth/file-credential-store.js";
import { connectHost, type Host, type HostOptions } from "../catalog/host.js";
import { credentialsPath } from "../config/credentials-path.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { CliIo } from "./main.js";
import { progressLine } from "./progress-line.js";
import { openTracked } from "./shutdown.js";

/**
 * Connects the configured servers (or `only` these) with a progress line, and waits for a settled catalogue.
 * A signal stops it at any point: the servers are closed (those still connecting too) and it throws the
 * `INTERRUPTED` error; one after it returned closes the host as well, whatever the command is doing.
 */
export async function connectForCli(
  config: SwitchboardConfig,
  io: CliIo,
  only?: readonly string[],
  /** Passed to `connectHost` (client features, per-server options). */
  hostOptions: Omit<HostOptions, "only" | "onState"> = {},
): Promise<Host> {
  const states = new Map<string, string>();
  for (const server of Object.values(config.servers)) {
    if (server.enabled && (only === undefined || only.includes(server.name)))
      states.set(server.name, "connecting");
  }
  const progress = progressLine(io, states.size);
  const timer = setInterval(() => progress.update(states), 120);
  timer.unref();
  const shutdown = io.shutdown;
  try {
    const warn = (message: string) => io.err(`switchboard: warning: ${message}`);
    const connecting = connectHost(config, {
      // The credentials file of this invocation's environment; never an interactive login (`auth login` is).
      oauth: {
        store: new FileCredentialStore(credentialsPath(io.env, io.cwd), { onWarning: warn }),
        onWarning: warn,
      },
      ...hostOptions,
      ...(only === undefined ? {} : { only }),
      onState: (server, state) => {
        states.set(server, state);
        progress.update(states);
      },
      ...(shutdown === undefined ? {} : { signal: shutdown.signal }),
    });
    return await openTracked(
      shutdown,
      connecting.then(async (host) => {
        await host.catalog.settled();
        return host;
      }),
    );
  } finally {
    clearInterval(timer);
    progress.done();
  }
}

export { agentServers } from "../session/agent-servers.js";
