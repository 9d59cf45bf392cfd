/**
 * One attempt to bring a server up: spawn or dial, `initialize`, and the first full listing, all inside one
 * deadline. Either returns a live session or throws a `ConnectionError` after tearing down whatever it started
 * (no half-started child survives a failed attempt).
 */
import type { Client, Transport } from "@modelcontextprotocol/client";
import {
  Client as McpClient,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import type { HttpServerConfig, ServerConfig, StdioServerConfig } from "../config/types.js";
import { ConnectionError } from "../errors.js";
import { buildChildEnv } from "./child-env.js";
import { ChildProcessTransport, describeExit } from "./child-process-transport.js";
import { allListKinds, fetchListing } from "./fetch-listing.js";
import type { ConnectionOptions, ListKind, ServerListing, SessionInfo, WireTransport } from "./types.js";

export interface SessionHooks {
  onStderr(chunk: string): void;
  onListChanged(session: Session, kind: ListKind): void;
  /** The transport closed. Fires for unexpected exits and for our own close alike; the owner tells them apart. */
  onClose(session: Session): void;
  onError(error: Error): void;
  /** The stderr tail (already redacted) for error reports. */
  stderrTail(): string | undefined;
  redact(text: string): string;
}

export interface Session {
  client: Client;
  transport: Transport;
  child: ChildProcessTransport | undefined;
  wire: WireTransport;
  info: SessionInfo;
  listing: ServerListing;
  /** Set when the transport closed; the error in-flight calls are failed with. */
  lost: ConnectionError | undefined;
  /** list_changed kinds that arrived before the owner adopted the session (during the first listing). */
  missed: Set<ListKind>;
}

const clientInfoDefault = { name: "switchboard", version: "0.1.0" };
const listChangedMethods = {
  tools: "notifications/tools/list_changed",
  resources: "notifications/resources/list_changed",
  prompts: "notifications/prompts/list_changed",
} as const;

class DeadlineExpired extends Error {}

export async function openSession(
  config: ServerConfig,
  hooks: SessionHooks,
  options: ConnectionOptions,
  abort: AbortSignal,
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
      config.kind === "stdio" ? openStdio(config, attempt) : openHttp(config, attempt),
      attempt,
    );
  } catch (error) {
    await teardown(attempt);
    throw failure(config, attempt, error);
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
}

async function openStdio(config: StdioServerConfig, attempt: Attempt): Promise<Session> {
  const { options, hooks } = attempt;
  const child = new ChildProcessTransport({
    command: config.command,
    args: config.args,
    env: buildChildEnv(config.env, options.parentEnv ?? process.env),
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
    onStderr: (chunk) => hooks.onStderr(chunk),
    ...(options.closeGraceMs === undefined ? {} : { closeGraceMs: options.closeGraceMs }),
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
  });
  attempt.child = child;
  attempt.wire = "stdio";
  const { client, session } = newClient(attempt, child, "stdio");
  attempt.clients.push({ client, child });
  await client.connect(child, { signal: attempt.signal, timeout: remaining(attempt) });
  return finish(attempt, session);
}

async function openHttp(config: HttpServerConfig, attempt: Attempt): Promise<Session> {
  const url = new URL(config.url);
  const requestInit: RequestInit = { headers: config.headers };
  if (config.transport !== "sse") {
    attempt.wire = "streamable-http";
    const transport = new StreamableHTTPClientTransport(url, { requestInit });
    const { client, session } = newClient(attempt, transport, "streamable-http");
    attempt.clients.push({ client });
    try {
      await client.connect(transport, { signal: attempt.signal, timeout: remaining(attempt) });
      return await finish(attempt, session);
    } catch (error) {
      // The spec's backwards-compatibility rule: a 4xx to the initialize POST means "old HTTP+SSE server".
      if (config.transport === "streamable-http" || !refusesStreamableHttp(error) || attempt.signal.aborted) {
        throw error;
      }
      await closeQuietly(client);
    }
  }
  attempt.wire = "sse";
  const transport = new SSEClientTransport(url, { requestInit });
  const { client, session } = newClient(attempt, transport, "sse");
  attempt.clients.push({ client });
  await client.connect(transport, { signal: attempt.signal, timeout: remaining(attempt) });
  return finish(attempt, session);
}

/** 4xx except auth: 401/403 mean "not allowed", which the legacy transport would not fix. */
function refusesStreamableHttp(error: unknown): boolean {
  if (!(error instanceof SdkHttpError)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;
}

function newClient(attempt: Attempt, transport: Transport, wire: WireTransport) {
  const { options, hooks } = attempt;
  const client = new McpClient(options.clientInfo ?? clientInfoDefault, {
    capabilities: {},
    ...(options.versionNegotiation === undefined ? {} : { versionNegotiation: options.versionNegotiation }),
  });
  // Filled in by finish(); hooks only fire for sessions that reached the caller.
  const session = {
    client,
    transport,
    child: attempt.child,
    wire,
    lost: undefined,
    missed: new Set(),
  } as Session;
  for (const kind of Object.keys(listChangedMethods) as ListKind[]) {
    client.setNotificationHandler(listChangedMethods[kind], () => hooks.onListChanged(session, kind));
  }
  client.onclose = () => hooks.onClose(session);
  client.onerror = (error) => hooks.onError(error);
  return { client, session };
}

async function finish(attempt: Attempt, session: Session): Promise<Session> {
  const { client } = session;
  const capabilities = client.getServerCapabilities() ?? {};
  const listing = await fetchListing(client, capabilities, allListKinds, {
    signal: attempt.signal,
    timeout: remaining(attempt),
  });
  const instructions = client.getInstructions();
  const pid = session.child?.pid;
  session.listing = {
    tools: listing.tools ?? [],
    resources: listing.resources ?? [],
    resourceTemplates: listing.resourceTemplates ?? [],
    prompts: listing.prompts ?? [],
  };
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

function failure(config: ServerConfig, attempt: Attempt, error: unknown): ConnectionError {
  const transport = attempt.wire ?? (config.kind === "stdio" ? "stdio" : config.transport);
  const stderrTail = attempt.hooks.stderrTail();
  const options = { cause: error, ...(stderrTail === undefined ? {} : { stderrTail }) };
  const where = config.kind === "stdio" ? `"${config.command}"` : describeUrl(config.url);
  let reason: string;
  if (error instanceof DeadlineExpired) {
    reason = `did not become ready within ${config.connectTimeoutMs} ms (connectTimeoutMs)`;
  } else if (attempt.signal.aborted) {
    reason = "connect was cancelled because the connection was closed";
  } else if (attempt.child?.exit !== undefined && attempt.child.pid !== undefined) {
    reason = `${describeExit(attempt.child.exit)} before it was ready`;
  } else if (isSpawnError(error)) {
    reason = `could not start ${where}: ${error.message}`;
  } else {
    reason = `failed to connect to ${where} over ${transport}: ${describeError(error)}`;
  }
  const message = attempt.hooks.redact(`Server "${config.name}" ${reason}`);
  return new ConnectionError(config.name, transport, message, options);
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
