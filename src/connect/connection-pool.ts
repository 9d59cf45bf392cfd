/**
 * Connects every enabled server of a configuration at once. Each server has its own connect timeout; a server
 * that fails is reported (state, reason, stderr tail) and skipped, and never delays or disturbs the others.
 */
import type { ServerConfig, SwitchboardConfig } from "../config/types.js";
import type { ConnectionError } from "../errors.js";
import { ServerConnection } from "./server-connection.js";
import type { ConnectionOptions, ConnectionState, ListingWarning, SessionInfo } from "./types.js";

/** One server's connection as `host.servers` shows it: its state, transport, and why it failed. */
export interface ServerStatus {
  name: string;
  state: ConnectionState | "disabled";
  /** The wire in use, or the configured kind when never connected. */
  transport: string;
  info?: SessionInfo;
  /** Why the server is failed; secrets redacted. */
  reason?: string;
  stderrTail?: string;
  error?: ConnectionError;
  restarts: number;
  /** What the latest listing could not use (a refused optional listing, a skipped tool); absent when nothing. */
  warnings?: ListingWarning[];
}

export interface ConnectionPoolOptions extends ConnectionOptions {
  /** Connect only these servers (e.g. one agent's); others are reported as disabled. */
  only?: readonly string[];
  /** Per-server overrides of the shared connection options. */
  perServer?: (config: ServerConfig) => ConnectionOptions;
  /**
   * The pool's lifetime: aborting it closes every connection gracefully, as `closeAll()` does, also while they
   * are still connecting (the CLI passes the signal its SIGINT, SIGTERM and SIGHUP handlers abort).
   */
  signal?: AbortSignal;
}

/**
 * Every configured server's connection, started and closed together. Reach it as `host.pool` to read resources
 * and prompts from one server (`host.pool.get(name)`).
 */
export class ConnectionPool {
  readonly config: SwitchboardConfig;
  readonly #connections = new Map<string, ServerConnection>();
  readonly #disabled: ServerConfig[] = [];
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = () => void this.closeAll();

  constructor(config: SwitchboardConfig, options: ConnectionPoolOptions = {}) {
    this.config = config;
    const { only, perServer, signal, ...shared } = options;
    this.#signal = signal;
    signal?.addEventListener("abort", this.#onAbort, { once: true });
    for (const server of Object.values(config.servers)) {
      if (!server.enabled || (only !== undefined && !only.includes(server.name))) {
        this.#disabled.push(server);
        continue;
      }
      this.#connections.set(server.name, new ServerConnection(server, { ...shared, ...perServer?.(server) }));
    }
  }

  /** Connects everything enabled, in parallel; resolves when each server is ready or failed. Never rejects. */
  static async connect(
    config: SwitchboardConfig,
    options: ConnectionPoolOptions = {},
  ): Promise<ConnectionPool> {
    const pool = new ConnectionPool(config, options);
    await pool.start();
    return pool;
  }

  async start(): Promise<ServerStatus[]> {
    if (this.#signal?.aborted === true) await this.closeAll();
    await Promise.allSettled([...this.#connections.values()].map((connection) => connection.start()));
    return this.statuses();
  }

  /** Connections in configuration order. */
  get connections(): readonly ServerConnection[] {
    return [...this.#connections.values()];
  }

  get(name: string): ServerConnection | undefined {
    return this.#connections.get(name);
  }

  /** One row per configured server, in configuration order. */
  statuses(): ServerStatus[] {
    return Object.values(this.config.servers).map((server) => {
      const connection = this.#connections.get(server.name);
      if (connection === undefined) {
        return { name: server.name, state: "disabled", transport: configuredTransport(server), restarts: 0 };
      }
      return statusOf(connection);
    });
  }

  /** Closes every connection (graceful, in parallel); resolves when every child has exited. */
  async closeAll(): Promise<void> {
    this.#signal?.removeEventListener("abort", this.#onAbort);
    await Promise.allSettled([...this.#connections.values()].map((connection) => connection.close()));
  }
}

export function statusOf(connection: ServerConnection): ServerStatus {
  const info = connection.info;
  const failure = connection.state === "failed" ? connection.failure : undefined;
  const warnings = connection.state === "failed" ? [] : connection.listingWarnings;
  const stderrTail =
    failure?.stderrTail ?? (connection.state === "failed" ? connection.stderrTail() : undefined);
  return {
    name: connection.name,
    state: connection.state,
    transport: info?.transport ?? configuredTransport(connection.config),
    ...(info === undefined ? {} : { info }),
    ...(failure === undefined ? {} : { reason: failure.message, error: failure }),
    ...(stderrTail === undefined ? {} : { stderrTail }),
    restarts: connection.restarts,
    ...(warnings.length === 0 ? {} : { warnings }),
  };
}

function configuredTransport(server: ServerConfig): string {
  return server.kind === "stdio" ? "stdio" : server.transport;
}
