/**
 * An MCP client for one stdio session that does not load the SDK until something needs it. A first connect
 * through the SDK client compiles and runs its zod schemas (Node 22, peers harness: about 45 ms of the 82 ms a
 * one-server connect took, and 7 MB of the heap after ten servers); the AI SDK's own small client connects in
 * 37 ms. Here the handshake, `tools/list`, text-only `tools/call` results, the commonest listings, `ping`, a
 * plain `roots/list`, list_changed, progress and plain log lines are read by switchboard's own code; the rest
 * asks the SDK, loaded then, with the SDK's own validators, handlers, error classes and messages:
 *
 * - a result the readers here do not know the SDK's answer for (an image, an unusual `initialize`, every other
 *   method's result) goes through the legacy era codec's validator, as in the SDK's request funnel;
 * - a server request or notification not read here (sampling, elicitation, anything unusual) goes to an SDK
 *   client made for it when the first one arrives (`delegateServerMessages`), which answers on the same
 *   transport;
 * - every error a caller sees (a JSON-RPC error, a timeout, a closed connection, an invalid result) is the SDK's
 *   own class built with the SDK's message, so code that recognises SDK errors sees no difference.
 *
 * Used where the SDK client would run the plain 2025 `initialize` on our own stdio transport: `open-session.ts`
 * decides. The readers are held equal to the SDK's by property tests (json-rpc-message, initialize-result,
 * text-only-result, server-message-readers). The methods are the SDK `Client`'s that switchboard calls
 * (`SessionClient`), with the same arguments.
 */
import type {
  CallToolRequestOptions,
  CallToolResult,
  ClientCapabilities,
  CompleteRequestParams,
  CompleteResult,
  EmptyResult,
  GetPromptResult,
  Implementation,
  JSONRPCMessage,
  jsonSchemaValidator,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  LoggingLevel,
  Progress,
  ReadResourceResult,
  RequestOptions,
  Root,
  ServerCapabilities,
  StandardSchemaV1,
} from "@modelcontextprotocol/client";
import { type ClientSdkModule, loadClientSdk, loadedClientSdk } from "../auth/client-sdk.js";
import type { ChildProcessTransport } from "./child-process-transport.js";
import { readInitializeResult } from "./initialize-result.js";
import { type ListMethod, readListResult } from "./list-result.js";
import { walkPages } from "./list-tools.js";
import { type Codec, LEGACY_ERA, validatorFor } from "./memo-result-validator.js";
import { outputFault, outputValidator } from "./output-check.js";
import { isPlainObject } from "./plain-json.js";
import { noParams, readLogMessage, readResourceUpdated } from "./server-message-readers.js";
import type { SessionClient } from "./session-client.js";
import { textOnlyResult } from "./text-only-result.js";

/** The revisions `initialize` may settle on, newest first: the SDK's legacy `SUPPORTED_PROTOCOL_VERSIONS`. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  "2024-10-07",
];

/** JSON-RPC's "Method not found" and "Internal error". */
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

/** The SDK's `DEFAULT_REQUEST_TIMEOUT_MSEC`. */
const DEFAULT_TIMEOUT_MS = 60_000;

type NotificationHandler = (notification: { method: string; params?: Record<string, unknown> }) => void;

/**
 * Where the server's messages that this client does not read itself go (a sampling or elicitation request, an
 * unusual log line): an SDK client made for them when the first one arrives (`sdk-session.ts`), which answers
 * through the same transport with the SDK's own validation, handlers and errors.
 */
export interface ServerMessageSink {
  deliver(message: JSONRPCMessage): void;
  /** The transport closed: handlers still running are aborted, as the SDK's client does. */
  closed(): void;
}

/** The notifications whose params this client reads itself (others are left to the sink, or ignored). */
const READERS: Record<string, (params: unknown) => Record<string, unknown> | undefined> = {
  "notifications/message": readLogMessage,
  "notifications/resources/updated": readResourceUpdated,
};

/** What a request waits with; `raw` is the response's `result` as the server wrote it. */
class PendingRequest {
  readonly id: number;
  readonly method: string;
  readonly options: RequestOptions;
  readonly owner: WireClient;
  resolve: (raw: unknown) => void = noop;
  reject: (error: unknown) => void = noop;
  timer: NodeJS.Timeout | undefined;
  onAbort: (() => void) | undefined;
  /** The result to resolve with when the server answers "Method not found" (instead of the SDK's error). */
  ifMethodNotFound: unknown;

  constructor(id: number, method: string, options: RequestOptions, owner: WireClient) {
    this.id = id;
    this.method = method;
    this.options = options;
    this.owner = owner;
  }
}

function noop(): void {}

/** The SDK-free stdio client; see the module comment. */
export class WireClient implements SessionClient {
  onclose?: () => void;
  onerror?: (error: Error) => void;

  readonly #clientInfo: Implementation;
  readonly #capabilities: ClientCapabilities;
  readonly #validators: jsonSchemaValidator;
  readonly #pending = new Map<number, PendingRequest>();
  readonly #notifications = new Map<string, NotificationHandler>();
  #transport: ChildProcessTransport | undefined;
  #nextId = 0;
  #roots: (() => Root[] | Promise<Root[]>) | undefined;
  #makeSink: (() => Promise<ServerMessageSink>) | undefined;
  /** The sink once asked for: messages wait on it in order while the SDK loads. */
  #sink: Promise<ServerMessageSink | undefined> | undefined;
  #serverCapabilities: ServerCapabilities | undefined;
  #serverInfo: Implementation | undefined;
  #instructions: string | undefined;
  #protocolVersion: string | undefined;

  /** `capabilities`: what `initialize` declares (the session's client features; none by default). */
  constructor(
    clientInfo: Implementation,
    validators: jsonSchemaValidator,
    capabilities: ClientCapabilities = {},
  ) {
    this.#clientInfo = clientInfo;
    this.#validators = validators;
    this.#capabilities = capabilities;
  }

  /** Answers `roots/list` (a plain request) with `roots`; the client must declare `roots`. */
  answerRoots(roots: () => Root[] | Promise<Root[]>): void {
    this.#roots = roots;
  }

  /**
   * Where the server's requests and notifications go that this client does not answer or read itself; `make`
   * runs when the first one arrives. Without it, such a request is refused ("Method not found") and such a
   * notification ignored, as an SDK client without the capability does.
   */
  delegateServerMessages(make: () => Promise<ServerMessageSink>): void {
    this.#makeSink = make;
  }

  /** Handles a notification from the server (the SDK client's `setNotificationHandler`, by method name). */
  setNotificationHandler(method: string, handler: NotificationHandler): void {
    this.#notifications.set(method, handler);
  }

  /** Starts `transport` and runs the 2025 `initialize` handshake, as the SDK's plain legacy connect does. */
  async connect(transport: ChildProcessTransport, options: RequestOptions = {}): Promise<void> {
    this.#transport = transport;
    transport.onmessage = (message) => this.#onMessage(message);
    transport.onclose = () => this.#onClose();
    transport.onerror = (error) => this.onerror?.(error);
    await transport.start();
    try {
      const raw = await this.#send(
        "initialize",
        {
          protocolVersion: LEGACY_PROTOCOL_VERSIONS[0],
          capabilities: this.#capabilities,
          clientInfo: this.#clientInfo,
        },
        options,
      );
      const result = readInitializeResult(raw) ?? (await sdkValidated("initialize", raw));
      if (result === undefined) throw new Error(`Server sent invalid initialize result: ${result}`);
      if (!LEGACY_PROTOCOL_VERSIONS.includes(result.protocolVersion)) {
        throw new Error(`Server's protocol version is not supported: ${result.protocolVersion}`);
      }
      this.#serverCapabilities = result.capabilities;
      this.#serverInfo = result.serverInfo;
      this.#instructions = result.instructions;
      await this.notification({ method: "notifications/initialized" });
      this.#protocolVersion = result.protocolVersion;
    } catch (error) {
      void this.close();
      throw error;
    }
  }

  /** The id the next request would take (an SDK client taking the session over continues from it). */
  get nextRequestId(): number {
    return this.#nextId;
  }

  /** What the server declared in `initialize` (undefined before the handshake). */
  getServerCapabilities(): ServerCapabilities | undefined {
    return this.#serverCapabilities;
  }

  /** The server's `serverInfo`. */
  getServerVersion(): Implementation | undefined {
    return this.#serverInfo;
  }

  /** The server's `instructions`, if it gave any. */
  getInstructions(): string | undefined {
    return this.#instructions;
  }

  /** The revision `initialize` settled on. */
  getNegotiatedProtocolVersion(): string | undefined {
    return this.#protocolVersion;
  }

  /**
   * The era codec for `method`, as the SDK client's own internal method answers it: always the legacy one. Only
   * code that has loaded the SDK asks (a task's result validator).
   */
  _resolveOutboundCodec(_method: string): Codec {
    const codec = loadedLegacyCodec(loadedClientSdk());
    if (codec === undefined) throw new Error("the SDK is not loaded: no era codec yet");
    return codec;
  }

  /** A request; with `resultSchema`, its result is checked by it, otherwise by the method's own validator. */
  request<T extends StandardSchemaV1>(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: T,
    options?: RequestOptions,
  ): Promise<StandardSchemaV1.InferOutput<T>>;
  request(
    request: { method: string; params?: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<unknown>;
  request(
    request: { method: string; params?: Record<string, unknown> },
    schemaOrOptions?: StandardSchemaV1 | RequestOptions,
    maybeOptions?: RequestOptions,
  ): Promise<unknown> {
    const explicit = isStandardSchema(schemaOrOptions) ? schemaOrOptions : undefined;
    const options = (explicit === undefined ? schemaOrOptions : maybeOptions) as RequestOptions | undefined;
    return this.#send(request.method, request.params, options ?? {}).then((raw) =>
      explicit === undefined
        ? sdkValidated(request.method, raw)
        : schemaValidated(request.method, explicit, legacyDecoded(raw)),
    );
  }

  /** `tools/call`, with the SDK client's output-schema check when the call names the tool's definition. */
  async callTool(
    params: { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> },
    options: CallToolRequestOptions = {},
  ): Promise<CallToolResult> {
    const tool = options.toolDefinition;
    const { validate, fault } = outputValidator(tool, this.#validators);
    if (fault !== undefined) throw await protocolError(fault.code, fault.message);
    const raw = legacyDecoded(await this.#send("tools/call", params, options));
    const result = textOnlyResult(raw) ?? (await sdkValidated<CallToolResult>("tools/call", raw));
    const broken = outputFault(result, tool, validate);
    if (broken !== undefined) throw await protocolError(broken.code, broken.message);
    return result;
  }

  /** `resources/list`, every page (one page when given a cursor). */
  listResources(params?: { cursor?: string }, options?: RequestOptions): Promise<ListResourcesResult> {
    return this.#listAll("resources/list", "resources", params, options) as Promise<ListResourcesResult>;
  }

  /** `resources/templates/list`, every page (one page when given a cursor). */
  listResourceTemplates(
    params?: { cursor?: string },
    options?: RequestOptions,
  ): Promise<ListResourceTemplatesResult> {
    return this.#listAll(
      "resources/templates/list",
      "resourceTemplates",
      params,
      options,
    ) as Promise<ListResourceTemplatesResult>;
  }

  /** `prompts/list`, every page (one page when given a cursor). */
  listPrompts(params?: { cursor?: string }, options?: RequestOptions): Promise<ListPromptsResult> {
    return this.#listAll("prompts/list", "prompts", params, options) as Promise<ListPromptsResult>;
  }

  /** `resources/read`, always asked of the server (this client keeps no response cache). */
  readResource(params: { uri: string }, options?: RequestOptions): Promise<ReadResourceResult> {
    return this.#spec("resources/read", params, options);
  }

  /** `prompts/get`. */
  getPrompt(
    params: { name: string; arguments?: Record<string, string> },
    options?: RequestOptions,
  ): Promise<GetPromptResult> {
    return this.#spec("prompts/get", params, options);
  }

  /** `completion/complete`. */
  complete(params: CompleteRequestParams, options?: RequestOptions): Promise<CompleteResult> {
    return this.#spec("completion/complete", params as Record<string, unknown>, options);
  }

  /** `resources/subscribe`. */
  subscribeResource(params: { uri: string }, options?: RequestOptions): Promise<EmptyResult> {
    return this.#empty("resources/subscribe", params, options);
  }

  /** `resources/unsubscribe`. */
  unsubscribeResource(params: { uri: string }, options?: RequestOptions): Promise<EmptyResult> {
    return this.#empty("resources/unsubscribe", params, options);
  }

  /** `logging/setLevel`. */
  setLoggingLevel(level: LoggingLevel, options?: RequestOptions): Promise<EmptyResult> {
    return this.#empty("logging/setLevel", { level }, options);
  }

  /** `ping`. */
  ping(options?: RequestOptions): Promise<EmptyResult> {
    return this.#empty("ping", undefined, options);
  }

  /** `notifications/roots/list_changed`. */
  sendRootsListChanged(): Promise<void> {
    return this.notification({ method: "notifications/roots/list_changed" });
  }

  /** A notification to the server. */
  notification(notification: { method: string; params?: Record<string, unknown> }): Promise<void> {
    const transport = this.#transport;
    if (transport === undefined) return Promise.reject(new Error("Not connected"));
    return transport.send({ jsonrpc: "2.0", ...notification } as JSONRPCMessage);
  }

  /** Closes the transport (the child is asked to exit, then signalled); requests still waiting fail. */
  async close(): Promise<void> {
    await this.#transport?.close();
  }

  /** A request answered with an empty result: `{}` is read here, anything else by the SDK's validator. */
  #empty(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions = {},
  ): Promise<EmptyResult> {
    return this.#send(method, params, options).then((raw) => {
      const decoded = legacyDecoded(raw);
      // The schema is `ResultSchema.strict()`: an empty object is its own answer.
      if (isPlainObject(decoded) && Object.keys(decoded).length === 0) return {};
      return sdkValidated<EmptyResult>(method, raw);
    });
  }

  /**
   * One page of a listing: read here when it is of the shapes real servers send, else by the SDK's validator. A
   * server that never implemented `resources/templates/list` (it answers "Method not found") has no templates:
   * that is the listing, as the listing code reads the SDK client's refusal, with no error made for it.
   */
  #listPage(
    method: ListMethod,
    params: Record<string, unknown> | undefined,
    options: RequestOptions,
  ): Promise<Record<string, unknown>> {
    const absent = method === "resources/templates/list" ? { resourceTemplates: [] } : undefined;
    return this.#send(method, params, options, absent).then(
      (raw) => readListResult(method, legacyDecoded(raw)) ?? sdkValidated(method, raw),
    );
  }

  #spec<T>(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions = {},
  ): Promise<T> {
    return this.#send(method, params, options).then((raw) => sdkValidated<T>(method, raw));
  }

  /**
   * Every page of a listing, as the SDK client's `list*` methods aggregate them (`walkPages`): the first page's
   * members with every page's items. A server without the capability lists nothing and is not asked.
   */
  async #listAll(
    method: ListMethod,
    key: string,
    params: { cursor?: string } | undefined,
    options: RequestOptions = {},
  ): Promise<Record<string, unknown>> {
    const capability = method.startsWith("prompts/") ? "prompts" : "resources";
    if (this.#serverCapabilities?.[capability] === undefined) return { [key]: [] };
    if (params?.cursor !== undefined) return this.#listPage(method, params, options);
    const { first, items } = await walkPages(method, key, (cursor) =>
      this.#listPage(method, cursor === undefined ? undefined : { cursor }, options),
    );
    const aggregate = { ...first, [key]: items };
    delete aggregate.nextCursor;
    return aggregate;
  }

  /** Sends one request and resolves to its raw result (rejects with the SDK's errors, as its funnel does). */
  #send(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RequestOptions,
    ifMethodNotFound?: unknown,
  ): Promise<unknown> {
    const signal = options.signal;
    if (signal?.aborted) return asSdkError(signal.reason).then((error) => Promise.reject(error));
    const transport = this.#transport;
    if (transport === undefined) return Promise.reject(new Error("Not connected"));
    const id = this.#nextId++;
    const message: Record<string, unknown> = { method, jsonrpc: "2.0", id };
    if (options.onprogress !== undefined) {
      message.params = { ...params, _meta: { ...(params?._meta as object | undefined), progressToken: id } };
    } else if (params !== undefined) message.params = params;
    const pending = new PendingRequest(id, method, options, this);
    pending.ifMethodNotFound = ifMethodNotFound;
    const answer = new Promise<unknown>((resolve, reject) => {
      pending.resolve = resolve;
      pending.reject = reject;
    });
    this.#pending.set(id, pending);
    pending.timer = setTimeout(expire, options.timeout ?? DEFAULT_TIMEOUT_MS, pending);
    if (signal !== undefined) {
      pending.onAbort = () => this.#cancel(pending, signal.reason);
      signal.addEventListener("abort", pending.onAbort, { once: true });
    }
    transport.send(message as JSONRPCMessage).catch((error: unknown) => {
      if (this.#settle(pending)) pending.reject(error);
    });
    return answer;
  }

  /** Forgets `pending`; false when it has ended already (answered, cancelled or failed). */
  #settle(pending: PendingRequest): boolean {
    if (this.#pending.get(pending.id) !== pending) return false;
    this.#pending.delete(pending.id);
    clearTimeout(pending.timer);
    if (pending.onAbort !== undefined) pending.options.signal?.removeEventListener("abort", pending.onAbort);
    return true;
  }

  /** The SDK's cancel: tell the server (not for `initialize`), then fail the request with the reason. */
  #cancel(pending: PendingRequest, reason: unknown, text = String(reason)): void {
    if (!this.#settle(pending)) return;
    if (pending.method !== "initialize") {
      this.notification({
        method: "notifications/cancelled",
        params: { requestId: pending.id, reason: text },
      }).catch((error: unknown) => this.onerror?.(new Error(`Failed to send cancellation: ${error}`)));
    }
    asSdkError(reason).then(pending.reject, pending.reject);
  }

  /** A request's timer fired (called by `expire`). */
  expired(pending: PendingRequest): void {
    const timeout = pending.options.timeout ?? DEFAULT_TIMEOUT_MS;
    // The reason the SDK sends is its timeout error as a string; the error itself comes with the SDK.
    this.#cancel(pending, new TimedOut(timeout), "SdkError: Request timed out");
  }

  #onMessage(message: JSONRPCMessage): void {
    const record = message as {
      id?: unknown;
      method?: unknown;
      params?: Record<string, unknown>;
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (typeof record.method === "string") {
      if (record.id !== undefined) this.#onServerRequest(message, record.id, record.method, record.params);
      else this.#onNotification(message, record.method, record.params);
      return;
    }
    // The SDK's lookup: the id as a number (every id this client sends is one).
    const pending = this.#pending.get(Number(record.id));
    if (pending === undefined) {
      this.onerror?.(new Error(`Received a response for an unknown message ID: ${JSON.stringify(message)}`));
      return;
    }
    this.#settle(pending);
    const error = record.error;
    if (error === undefined) pending.resolve(record.result);
    else if (error.code === METHOD_NOT_FOUND && pending.ifMethodNotFound !== undefined)
      pending.resolve(pending.ifMethodNotFound);
    else
      void loadClientSdk().then(
        (sdk) => pending.reject(sdk.ProtocolError.fromError(error.code, error.message, error.data)),
        pending.reject,
      );
  }

  /**
   * A server's request: `ping`, and a plain `roots/list` when roots are declared, are answered here; the rest go
   * to the sink, or without one are unknown methods (this client then declares nothing that would be asked).
   */
  #onServerRequest(message: JSONRPCMessage, id: unknown, method: string, params: unknown): void {
    let result: Promise<Record<string, unknown>> | undefined;
    if (method === "ping") result = Promise.resolve({});
    else if (method === "roots/list" && this.#roots !== undefined && noParams(params)) {
      const roots = this.#roots;
      // The SDK runs a handler a microtask later, and answers a throw with its message as an internal error.
      result = Promise.resolve().then(async () => ({ roots: await roots() }));
    } else if (this.#makeSink !== undefined) {
      this.#toSink(message);
      return;
    }
    const answer =
      result === undefined
        ? Promise.resolve({
            jsonrpc: "2.0",
            id,
            error: { code: METHOD_NOT_FOUND, message: "Method not found" },
          })
        : result.then(
            (value) => ({ result: value, jsonrpc: "2.0", id }),
            (error: Error) => ({
              jsonrpc: "2.0",
              id,
              error: { code: INTERNAL_ERROR, message: error?.message ?? "Internal error" },
            }),
          );
    void answer.then((response) =>
      this.#transport
        ?.send(response as JSONRPCMessage)
        .catch((error: unknown) => this.onerror?.(new Error(`Failed to send response: ${error}`))),
    );
  }

  #onNotification(
    message: JSONRPCMessage,
    method: string,
    params: Record<string, unknown> | undefined,
  ): void {
    if (method === "notifications/progress") {
      this.#onProgress(params);
      return;
    }
    // A cancellation is for a request the sink is answering, if any; it does not start the sink.
    if (method === "notifications/cancelled") {
      if (this.#sink !== undefined) this.#toSink(message);
      return;
    }
    const handler = this.#notifications.get(method);
    if (handler === undefined) return;
    const reader = READERS[method];
    const read = reader === undefined ? params : reader(params);
    if (reader !== undefined && read === undefined) {
      // Not plain enough to read here: the SDK's schema judges it, and its handler reports it.
      if (this.#makeSink !== undefined) this.#toSink(message);
      return;
    }
    // The SDK runs handlers a microtask later, and reports a throw as an error.
    Promise.resolve()
      .then(() => handler(read === undefined ? { method } : { method, params: read }))
      .catch((error: unknown) =>
        this.onerror?.(new Error(`Uncaught error in notification handler: ${error}`)),
      );
  }

  /**
   * Hands `message` to the sink, made (and the SDK loaded) by the first message that needs it. When the sink
   * cannot be made, a request is still answered (an internal error), so the server is never left waiting.
   */
  #toSink(message: JSONRPCMessage): void {
    const make = this.#makeSink;
    if (make === undefined) return;
    this.#sink ??= make().catch((error: unknown) => {
      this.onerror?.(new Error(`Could not answer the server's request: ${error}`, { cause: error }));
      return undefined;
    });
    void this.#sink.then((sink) => {
      if (sink !== undefined) sink.deliver(message);
      else if ("id" in message && "method" in message) {
        const failed = {
          jsonrpc: "2.0",
          id: message.id,
          error: { code: INTERNAL_ERROR, message: "Internal error" },
        };
        this.#transport
          ?.send(failed as JSONRPCMessage)
          .catch((error: unknown) => this.onerror?.(new Error(`Failed to send response: ${error}`)));
      }
    });
  }

  /** The SDK's progress rule: the token names a request in flight; its timeout restarts when it asked so. */
  #onProgress(params: Record<string, unknown> | undefined): void {
    const { progressToken, ...progress } = params ?? {};
    const pending = this.#pending.get(Number(progressToken));
    const onprogress = pending?.options.onprogress;
    if (pending === undefined || onprogress === undefined) {
      this.onerror?.(
        new Error(
          `Received a progress notification for an unknown token: ${JSON.stringify({ method: "notifications/progress", params })}`,
        ),
      );
      return;
    }
    if (typeof progress.progress !== "number") return;
    if (pending.options.resetTimeoutOnProgress === true) {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(expire, pending.options.timeout ?? DEFAULT_TIMEOUT_MS, pending);
    }
    onprogress(progress as unknown as Progress);
  }

  /** The transport closed: as the SDK, `onclose` first, then every request still waiting fails. */
  #onClose(): void {
    const waiting = [...this.#pending.values()];
    for (const pending of waiting) this.#settle(pending);
    this.#transport = undefined;
    void this.#sink?.then((sink) => sink?.closed());
    try {
      this.onclose?.();
    } finally {
      if (waiting.length > 0) {
        void loadClientSdk().then(
          (sdk) => {
            const error = new sdk.SdkError(sdk.SdkErrorCode.ConnectionClosed, "Connection closed");
            for (const pending of waiting) pending.reject(error);
          },
          (error: unknown) => {
            for (const pending of waiting) pending.reject(error);
          },
        );
      }
    }
  }
}

/** The timer callback of every request (one function, so no closure per request). */
function expire(pending: PendingRequest): void {
  pending.owner.expired(pending);
}

/** The legacy codec's decode: a result's `resultType` (a 2026 member) is dropped. */
function legacyDecoded(raw: unknown): unknown {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw) || !("resultType" in raw)) return raw;
  const stripped = { ...(raw as Record<string, unknown>) };
  delete stripped.resultType;
  return stripped;
}

let legacyCodec: Codec | undefined;

/** The legacy era's codec, once the SDK is loaded: what a fresh SDK client resolves before any negotiation. */
function loadedLegacyCodec(sdk?: ClientSdkModule): Codec | undefined {
  if (legacyCodec !== undefined || sdk === undefined) return legacyCodec;
  const probe = new sdk.Client({ name: "switchboard", version: "0" }) as unknown as {
    _resolveOutboundCodec?: (method: string) => Codec;
  };
  const codec = probe._resolveOutboundCodec?.("tools/call");
  if (codec?.era !== LEGACY_ERA) throw new Error("the MCP client SDK has no 2025-era codec");
  legacyCodec = codec;
  return codec;
}

/** `raw` (a result of `method`) checked by the legacy era's validator for the method, in the SDK's words. */
async function sdkValidated<T>(method: string, raw: unknown): Promise<T> {
  const sdk = await loadClientSdk();
  const codec = loadedLegacyCodec(sdk) as Codec;
  const decoded = codec.decodeResult(method, raw);
  if (decoded.kind === "invalid") throw decoded.error;
  const validator = validatorFor(codec, method);
  if (validator === null) {
    throw new sdk.SdkError(
      sdk.SdkErrorCode.MethodNotSupportedByProtocolVersion,
      `Method '${method}' is not supported by the negotiated protocol version (wire era ${codec.era})`,
      { method, era: codec.era },
    );
  }
  return schemaValidated(method, validator as StandardSchemaV1, decoded.result);
}

/** The SDK funnel's last step: the schema's verdict, its issues joined as the SDK joins them. */
async function schemaValidated<T>(method: string, schema: StandardSchemaV1, value: unknown): Promise<T> {
  const outcome = await schema["~standard"].validate(value);
  if (outcome.issues === undefined || outcome.issues.length === 0) return (outcome as { value: T }).value;
  const detail = outcome.issues.map(formatIssue).join(", ");
  const sdk = await loadClientSdk();
  throw new sdk.SdkError(sdk.SdkErrorCode.InvalidResult, `Invalid result for ${method}: ${detail}`);
}

function formatIssue(issue: StandardSchemaV1.Issue): string {
  if (!issue.path?.length) return issue.message;
  return `${issue.path.map((part) => String(typeof part === "object" ? part.key : part)).join(".")}: ${issue.message}`;
}

async function protocolError(code: number, message: string): Promise<Error> {
  const sdk = await loadClientSdk();
  return new sdk.ProtocolError(code, message);
}

/** What the SDK rejects an aborted or timed-out request with. */
async function asSdkError(reason: unknown): Promise<Error> {
  const sdk = await loadClientSdk();
  if (reason instanceof sdk.SdkError) return reason;
  if (reason instanceof TimedOut) {
    return new sdk.SdkError(sdk.SdkErrorCode.RequestTimeout, "Request timed out", {
      timeout: reason.timeout,
    });
  }
  return new sdk.SdkError(sdk.SdkErrorCode.RequestTimeout, String(reason));
}

/** A request's own timer fired: the SDK's timeout error is made from it once the SDK is loaded. */
class TimedOut {
  readonly timeout: number;
  constructor(timeout: number) {
    this.timeout = timeout;
  }
}

function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  const standard = (value as { "~standard"?: { validate?: unknown } })["~standard"];
  return typeof standard?.validate === "function";
}
