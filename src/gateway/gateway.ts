/**
 * The gateway core: one host (every upstream server, one live catalogue) shared by every downstream connection.
 * It owns the current view (tools, resources, prompts at the catalogue's generation), answers tool calls through
 * dispatch exactly as the agent loop does, resolves downstream URIs and names back to servers through tables,
 * turns catalogue changes into list_changed notifications (only when what clients see actually changed), and
 * routes what servers send up (sampling, elicitation, logs, resource updates) to the right client.
 */
import type { CallToolResult, Implementation, Server } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { connectHost, type Host, type HostOptions } from "../catalog/host.js";
import type { SwitchboardConfig } from "../config/types.js";
import type { ServerConnection } from "../connect/server-connection.js";
import { TypedEmitter } from "../connect/typed-emitter.js";
import type { ClientFeatures, ClientRequestContext } from "../connect/types.js";
import type { ApprovalPolicy } from "../dispatch/approval.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import type { DispatchHost } from "../dispatch/types.js";
import { SwitchboardError } from "../errors.js";
import type { LockFile } from "../pinning/lock-file.js";
import { type PinnedCatalog, pinnedCatalog } from "../pinning/pinned-catalog.js";
import { canonicalJson } from "../schema/canonical-json.js";
import type { Toolset } from "../toolset/build-toolset.js";
import { ToolTranslationCache } from "../toolset/translation-cache.js";
import { createGatewayServer } from "./create-server.js";
import { type ActiveCall, DownstreamPeers, type Peer } from "./downstream-peers.js";
import { DownstreamTasks } from "./downstream-tasks.js";
import { buildGatewayView, type GatewayTool, type GatewayView } from "./gateway-view.js";
import type { UpstreamResource } from "./resource-table.js";
import { toCallToolResult } from "./to-call-tool-result.js";
import { passThrough } from "./upstream-errors.js";

/**
 * What downstream clients see as tools and how their calls are answered. The default lists the agent's selection
 * under the `mcp` target and dispatches by name; a search facade lists its two tools and dispatches through
 * `context.dispatch` after its own lookup.
 */
export interface ToolSurface {
  listTools(view: GatewayView): readonly GatewayTool[];
  callTool(name: string, args: unknown, context: ToolCallContext): Promise<CallToolResult>;
}

/** What a `ToolSurface` gets with a call: the view it was listed from, the abort signal and dispatch. */
export interface ToolCallContext {
  view: GatewayView;
  signal: AbortSignal;
  /**
   * Dispatches one call by its emitted name against `view`'s name table (or `toolset`'s, which then also answers
   * through its own `resolution`) and maps the answer to MCP.
   */
  dispatch(name: string, args: unknown, toolset?: Toolset): Promise<CallToolResult>;
}

/** The default surface: lists the catalogue's tools and answers each call through dispatch. */
export const catalogueSurface: ToolSurface = {
  listTools: (view) => view.tools,
  callTool: (name, args, context) => context.dispatch(name, args),
};

/** Options for a `Gateway`: which agent's servers and tools to serve, and how calls are answered. */
export interface GatewayOptions {
  /** Serve only this agent's servers and tool selection. */
  agent?: string;
  /** Connection options for the upstream host (restart policy, client info, ...); `features` is the gateway's. */
  host?: Omit<HostOptions, "features">;
  approval?: ApprovalPolicy;
  /** Longest tool result before truncation (dispatch's default applies when absent). */
  maxResultTokens?: number;
  /** Per-call limit; default each server's `timeoutMs`. */
  timeoutMs?: number;
  /** What clients see as tools; a function is given the gateway (its catalogue, config, view) once it exists. */
  toolSurface?: ToolSurface | ((gateway: Gateway) => ToolSurface);
  /**
   * Pinned tool definitions (`switchboard.lock`): a tool whose definition differs from its pin, or that was never
   * pinned, is kept out of the view and a call to it is refused until the change is approved.
   */
  lock?: LockFile;
  /** How the gateway introduces itself to clients. */
  serverInfo?: Implementation;
}

/** What a `Gateway` emits: list changes it notified clients of, and upstream resource updates. */
export interface GatewayEvents {
  /** What clients see of this kind changed (emitted after every session was notified). */
  listChanged: (kind: "tools" | "resources" | "prompts") => void;
  /** An upstream resource changed; `uri` is its downstream URI. */
  resourceUpdated: (uri: string) => void;
}

/** Most recent URIs seen in results, so a link a server handed out can be read back through the gateway. */
const issuedLimit = 10_000;

/**
 * One host's curated catalogue served as a single MCP server to any number of clients; serve it with
 * `serveGatewayStdio` or `serveGatewayHttp`.
 */
export class Gateway extends TypedEmitter<GatewayEvents> {
  readonly host: Host;
  /** What clients may see of the host's catalogue: the pinned view under a lock file, the catalogue otherwise. */
  readonly catalog: PinnedCatalog | Host["catalog"];
  readonly config: SwitchboardConfig;
  readonly peers = new DownstreamPeers();
  /** Tasks downstream clients created (task-augmented `tools/call`). */
  readonly tasks = new DownstreamTasks();
  readonly serverInfo: Implementation;
  readonly #options: GatewayOptions;
  readonly #issued = new Map<string, UpstreamResource>();
  /** Upstream subscriptions shared by the clients subscribed to the same resource. */
  readonly #subscribers = new Map<string, Set<Peer>>();
  #view: GatewayView | undefined;
  /** Per-tool translations across generations: a list_changed re-translates only the tools that changed. */
  readonly #translations = new ToolTranslationCache();
  #shown: Record<"tools" | "resources" | "prompts", string>;
  readonly #detach: (() => void)[];
  readonly #surface: ToolSurface;

  private constructor(host: Host, config: SwitchboardConfig, options: GatewayOptions) {
    super();
    this.host = host;
    this.catalog = options.lock === undefined ? host.catalog : pinnedCatalog(host.catalog, options.lock);
    this.config = config;
    this.#options = options;
    this.serverInfo = options.serverInfo ?? { name: "switchboard", version: "0.1.0" };
    const surface = options.toolSurface;
    this.#surface = typeof surface === "function" ? surface(this) : (surface ?? catalogueSurface);
    this.#shown = this.#fingerprints(this.view());
    this.#detach = [host.catalog.on("change", () => this.#onCatalogChange())];
    for (const connection of host.pool.connections) {
      const server = connection.name;
      this.#detach.push(
        connection.on("log", (message) => this.peers.log(server, message as Record<string, unknown>)),
        connection.on("resourceUpdated", (uri) => {
          const downstream = this.downstreamUri(server, uri);
          this.peers.resourceUpdated(downstream);
          this.emit("resourceUpdated", downstream);
        }),
      );
    }
  }

  /** Connects every (agent's) server and returns the gateway; failed servers are left out, not fatal. */
  static async start(config: SwitchboardConfig, options: GatewayOptions = {}): Promise<Gateway> {
    const agent = options.agent;
    if (agent !== undefined && !Object.hasOwn(config.agents, agent)) {
      const known = Object.keys(config.agents);
      throw new SwitchboardError(
        "USAGE",
        `No agent named "${agent}" in ${config.file}; ${known.length === 0 ? "it defines no agents" : `agents: ${known.join(", ")}`}`,
      );
    }
    // A server that asks before the gateway exists (while it is still starting) gets an error saying so.
    let gateway: Gateway | undefined;
    const forward = (
      method: "sampling/createMessage" | "elicitation/create",
      params: object,
      context: ClientRequestContext,
    ) => {
      if (gateway === undefined)
        throw new ProtocolError(ProtocolErrorCode.InternalError, "The gateway is starting");
      return gateway.peers.forwardRequest(
        context.server,
        { method, params: params as Record<string, unknown> },
        context.signal,
      );
    };
    const features: ClientFeatures = {
      sampling: async (params, context) => ({
        result: (await forward("sampling/createMessage", params, context)) as never,
      }),
      elicitation: {
        url: true,
        handle: async (params, context) => (await forward("elicitation/create", params, context)) as never,
      },
    };
    const only = agent === undefined ? undefined : config.agents[agent]?.servers;
    const host = await connectHost(config, {
      ...options.host,
      ...(only === undefined ? {} : { only }),
      features,
    });
    await host.catalog.settled();
    gateway = new Gateway(host, config, options);
    return gateway;
  }

  /** The view at the catalogue's current generation (rebuilt only when the generation moves). */
  view(): GatewayView {
    const snapshot = this.catalog.snapshot();
    if (this.#view?.generation !== snapshot.generation) {
      this.#view = buildGatewayView(snapshot, this.config, this.#options.agent, this.#translations);
    }
    return this.#view;
  }

  get toolSurface(): ToolSurface {
    return this.#surface;
  }

  /** A new SDK server for one downstream connection: a stdio client, an HTTP session, or one stateless request. */
  createServer(options: { stateless?: boolean } = {}): Server {
    return createGatewayServer(this, options.stateless ?? false);
  }

  /** The connection to an upstream server (its request methods fail with a typed error when it is not ready). */
  upstream(server: string): ServerConnection {
    const connection = this.host.pool.get(server);
    if (connection === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InternalError, `No server "${server}" behind the gateway`);
    }
    return connection;
  }

  /**
   * Answers one `tools/call` by emitted name through dispatch, forwarding progress to the caller and recording the
   * call so the server's sampling and elicitation requests reach this client.
   */
  async dispatch(
    name: string,
    args: unknown,
    view: GatewayView,
    call: ActiveCall,
    progressToken: string | number | undefined,
    toolset: Toolset = view.toolset,
    task?: { signal: AbortSignal; onStatus: (message: string) => void },
  ): Promise<CallToolResult> {
    const { context } = call;
    let raw: unknown;
    // Progress must reach the client before the result, or the client drops it as late.
    const notices: Promise<void>[] = [];
    const host: DispatchHost = {
      catalog: this.catalog,
      callTool: async (server, tool, toolArgs, options) => {
        const untrack = this.peers.track(server, call);
        try {
          raw = await this.host.callTool(server, tool, toolArgs, {
            ...options,
            ...(task !== undefined
              ? {
                  // A downstream task: the upstream's progress messages become its status message.
                  onprogress: (progress) => {
                    const message = upstreamStatus(progress.message);
                    if (message !== undefined) task.onStatus(message);
                  },
                }
              : progressToken === undefined
                ? {}
                : {
                    onprogress: (progress) => {
                      notices.push(
                        context.mcpReq
                          .notify({
                            method: "notifications/progress",
                            params: { ...progress, progressToken },
                          })
                          .catch(() => {}),
                      );
                    },
                  }),
          });
          return raw as Awaited<ReturnType<DispatchHost["callTool"]>>;
        } finally {
          untrack();
        }
      },
    };
    const [result] = await dispatchToolCalls([{ id: String(context.mcpReq.id), name, arguments: args }], {
      toolset,
      host,
      // A task outlives the request that created it: only tasks/cancel (or its expiry) stops it.
      signal: task?.signal ?? context.mcpReq.signal,
      ...(this.#options.approval === undefined ? {} : { approval: this.#options.approval }),
      ...(this.#options.maxResultTokens === undefined
        ? {}
        : { maxResultTokens: this.#options.maxResultTokens }),
      ...(this.#options.timeoutMs === undefined ? {} : { timeoutMs: this.#options.timeoutMs }),
    });
    await Promise.all(notices);
    // dispatchToolCalls answers every call it is given.
    const answer = result!;
    const server = answer.server;
    return toCallToolResult(answer, raw, (uri) =>
      server === undefined ? uri : this.downstreamUri(server, uri),
    );
  }

  /** The downstream form of a URI a server used, remembered so it can be read back. */
  downstreamUri(server: string, uri: string): string {
    const downstream = this.view().resources.toDownstream(server, uri);
    if (!this.#issued.has(downstream)) {
      if (this.#issued.size >= issuedLimit) {
        const oldest = this.#issued.keys().next().value;
        if (oldest !== undefined) this.#issued.delete(oldest);
      }
      this.#issued.set(downstream, { server, uri });
    }
    return downstream;
  }

  /**
   * Where a downstream URI leads: a listed resource or template match, a URI a result handed out, or — when only
   * one server offers resources at all — that server. Anything else is an unknown resource.
   */
  resolveUri(uri: string, need: "read" | "subscribe" = "read"): UpstreamResource {
    const found = this.view().resources.resolve(uri) ?? this.#issued.get(uri);
    if (found !== undefined) return found;
    const offering = this.host.servers.filter((status) => {
      const resources = status.info?.capabilities.resources;
      return status.state === "ready" && resources !== undefined && (need === "read" || resources.subscribe);
    });
    const only = offering.length === 1 ? offering[0] : undefined;
    if (only !== undefined) return { server: only.name, uri };
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource ${uri} not found`, { uri });
  }

  async subscribe(peer: Peer, uri: string): Promise<void> {
    const target = this.resolveUri(uri, "subscribe");
    const key = `${target.server}\0${target.uri}`;
    const subscribers = this.#subscribers.get(key) ?? new Set<Peer>();
    if (subscribers.size === 0)
      await passThrough(() => this.upstream(target.server).subscribeResource(target.uri));
    subscribers.add(peer);
    this.#subscribers.set(key, subscribers);
    peer.subscriptions.add(uri);
  }

  async unsubscribe(peer: Peer, uri: string): Promise<void> {
    peer.subscriptions.delete(uri);
    const target = this.resolveUri(uri, "subscribe");
    const key = `${target.server}\0${target.uri}`;
    const subscribers = this.#subscribers.get(key);
    if (subscribers === undefined || !subscribers.delete(peer) || subscribers.size > 0) return;
    this.#subscribers.delete(key);
    await passThrough(() => this.upstream(target.server).unsubscribeResource(target.uri));
  }

  /** Forgets a closed client: its subscriptions end upstream when nobody else holds them. */
  release(peer: Peer): void {
    this.peers.remove(peer);
    for (const uri of [...peer.subscriptions]) {
      this.unsubscribe(peer, uri).catch(() => {});
    }
  }

  /** Closes every upstream server (downstream transports are closed by whoever opened them). */
  async close(): Promise<void> {
    this.tasks.close();
    for (const off of this.#detach) off();
    await this.host.close();
  }

  #onCatalogChange(): void {
    const shown = this.#fingerprints(this.view());
    for (const kind of ["tools", "resources", "prompts"] as const) {
      if (shown[kind] === this.#shown[kind]) continue;
      this.peers.listChanged(kind);
      this.emit("listChanged", kind);
    }
    this.#shown = shown;
  }

  /** What clients see of each kind, as canonical JSON: list_changed goes out only when these bytes change. */
  #fingerprints(view: GatewayView): Record<"tools" | "resources" | "prompts", string> {
    return {
      tools: canonicalJson(this.toolSurface.listTools(view)),
      resources: canonicalJson([view.resources.resources, view.resources.templates]),
      prompts: canonicalJson(view.prompts.prompts),
    };
  }
}

/**
 * The message of a progress event as a downstream task's status message: an upstream task's status change comes
 * as "task <status>: <message>", of which the message is what the downstream client should read.
 */
function upstreamStatus(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const status = /^task (?:working|input_required|completed|failed|cancelled)(?:: |$)/.exec(message);
  const text = status === null ? message : message.slice(status[0].length);
  return text === "" ? undefined : text;
}
