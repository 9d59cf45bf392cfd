/**
 * The downstream side: every client connected to the gateway (one stdio connection, one HTTP session, or one
 * stateless HTTP request), the calls each has in flight on which upstream server, and where a message coming up
 * from a server goes. A server-to-client request raised while a client's call is running on that server goes to
 * that client, on that call's stream; otherwise to the newest session that declared the capability; otherwise it
 * is answered with an error. Nothing is sent to a client that did not declare the capability.
 */
import type {
  ClientCapabilities,
  LoggingLevel,
  Progress,
  Server,
  ServerContext,
} from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
/** Server-to-client requests the gateway forwards downstream. */
export type ForwardedRequestMethod = "sampling/createMessage" | "elicitation/create";

export interface Peer {
  readonly id: number;
  readonly server: Server;
  /** One HTTP request per instance: no session to carry a request back, nothing to notify later. */
  readonly stateless: boolean;
  /** Set once the client's `notifications/initialized` arrived (session-wide notifications wait for it). */
  initialized: boolean;
  /** The client's `logging/setLevel`; undefined means every level. */
  logLevel: LoggingLevel | undefined;
  /** Downstream URIs this client subscribed to. */
  readonly subscriptions: Set<string>;
}

export interface ActiveCall {
  peer: Peer;
  context: ServerContext;
}

/** How long a forwarded request may wait for a person (elicitation) or a model (sampling). */
const forwardTimeoutMs = 10 * 60_000;

const severity: Record<LoggingLevel, number> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

export class DownstreamPeers {
  readonly #peers = new Map<number, Peer>();
  readonly #active = new Map<string, ActiveCall[]>();
  /** URL-mode elicitations by id, so their completion notice reaches the client that was asked. */
  readonly #elicitations = new Map<string, Peer>();
  #nextId = 1;

  add(server: Server, stateless: boolean): Peer {
    const peer: Peer = {
      id: this.#nextId++,
      server,
      stateless,
      initialized: false,
      logLevel: undefined,
      subscriptions: new Set(),
    };
    this.#peers.set(peer.id, peer);
    return peer;
  }

  remove(peer: Peer): void {
    this.#peers.delete(peer.id);
    for (const [id, owner] of this.#elicitations) if (owner === peer) this.#elicitations.delete(id);
  }

  get size(): number {
    return this.#peers.size;
  }

  /** Records a call in flight on `upstream`; returns the function that forgets it. */
  track(upstream: string, call: ActiveCall): () => void {
    const calls = this.#active.get(upstream) ?? [];
    calls.push(call);
    this.#active.set(upstream, calls);
    return () => {
      const index = calls.indexOf(call);
      if (index >= 0) calls.splice(index, 1);
      if (calls.length === 0 && this.#active.get(upstream) === calls) this.#active.delete(upstream);
    };
  }

  /** Sends an upstream server's sampling or elicitation request to the right client and returns its answer. */
  async forwardRequest(
    upstream: string,
    request: { method: ForwardedRequestMethod; params: Record<string, unknown> },
    upstreamSignal: AbortSignal,
    onProgress?: (progress: Progress) => void,
  ): Promise<Record<string, unknown>> {
    const call = this.#active.get(upstream)?.at(-1);
    const what = describe(request);
    const options = {
      signal: upstreamSignal,
      timeout: forwardTimeoutMs,
      resetTimeoutOnProgress: true,
      ...(onProgress === undefined ? {} : { onprogress: onProgress }),
    };
    const params = withoutProgressToken(request.params);
    if (call !== undefined) {
      if (call.peer.stateless) {
        throw refused(
          `Server "${upstream}" sent ${what}, but this client is served per request (stateless HTTP or the 2026-07-28 revision) and cannot be sent a request`,
        );
      }
      if (!supports(call.peer.server.getClientCapabilities(), request)) {
        throw refused(
          `Server "${upstream}" sent ${what}, which the connected client did not declare support for`,
        );
      }
      this.#remember(call.peer, request);
      return (await call.context.mcpReq.send({ method: request.method, params }, options)) as Record<
        string,
        unknown
      >;
    }
    const peer = [...this.#peers.values()]
      .reverse()
      .find(
        (candidate) =>
          candidate.initialized &&
          !candidate.stateless &&
          supports(candidate.server.getClientCapabilities(), request),
      );
    if (peer === undefined) {
      throw refused(`Server "${upstream}" sent ${what}, but no connected client declared support for it`);
    }
    this.#remember(peer, request);
    return (await peer.server.request({ method: request.method, params }, options)) as Record<
      string,
      unknown
    >;
  }

  /** A log message from `upstream`: on the stream of a call running there, else to every session. */
  log(upstream: string, params: Record<string, unknown>): void {
    const level = params.level as LoggingLevel;
    const message = { ...params, logger: typeof params.logger === "string" ? params.logger : upstream };
    const call = this.#active.get(upstream)?.at(-1);
    if (call !== undefined) {
      if (wants(call.peer, level)) {
        void call.context.mcpReq.notify({ method: "notifications/message", params: message }).catch(() => {});
      }
      return;
    }
    for (const peer of this.sessions()) {
      if (wants(peer, level)) {
        void peer.server.notification({ method: "notifications/message", params: message }).catch(() => {});
      }
    }
  }

  /** `notifications/resources/updated` to the sessions subscribed to that downstream URI. */
  resourceUpdated(uri: string): void {
    for (const peer of this.sessions()) {
      if (peer.subscriptions.has(uri)) void peer.server.sendResourceUpdated({ uri }).catch(() => {});
    }
  }

  elicitationComplete(params: Record<string, unknown>): void {
    const id = typeof params.elicitationId === "string" ? params.elicitationId : undefined;
    const peer = id === undefined ? undefined : this.#elicitations.get(id);
    if (peer === undefined || id === undefined) return;
    this.#elicitations.delete(id);
    void peer.server
      .notification({ method: "notifications/elicitation/complete", params: { elicitationId: id } })
      .catch(() => {});
  }

  /** A list_changed notification to every initialized session. */
  listChanged(kind: "tools" | "resources" | "prompts"): void {
    for (const peer of this.sessions()) {
      const sent =
        kind === "tools"
          ? peer.server.sendToolListChanged()
          : kind === "resources"
            ? peer.server.sendResourceListChanged()
            : peer.server.sendPromptListChanged();
      void sent.catch(() => {});
    }
  }

  /** Peers that hold a session: initialized, not stateless. */
  sessions(): Peer[] {
    return [...this.#peers.values()].filter((peer) => peer.initialized && !peer.stateless);
  }

  #remember(peer: Peer, request: { method: ForwardedRequestMethod; params: Record<string, unknown> }): void {
    const id = request.params.elicitationId;
    if (request.params.mode === "url" && typeof id === "string") this.#elicitations.set(id, peer);
  }
}

/** Whether declared capabilities cover the request (a bare `elicitation: {}` means form mode). */
export function supports(
  capabilities: ClientCapabilities | undefined,
  request: { method: ForwardedRequestMethod; params: Record<string, unknown> },
): boolean {
  if (capabilities === undefined) return false;
  if (request.method === "sampling/createMessage") {
    if (capabilities.sampling === undefined) return false;
    return request.params.tools === undefined || capabilities.sampling.tools !== undefined;
  }
  const elicitation = capabilities.elicitation;
  if (elicitation === undefined) return false;
  const mode = request.params.mode === "url" ? "url" : "form";
  const declared = elicitation as { form?: unknown; url?: unknown };
  if (mode === "url") return declared.url !== undefined;
  return declared.form !== undefined || declared.url === undefined;
}

function wants(peer: Peer, level: LoggingLevel): boolean {
  if (peer.logLevel === undefined) return true;
  return (severity[level] ?? 0) >= severity[peer.logLevel];
}

function describe(request: { method: ForwardedRequestMethod; params: Record<string, unknown> }): string {
  if (request.method === "sampling/createMessage") return "a sampling request";
  return `an elicitation request (${request.params.mode === "url" ? "url" : "form"} mode)`;
}

function refused(message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidRequest, message);
}

/** The upstream's progress token is its own; the gateway asks downstream with a token of its own instead. */
function withoutProgressToken(params: Record<string, unknown>): Record<string, unknown> {
  const meta = params._meta;
  if (meta === null || typeof meta !== "object" || !("progressToken" in meta)) return params;
  const { progressToken: _dropped, ...rest } = meta as Record<string, unknown>;
  const copy = { ...params };
  if (Object.keys(rest).length === 0) delete copy._meta;
  else copy._meta = rest;
  return copy;
}
