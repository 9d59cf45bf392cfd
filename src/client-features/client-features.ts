/**
 * Assembles what a host offers servers (sampling, elicitation, roots, a log level) into the connection layer's
 * `ClientFeatures`, and follows every connection's logs, progress and resource updates as plain events.
 */
import type {
  CallProgress,
  ClientFeatures,
  ConnectionEvents,
  LoggingLevel,
  LoggingMessageNotificationParams,
} from "../connect/types.js";
import { createElicitationHandler, type ElicitationOptions } from "./elicitation-handler.js";
import { atLeast, type ServerLogEntry, toLogEntry } from "./logging.js";
import type { RootsRegistry } from "./roots.js";
import { createSamplingHandler, type SamplingOptions } from "./sampling-handler.js";

export interface ClientFeatureOptions {
  /** Absent: sampling is not declared (servers that need it hide those tools). */
  sampling?: SamplingOptions;
  /** Absent: elicitation is not declared. */
  elicitation?: ElicitationOptions;
  /** Absent: roots are not declared. */
  roots?: RootsRegistry;
  /** Asked of every server that logs. */
  logLevel?: LoggingLevel;
}

/**
 * Builds what the host offers servers (sampling, elicitation, roots, a log level) as `ClientFeatures` for the
 * connection options, so a program can answer servers that ask the client for something.
 */
export function clientFeatures(options: ClientFeatureOptions): ClientFeatures {
  const roots = options.roots;
  return {
    ...(options.sampling === undefined ? {} : { sampling: createSamplingHandler(options.sampling) }),
    ...(options.elicitation === undefined
      ? {}
      : { elicitation: createElicitationHandler(options.elicitation) }),
    ...(roots === undefined ? {} : { roots: () => roots.list() }),
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
  };
}

/** What `followClientEvents` needs of a connection (`ServerConnection` satisfies it). */
export interface FollowedConnection {
  readonly name: string;
  on<E extends "log" | "progress" | "resourceUpdated">(event: E, listener: ConnectionEvents[E]): () => void;
  sendRootsListChanged(): Promise<void>;
}

export interface ClientEventListeners {
  /** A server's log message at or above its level. */
  onLog?: (entry: ServerLogEntry) => void;
  /** Progress of a tool call in flight. */
  onProgress?: (server: string, progress: CallProgress) => void;
  /** A subscribed resource changed. */
  onResourceUpdated?: (server: string, uri: string) => void;
  /** Per-server minimum level for `onLog` (servers may send more than asked). Default: everything. */
  logLevelFor?: (server: string) => LoggingLevel | undefined;
}

/**
 * Subscribes to every connection's events, and (with `roots`) sends `roots/list_changed` to every server when the
 * roots change. Returns a function that detaches everything.
 */
export function followClientEvents(
  connections: readonly FollowedConnection[],
  listeners: ClientEventListeners,
  roots?: RootsRegistry,
): () => void {
  const offs: (() => void)[] = [];
  for (const connection of connections) {
    const server = connection.name;
    if (listeners.onLog !== undefined) {
      const onLog = listeners.onLog;
      offs.push(
        connection.on("log", (params: LoggingMessageNotificationParams) => {
          const minimum = listeners.logLevelFor?.(server);
          if (minimum === undefined || atLeast(params.level, minimum)) onLog(toLogEntry(server, params));
        }),
      );
    }
    if (listeners.onProgress !== undefined) {
      const onProgress = listeners.onProgress;
      offs.push(connection.on("progress", (progress: CallProgress) => onProgress(server, progress)));
    }
    if (listeners.onResourceUpdated !== undefined) {
      const onUpdated = listeners.onResourceUpdated;
      offs.push(connection.on("resourceUpdated", (uri: string) => onUpdated(server, uri)));
    }
  }
  if (roots !== undefined) {
    offs.push(
      roots.onChange(() => {
        for (const connection of connections) void connection.sendRootsListChanged().catch(() => {});
      }),
    );
  }
  return () => {
    for (const off of offs) off();
  };
}
