/**
 * The half of opening a session that runs through the MCP client SDK: every HTTP session, a stdio session the
 * SDK-free client does not serve (a 2026 revision, `stdioClient: "sdk"`, or a server that declared skills, which
 * the SDK client then takes over after the handshake), and the SDK client that answers an SDK-free session's
 * sampling and elicitation requests. Loaded, with the SDK, by `open-session.ts` only when one of those is asked
 * for.
 */
import type {
  Client,
  JSONRPCMessage,
  Transport,
  VersionNegotiationOptions,
} from "@modelcontextprotocol/client";
import {
  Client as McpClient,
  ProtocolError,
  parseJSONRPCMessage,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { finishPendingAuthorization, prepareConnectAuth } from "../auth/session-auth.js";
import type { HttpServerConfig, ServerConfig, StdioServerConfig } from "../config/types.js";
import type { ChildProcessTransport } from "./child-process-transport.js";
import { completeByDefault } from "./complete-by-default.js";
import { DirectToolCalls } from "./direct-tool-calls.js";
import { memoiseResultValidators } from "./memo-result-validator.js";
import { outputSchemaValidator } from "./open-session.js";
import {
  type Attempt,
  clientInfoDefault,
  closeQuietly,
  declaredCapabilities,
  finish,
  isNegotiationRefusal,
  listChangedMethods,
  remaining,
  type Session,
  stdioTransport,
} from "./session-attempt.js";
import type { StdioChild } from "./stdio-child.js";
import type { ClientFeatures, ConnectionOptions, ListKind, WireTransport } from "./types.js";
import type { ServerMessageSink, WireClient } from "./wire-client.js";

export async function openSdkStdio(
  config: StdioServerConfig,
  attempt: Attempt,
  spawned: StdioChild | undefined,
): Promise<Session> {
  const child = stdioTransport(config, attempt, spawned, parseJSONRPCMessage);
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

export async function openHttp(config: HttpServerConfig, attempt: Attempt): Promise<Session> {
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
  const schemaValidator = outputSchemaValidator(hooks);
  const client = sdkClient(attempt, transport, schemaValidator);
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
  } as unknown as Session;
  if (options.features !== undefined) handleClientFeatures(client, session, attempt, options.features);
  for (const kind of Object.keys(listChangedMethods) as ListKind[]) {
    client.setNotificationHandler(listChangedMethods[kind], () => hooks.onListChanged(session, kind));
  }
  client.onclose = () => hooks.onClose(session);
  client.onerror = (error) => hooks.onError(error);
  return { client, session };
}

/** An SDK client for the attempt: its declared features, validator and negotiation. */
function sdkClient(
  attempt: Attempt,
  transport: Transport,
  schemaValidator: Session["schemaValidator"],
): Client {
  const { options } = attempt;
  const client = new McpClient(options.clientInfo ?? clientInfoDefault, {
    capabilities: declaredCapabilities(options.features),
    jsonSchemaValidator: schemaValidator,
    ...negotiationFor(attempt.config, options),
  });
  memoiseResultValidators(client);
  completeByDefault(transport, client);
  return client;
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

/**
 * The SDK client that answers what an SDK-free session's client does not read itself (a sampling or elicitation
 * request, an unusual `roots/list` or log line): made when the first such message arrives, with the features'
 * handlers, and given the handshake's facts so it validates in the negotiated era. It reads only what it is
 * handed and writes its answers to the same child; the session's own client keeps everything else.
 */
export async function serverMessageSink(
  attempt: Attempt,
  session: Session,
  wire: WireClient,
  child: ChildProcessTransport,
): Promise<ServerMessageSink> {
  const view = new HandedView(child);
  const client = sdkClient(attempt, view, session.schemaValidator);
  const { features } = attempt.options;
  if (features !== undefined) handleClientFeatures(client, session, attempt, features);
  client.onerror = (error) => attempt.hooks.onError(error);
  await client.connect(view);
  if (!takeHandshake(client, wire)) {
    throw new Error("the MCP client SDK could not take over the initialized session");
  }
  return {
    deliver: (message) => view.onmessage?.(message),
    closed: () => view.onclose?.(),
  };
}

/** Gives `client` the facts of the handshake `wire` ran; false when the SDK no longer reads them there. */
function takeHandshake(client: Client, wire: WireClient): boolean {
  const internals = client as unknown as Record<string, unknown>;
  const capabilities = wire.getServerCapabilities();
  const version = wire.getNegotiatedProtocolVersion();
  internals._serverCapabilities = capabilities;
  internals._serverVersion = wire.getServerVersion();
  internals._instructions = wire.getInstructions();
  internals._negotiatedProtocolVersion = version;
  internals._requestMessageId = wire.nextRequestId;
  return (
    client.getServerCapabilities() === capabilities &&
    client.getNegotiatedProtocolVersion() === version &&
    typeof internals._requestMessageId === "number"
  );
}

/**
 * A started transport with a session id (so a legacy connect skips `initialize`) whose incoming messages are
 * only those handed to it; what the client sends goes to the child.
 */
class HandedView implements Transport {
  readonly sessionId = "stdio";
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: Transport["onclose"];
  onerror?: Transport["onerror"];
  protected readonly child: ChildProcessTransport;

  constructor(child: ChildProcessTransport) {
    this.child = child;
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  send(message: Parameters<Transport["send"]>[0]): Promise<void> {
    return this.child.send(message);
  }

  /** The session's own client closes the child; this view only stops. */
  close(): Promise<void> {
    this.onclose?.();
    return Promise.resolve();
  }
}

/**
 * Hands a stdio session that the SDK-free client has initialized to an SDK client, which the server's
 * capabilities need (skills, which only the SDK's `SkillsClient` lists): the SDK client connects through a view
 * of the same transport that carries a session id, so its legacy connect skips `initialize` (its rule for
 * resuming a session), and is given the handshake's facts. The server sees one session and one handshake.
 * Throws when the SDK no longer reads those facts where this writes them, and the attempt fails (the caller then
 * names the server).
 */
export async function adoptWireSession(
  attempt: Attempt,
  wire: WireClient,
  child: ChildProcessTransport,
): Promise<Session> {
  const view = new InitializedView(child);
  const { client, session } = newClient(attempt, view, "stdio");
  attempt.clients.push({ client, child });
  await client.connect(view, { signal: attempt.signal, timeout: remaining(attempt) });
  if (!takeHandshake(client, wire)) {
    throw new Error("the MCP client SDK could not take over the initialized session");
  }
  session.direct = DirectToolCalls.attach(client, child, session.schemaValidator);
  return finish(attempt, session);
}

/**
 * The transport of an initialized stdio session, as the SDK client taking it over sees it: started, with a
 * session id, and from its start every message and event of the child's.
 */
class InitializedView extends HandedView {
  override start(): Promise<void> {
    const child = this.child;
    child.onmessage = (message) => this.onmessage?.(message);
    child.onclose = () => this.onclose?.();
    child.onerror = (error) => this.onerror?.(error);
    return Promise.resolve();
  }

  /** The SDK client owns the session now: closing it closes the child. */
  override close(): Promise<void> {
    return this.child.close();
  }
}
