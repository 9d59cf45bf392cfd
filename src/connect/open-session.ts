/**
 * One attempt to bring a server up: spawn or dial, `initialize`, and the first full listing, all inside one
 * deadline. Either returns a live session or throws a `ConnectionError` after tearing down whatever it started
 * (no half-started child survives a failed attempt).
 */
import type {
  Client,
  ClientCapabilities,
  jsonSchemaValidator,
  Transport,
  VersionNegotiationOptions,
} from "@modelcontextprotocol/client";
import {
  Client as McpClient,
  ProtocolError,
  parseJSONRPCMessage,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  UnsupportedProtocolVersionError,
} from "@modelcontextprotocol/client";
import { AuthError } from "../auth/auth-error.js";
import {
  finishPendingAuthorization,
  interactiveProvider,
  isUnauthorized,
  prepareConnectAuth,
} from "../auth/session-auth.js";
import type { HttpServerConfig, ServerConfig, StdioServerConfig } from "../config/types.js";
import { ConnectionError, SwitchboardError } from "../errors.js";
import { ChildProcessTransport, describeExit } from "./child-process-transport.js";
import { completeByDefault } from "./complete-by-default.js";
import { DirectToolCalls } from "./direct-tool-calls.js";
import { allListKinds, fetchListing } from "./fetch-listing.js";
import { lazyValidator } from "./lazy-validator.js";
import { linearJsonSchemaValidator } from "./linear-json-schema-validator.js";
import { memoiseResultValidators } from "./memo-result-validator.js";
import { redact, redactError } from "./redact.js";
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

export interface Session {
  client: Client;
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

const clientInfoDefault = { name: "switchboard", version: "0.1.0" };
const listChangedMethods = {
  tools: "notifications/tools/list_changed",
  resources: "notifications/resources/list_changed",
  prompts: "notifications/prompts/list_changed",
} as const;

class DeadlineExpired extends Error {}

/** How long a failed start waits for the child's exit before deciding the exit was not the cause. */
const exitSettleMs = 500;

/** The stdio child exited (or the connection closed) before the first listing was complete. */
class ExitedBeforeReady extends Error {
  constructor() {
    super("the connection closed before the first listing was complete");
  }
}

/**
 * Opens one session on `config`'s server. `spawned`: a stdio server's child, spawned before the SDK loaded (see
 * stdio-child.ts); this attempt owns it from here on, and kills it when the attempt fails. Without it a stdio
 * attempt spawns its own.
 */
export async function openSession(
  config: ServerConfig,
  hooks: SessionHooks,
  options: ConnectionOptions,
  abort: AbortSignal,
  spawned?: StdioChild,
): Promise<Session> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExpired()), config.connectTimeoutMs);
  const forwardAbort = () => controller.abort(abort.reason);
  abort.addEventListener("abort", forwardAbort, { once: true });
  if (abort.aborted) forwardAbort();
  const attempt: Attempt = { config, hooks, options, signal: controller.signal, started, clients: [] };
  try {
    return await raceAbort(
      config.kind === "stdio" ? openStdio(config, attempt, spawned) : openHttp(config, attempt),
      attempt,
    );
  } catch (error) {
    // Did the child die by itself? Asked before teardown, whose own SIGTERM would otherwise look like the cause.
    // A write to a child that has just died can fail before its exit is reported: wait a moment for the exit,
    // so a server that quits after `initialize` fails with its exit code every time.
    const exitedFirst =
      attempt.child !== undefined &&
      !controller.signal.aborted &&
      (await attempt.child.exitedWithin(lostPipe(error) ? exitSettleMs : 0));
    await teardown(attempt);
    throw failure(config, attempt, error, exitedFirst);
  } finally {
    clearTimeout(timer);
    abort.removeEventListener("abort", forwardAbort);
  }
}

interface Attempt {
  config: ServerConfig;
  hooks: SessionHooks;
  options: ConnectionOptions;
  signal: AbortSignal;
  started: number;
  /** Everything opened so far, for teardown on failure. */
  clients: Array<{ client: Client; child?: ChildProcessTransport }>;
  child?: ChildProcessTransport;
  wire?: WireTransport;
  /** The SDK's refusal of the negotiated revision (a `protocol` the server does not offer). */
  refused?: Error;
  /** Fails the attempt at once (set while it runs): the child exited, so no answer will come. */
  fail?: (error: Error) => void;
}

async function openStdio(
  config: StdioServerConfig,
  attempt: Attempt,
  spawned: StdioChild | undefined,
): Promise<Session> {
  const { options, hooks } = attempt;
  const child = new ChildProcessTransport({
    child: spawned ?? spawnStdioChild(config, options.parentEnv),
    parseMessage: parseJSONRPCMessage,
    onStderr: (chunk) => hooks.onStderr(chunk),
    // Whatever the attempt was waiting for (initialize, a listing, a send into a dead pipe) will never come.
    onExit: () => attempt.fail?.(new ExitedBeforeReady()),
    ...(options.closeGraceMs === undefined ? {} : { closeGraceMs: options.closeGraceMs }),
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
  });
  attempt.child = child;
  attempt.wire = "stdio";
  const { client, session } = newClient(attempt, child, "stdio");
  attempt.clients.push({ client, child });
  await client
    .connect(child, { signal: attempt.signal, timeout: remaining(attempt) })
    .catch((error: unknown) => {
      // The SDK closes the child after a failed negotiation, so its exit would otherwise be given as the reason.
      if (isNegotiationRefusal(error)) attempt.refused = error;
      throw error;
    });
  session.direct = DirectToolCalls.attach(client, child, session.schemaValidator);
  return finish(attempt, session);
}

async function openHttp(config: HttpServerConfig, attempt: Attempt): Promise<Session> {
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: config.headers };
  const connectionAuth = attempt.options.auth;
  await prepareConnectAuth(connectionAuth);
  const authProvider =
    connectionAuth === undefined
      ? {}
      : {
          authProvider: connectionAuth.provider,
          ...(connectionAuth.skipIssuerMetadataValidation === true
            ? { skipIssuerMetadataValidation: true }
            : {}),
        };
  if (config.transport !== "sse") {
    attempt.wire = "streamable-http";
    try {
      return await connectAuthorized(
        attempt,
        "streamable-http",
        () => new StreamableHTTPClientTransport(url, { requestInit, ...authProvider }),
      );
    } catch (error) {
      // The spec's backwards-compatibility rule: a 4xx to the initialize POST means "old HTTP+SSE server".
      if (config.transport === "streamable-http" || !refusesStreamableHttp(error) || attempt.signal.aborted) {
        throw error;
      }
    }
  }
  attempt.wire = "sse";
  return connectAuthorized(
    attempt,
    "sse",
    () => new SSEClientTransport(url, { requestInit, ...authProvider }),
  );
}

/**
 * Connects and lists on a fresh transport; when the server demanded authorization and the handler produced a
 * code, exchanges it on that transport and starts over on a new one (the SDK's own retry covers refresh and
 * non-interactive grants). The provider's authorization budget bounds the loop; the cap below is a backstop.
 */
async function connectAuthorized(
  attempt: Attempt,
  wire: WireTransport,
  makeTransport: () => Transport,
): Promise<Session> {
  const backstop = (attempt.options.auth?.maxAuthorizations ?? 3) + 2;
  for (let round = 1; ; round += 1) {
    const transport = makeTransport();
    const { client, session } = newClient(attempt, transport, wire);
    attempt.clients.push({ client });
    try {
      await client.connect(transport, { signal: attempt.signal, timeout: remaining(attempt) });
      return await finish(attempt, session);
    } catch (error) {
      if (round >= backstop || attempt.signal.aborted) throw error;
      if (!(await finishPendingAuthorization(attempt.options.auth, transport, error))) throw error;
      await closeQuietly(client);
    }
  }
}

/** The server's own `protocol` from the config wins over the host-wide `versionNegotiation`. */
function negotiationFor(
  config: ServerConfig,
  options: ConnectionOptions,
): { versionNegotiation?: VersionNegotiationOptions } {
  switch (config.protocol) {
    case undefined:
      return options.versionNegotiation === undefined
        ? {}
        : { versionNegotiation: options.versionNegotiation };
    case "2025":
      return { versionNegotiation: { ...options.versionNegotiation, mode: "legacy" } };
    case "auto":
      return { versionNegotiation: { ...options.versionNegotiation, mode: "auto" } };
    default:
      return { versionNegotiation: { ...options.versionNegotiation, mode: { pin: config.protocol } } };
  }
}

/** 4xx except auth: 401/403 mean "not allowed", which the legacy transport would not fix. */
function refusesStreamableHttp(error: unknown): boolean {
  if (!(error instanceof SdkHttpError)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;
}

function newClient(attempt: Attempt, transport: Transport, wire: WireTransport) {
  const { options, hooks } = attempt;
  const schemaValidator = lazyValidator(
    linearJsonSchemaValidator((pattern, reason) =>
      hooks.onError(
        new SwitchboardError(
          "PATTERN_NOT_ENFORCED",
          `An output schema's pattern ${JSON.stringify(pattern.slice(0, 200))} is not enforced: it needs a backtracking engine (${reason})`,
        ),
      ),
    ),
  );
  const client = new McpClient(options.clientInfo ?? clientInfoDefault, {
    capabilities: declaredCapabilities(options.features),
    jsonSchemaValidator: schemaValidator,
    ...negotiationFor(attempt.config, options),
  });
  memoiseResultValidators(client);
  completeByDefault(transport, client);
  // Filled in by finish(); hooks only fire for sessions that reached the caller.
  const session = {
    client,
    schemaValidator,
    transport,
    child: attempt.child,
    direct: undefined,
    wire,
    lost: undefined,
    missed: new Set(),
    warnings: new Map(),
  } as Session;
  if (options.features !== undefined) handleClientFeatures(client, session, attempt, options.features);
  for (const kind of Object.keys(listChangedMethods) as ListKind[]) {
    client.setNotificationHandler(listChangedMethods[kind], () => hooks.onListChanged(session, kind));
  }
  client.onclose = () => hooks.onClose(session);
  client.onerror = (error) => hooks.onError(error);
  return { client, session };
}

function declaredCapabilities(features: ClientFeatures | undefined): ClientCapabilities {
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

/** Registers a handler per declared capability, and the notification handlers the connection re-emits. */
function handleClientFeatures(
  client: Client,
  session: Session,
  attempt: Attempt,
  features: ClientFeatures,
): void {
  const { hooks, config } = attempt;
  const asking = async <T>(work: () => Promise<T>): Promise<T> => {
    hooks.onServerRequest?.(session, true);
    try {
      return await work();
    } finally {
      hooks.onServerRequest?.(session, false);
    }
  };
  const { sampling, elicitation, roots } = features;
  if (sampling !== undefined) {
    client.setRequestHandler("sampling/createMessage", (request, ctx) =>
      asking(async () => {
        const answer = await sampling(request.params, { server: config.name, signal: ctx.mcpReq.signal });
        if ("rejected" in answer) throw new ProtocolError(-1, answer.rejected);
        return answer.result;
      }),
    );
  }
  if (elicitation !== undefined) {
    client.setRequestHandler("elicitation/create", (request, ctx) =>
      asking(() => elicitation.handle(request.params, { server: config.name, signal: ctx.mcpReq.signal })),
    );
  }
  if (roots !== undefined) {
    client.setRequestHandler("roots/list", async () => ({ roots: await roots() }));
  }
  client.setNotificationHandler("notifications/message", (notification) =>
    hooks.onLog?.(session, notification.params),
  );
  client.setNotificationHandler("notifications/resources/updated", (notification) =>
    hooks.onResourceUpdated?.(session, notification.params.uri),
  );
}

async function finish(attempt: Attempt, session: Session): Promise<Session> {
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

function remaining(attempt: Attempt): number {
  return Math.max(1, attempt.config.connectTimeoutMs - (performance.now() - attempt.started));
}

/** Spawn and the legacy SSE handshake do not take a signal; the deadline must still win. */
function raceAbort<T>(promise: Promise<T>, attempt: Attempt): Promise<T> {
  return new Promise((resolve, reject) => {
    attempt.fail = reject;
    const onAbort = () => reject(attempt.signal.reason);
    if (attempt.signal.aborted) onAbort();
    attempt.signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        attempt.signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        attempt.signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

async function teardown(attempt: Attempt): Promise<void> {
  const graceMs = attempt.options.killGraceMs ?? 2_000;
  await Promise.all(
    attempt.clients.map(async ({ client, child }) => {
      // Detach first: the close below is ours, not a crash to report.
      client.onclose = () => {};
      await Promise.all([child?.kill(graceMs), closeQuietly(client)]);
    }),
  );
}

async function closeQuietly(client: Client): Promise<void> {
  try {
    await client.close();
  } catch {
    // Tearing down a connection that failed; its close errors add nothing.
  }
}

function failure(
  config: ServerConfig,
  attempt: Attempt,
  error: unknown,
  exitedFirst: boolean,
): ConnectionError {
  const transport = attempt.wire ?? (config.kind === "stdio" ? "stdio" : config.transport);
  const stderrTail = attempt.hooks.stderrTail();
  const authSecrets = interactiveProvider(attempt.options.auth)?.secretValues() ?? [];
  // An SDK error quoting a token endpoint's reply must not carry a token out through `cause`.
  const cause = authSecrets.length === 0 ? error : redactError(error, (text) => redact(text, authSecrets));
  const options = { cause, ...(stderrTail === undefined ? {} : { stderrTail }) };
  const where = config.kind === "stdio" ? `"${config.command}"` : describeUrl(config.url);
  let reason: string;
  // The SDK may reject with its own error once the deadline aborted it: the deadline is still the reason.
  if (error instanceof DeadlineExpired || attempt.signal.reason instanceof DeadlineExpired) {
    reason = `did not become ready within ${config.connectTimeoutMs} ms (connectTimeoutMs)`;
  } else if (attempt.signal.aborted) {
    reason = "connect was cancelled because the connection was closed";
  } else if (attempt.refused !== undefined || isNegotiationRefusal(error)) {
    const refusal = attempt.refused ?? (error as Error);
    const asked =
      config.protocol === undefined
        ? "the revision versionNegotiation asks for"
        : `the revision its config asks for ("protocol": ${JSON.stringify(config.protocol)})`;
    reason = `does not speak ${asked}: ${refusal.message}`;
  } else if (exitedFirst && attempt.child?.exit !== undefined && attempt.child.pid !== undefined) {
    reason = `${describeExit(attempt.child.exit)} before it was ready`;
  } else if (isSpawnError(error)) {
    reason = `could not start ${where}: ${error.message}`;
  } else if (error instanceof AuthError || isUnauthorized(error)) {
    const detail = error instanceof AuthError ? error.message : "the server requires authorization";
    reason = `could not be authorized at ${where}: ${detail}`;
  } else {
    reason = `failed to connect to ${where} over ${transport}: ${describeError(error)}`;
  }
  const message = redact(attempt.hooks.redact(`Server "${config.name}" ${reason}`), authSecrets);
  return new ConnectionError(config.name, transport, message, options);
}

/** The SDK found no revision both sides speak under the connection's negotiation mode. */
function isNegotiationRefusal(error: unknown): error is Error {
  return (
    error instanceof UnsupportedProtocolVersionError ||
    (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed)
  );
}

/** The failure of a write to, or a read from, a child that is going away. */
function lostPipe(error: unknown): boolean {
  if (error instanceof ExitedBeforeReady) return true;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "EPIPE" || (error instanceof Error && error.message.includes("Not connected"));
}

function isSpawnError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

function describeError(error: unknown): string {
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed)
    return "the connection closed";
  return error instanceof Error ? error.message : String(error);
}

/** Origin and path only: query strings and userinfo can hold tokens. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "<invalid url>";
  }
}
