/**
 * What one attempt to open a session shares between its two halves, the SDK-free stdio path (open-session.ts)
 * and the SDK's (sdk-session.ts): the session's shape, the attempt's record, and the last step both take, the
 * first full listing (`finish`). Loads no SDK code.
 */
import type {
  ClientCapabilities,
  JSONRPCMessage,
  jsonSchemaValidator,
  Transport,
} from "@modelcontextprotocol/client";
import { loadedClientSdk } from "../auth/client-sdk.js";
import type { ServerConfig, StdioServerConfig } from "../config/types.js";
import type { ConnectionError } from "../errors.js";
import { ChildProcessTransport } from "./child-process-transport.js";
import type { DirectToolCalls } from "./direct-tool-calls.js";
import { allListKinds, fetchListing } from "./fetch-listing.js";
import type { SessionClient } from "./session-client.js";
import { type StdioChild, spawnStdioChild } from "./stdio-child.js";
import type {
  ClientFeatures,
  ConnectionOptions,
  ListingWarning,
  ListKind,
  LoggingMessageNotificationParams,
  ServerListing,
  SessionInfo,
  WireTransport,
} from "./types.js";

/** What a session tells its owner (the connection), and asks of it. */
export interface SessionHooks {
  onStderr(chunk: string): void;
  onListChanged(session: Session, kind: ListKind): void;
  /** The transport closed. Fires for unexpected exits and for our own close alike; the owner tells them apart. */
  onClose(session: Session): void;
  onError(error: Error): void;
  /** `notifications/message` arrived. */
  onLog?(session: Session, message: LoggingMessageNotificationParams): void;
  /** `notifications/resources/updated` arrived. */
  onResourceUpdated?(session: Session, uri: string): void;
  /** A server-to-client request (sampling, elicitation) started (`true`) or finished (`false`). */
  onServerRequest?(session: Session, active: boolean): void;
  /** The stderr tail (already redacted) for error reports. */
  stderrTail(): string | undefined;
  redact(text: string): string;
  /** The listing of the session before (a restart): tools that did not change keep their entries. */
  previousListing?(): ServerListing | undefined;
}

/** One live session: its client, transport, handshake facts and first listing. */
export interface Session {
  /** The SDK's client, or (a stdio session on the 2025 handshake) switchboard's SDK-free one. */
  client: SessionClient;
  /** The client's output-schema validator, for results that do not come through `callTool` (a task's). */
  schemaValidator: jsonSchemaValidator;
  transport: Transport;
  child: ChildProcessTransport | undefined;
  /** `tools/call` past the SDK's request funnel (stdio, legacy era); undefined where the funnel stays. */
  direct: DirectToolCalls | undefined;
  wire: WireTransport;
  info: SessionInfo;
  listing: ServerListing;
  /** Set when the transport closed; the error in-flight calls are failed with. */
  lost: ConnectionError | undefined;
  /** list_changed kinds that arrived before the owner adopted the session (during the first listing). */
  missed: Set<ListKind>;
  /** What the first listing could not use, per kind. */
  warnings: Map<ListKind, ListingWarning[]>;
}

/** One attempt to open a session, with everything it opened so far. */
export interface Attempt {
  config: ServerConfig;
  hooks: SessionHooks;
  options: ConnectionOptions;
  signal: AbortSignal;
  started: number;
  /** Everything opened so far, for teardown on failure. */
  clients: Array<{ client: SessionClient; child?: ChildProcessTransport }>;
  child?: ChildProcessTransport;
  wire?: WireTransport;
  /** The SDK's refusal of the negotiated revision (a `protocol` the server does not offer). */
  refused?: Error;
  /** Fails the attempt at once (set while it runs): the child exited, so no answer will come. */
  fail?: (error: Error) => void;
}

/** The stdio child exited (or the connection closed) before the first listing was complete. */
export class ExitedBeforeReady extends Error {
  constructor() {
    super("the connection closed before the first listing was complete");
  }
}

/** The name and version switchboard gives servers in `initialize` unless told otherwise. */
export const clientInfoDefault = { name: "switchboard", version: "0.1.0" };

/** The notification of each listing's change. */
export const listChangedMethods = {
  tools: "notifications/tools/list_changed",
  resources: "notifications/resources/list_changed",
  prompts: "notifications/prompts/list_changed",
} as const;

/**
 * The attempt's stdio transport over `spawned` (or a child spawned now), reading messages with `parseMessage`;
 * the child's exit fails the attempt at once.
 */
export function stdioTransport(
  config: StdioServerConfig,
  attempt: Attempt,
  spawned: StdioChild | undefined,
  parseMessage: (value: unknown) => JSONRPCMessage,
): ChildProcessTransport {
  const { options, hooks } = attempt;
  const child = new ChildProcessTransport({
    child: spawned ?? spawnStdioChild(config, options.parentEnv),
    parseMessage,
    onStderr: (chunk) => hooks.onStderr(chunk),
    // Whatever the attempt was waiting for (initialize, a listing, a send into a dead pipe) will never come.
    onExit: () => attempt.fail?.(new ExitedBeforeReady()),
    ...(options.closeGraceMs === undefined ? {} : { closeGraceMs: options.closeGraceMs }),
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
  });
  attempt.child = child;
  attempt.wire = "stdio";
  return child;
}

/** What `initialize` declares for `features`: each present feature's capability. */
export function declaredCapabilities(features: ClientFeatures | undefined): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (features?.sampling !== undefined) capabilities.sampling = { tools: {} };
  if (features?.elicitation !== undefined) {
    capabilities.elicitation = {
      form: { applyDefaults: true },
      ...(features.elicitation.url === true ? { url: {} } : {}),
    };
  }
  if (features?.roots !== undefined) capabilities.roots = { listChanged: true };
  return capabilities;
}

/** What is left of the attempt's `connectTimeoutMs`. */
export function remaining(attempt: Attempt): number {
  return Math.max(1, attempt.config.connectTimeoutMs - (performance.now() - attempt.started));
}

/** The first full listing, the log level asked for, and the session's facts. */
export async function finish(attempt: Attempt, session: Session): Promise<Session> {
  const { client } = session;
  const declared = client.getServerCapabilities();
  // No capabilities after a successful connect: the SDK already saw the connection close.
  if (declared === undefined || attempt.child?.exit !== undefined) throw new ExitedBeforeReady();
  const capabilities = declared;
  const { listing, warnings } = await fetchListing(
    client,
    capabilities,
    allListKinds,
    { signal: attempt.signal, timeout: remaining(attempt) },
    attempt.hooks.previousListing?.(),
  );
  const level = attempt.options.features?.logLevel;
  if (level !== undefined && capabilities.logging !== undefined) {
    // Best effort: a server that refuses the level still works, it only logs more or less than asked.
    await client
      .setLoggingLevel(level, { signal: attempt.signal, timeout: remaining(attempt) })
      .catch((error: unknown) =>
        attempt.hooks.onError(
          new Error(`logging/setLevel ${level} failed: ${String(error)}`, { cause: error }),
        ),
      );
  }
  // `ready` means listed by a live server: one that exited meanwhile is not ready, however the listing ended.
  if (attempt.child?.exit !== undefined) throw new ExitedBeforeReady();
  const instructions = client.getInstructions();
  const pid = session.child?.pid;
  session.listing = {
    tools: listing.tools ?? [],
    resources: listing.resources ?? [],
    resourceTemplates: listing.resourceTemplates ?? [],
    prompts: listing.prompts ?? [],
    ...(listing.skills === undefined ? {} : { skills: listing.skills }),
  };
  session.warnings = warnings;
  session.info = {
    transport: session.wire,
    protocolVersion: client.getNegotiatedProtocolVersion() ?? "unknown",
    serverInfo: client.getServerVersion() ?? { name: "unknown", version: "unknown" },
    capabilities,
    ...(instructions === undefined ? {} : { instructions }),
    readyInMs: Math.round(performance.now() - attempt.started),
    ...(pid === undefined ? {} : { pid }),
  };
  return session;
}

/** The SDK found no revision both sides speak under the connection's negotiation mode. */
export function isNegotiationRefusal(error: unknown): error is Error {
  // An error the SDK made exists only once the SDK is loaded.
  const sdk = loadedClientSdk();
  if (sdk === undefined) return false;
  return (
    error instanceof sdk.UnsupportedProtocolVersionError ||
    (error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.EraNegotiationFailed)
  );
}

/** Closes `client`, ignoring a failure (the connection is being torn down). */
export async function closeQuietly(client: SessionClient): Promise<void> {
  try {
    await client.close();
  } catch {
    // Tearing down a connection that failed; its close errors add nothing.
  }
}
