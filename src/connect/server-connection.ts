/**
 * One configured server's connection: a small state machine around SDK sessions.
 *
 *   connecting → ready | failed;  ready → restarting → ready | failed;  failed → restarting (revival);
 *   any → closed
 *
 * A session that ends while `ready` (the stdio child exited, the HTTP stream closed) fails every call in flight
 * with a `CONNECTION_CLOSED` error naming the exit, then restarts with capped exponential backoff and a fresh
 * first listing. `callTool` enforces the per-server concurrency limit (FIFO) and the call timeout.
 */
import type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptResult,
  LoggingLevel,
  Progress,
  ReadResourceResult,
} from "@modelcontextprotocol/client";
import { AuthError } from "../auth/auth-error.js";
import { loadClientSdk, loadedClientSdk } from "../auth/client-sdk.js";
import { defaultMaxAuthorizations } from "../auth/max-authorizations.js";
import { interactiveProvider, isUnauthorized } from "../auth/session-auth.js";
import type { ServerConfig, StdioServerConfig } from "../config/types.js";
import { ConnectionError, isSwitchboardError, SwitchboardError } from "../errors.js";
import { backoffDelay, defaultRestartPolicy, type RestartPolicy } from "./backoff.js";
import { ToolCallError } from "./call-errors.js";
import { CallQueue } from "./call-queue.js";
import { type Deadline, DeadlineClock } from "./deadline-clock.js";
import type { DirectCallOptions } from "./direct-tool-calls.js";
import { endedSessionStatus } from "./ended-session.js";
import type { Session } from "./open-session.js";
import { redact, redactError, redactValue } from "./redact.js";
import { serverSecrets } from "./server-secrets.js";
import { defaultStderrTailLimits, StderrTail } from "./stderr-tail.js";
import { type StdioChild, spawnStdioChild } from "./stdio-child.js";
import { type TaskMode, taskMode, taskUnavailableResult } from "./task-support.js";
import { TypedEmitter } from "./typed-emitter.js";
import type {
  CallToolOptions,
  ConnectionEvents,
  ConnectionOptions,
  ConnectionState,
  ListingWarning,
  ListKind,
  ServerListing,
  SessionInfo,
  SkillEntry,
  SkillFileRead,
} from "./types.js";

type ConnectionRuntime = typeof import("./connection-runtime.js");
type SessionRuntime = typeof import("./session-runtime.js");
let connection: ConnectionRuntime | undefined;
let runtime: SessionRuntime | undefined;

/** Opening and listing sessions (no SDK code), loaded by the first connect in the process. */
async function connectionRuntime(): Promise<ConnectionRuntime> {
  connection ??= await import("./connection-runtime.js");
  return connection;
}

/** The runtime where a session exists: it was opened through the runtime, so the runtime is loaded. */
function loadedConnectionRuntime(): ConnectionRuntime {
  if (connection === undefined) throw new Error("a session exists but the connection runtime is not loaded");
  return connection;
}

/** What only the SDK does (tasks, skill files, OAuth retries), loaded with the SDK when first needed. */
async function sessionRuntime(): Promise<SessionRuntime> {
  await loadClientSdk();
  runtime ??= await import("./session-runtime.js");
  return runtime;
}

/** Strings a caller sends back to the server (a tool's name, a resource's uri): never rewritten in a listing. */
const identifierKeys: ReadonlySet<string> = new Set(["name", "uri", "uriTemplate"]);

/**
 * One server's connection: connects, lists, calls tools with the server's concurrency limit and timeout, and
 * restarts with backoff when the session ends. Get one from `host.pool.get(name)`.
 */
export class ServerConnection extends TypedEmitter<ConnectionEvents> {
  readonly name: string;
  readonly config: ServerConfig;
  readonly #options: ConnectionOptions;
  readonly #restart: RestartPolicy;
  /** Every configured value: stderr, logs and errors. */
  readonly #secrets: string[];
  /** Credentials only: also tool results and listings (see `ServerSecrets`). */
  readonly #credentials: string[];
  readonly #stderr: StderrTail;
  readonly #queue: CallQueue;
  /** Aborted by close(): cancels a pending connect, a restart sleep or a restart attempt. */
  readonly #lifecycle = new AbortController();
  #state: ConnectionState = "connecting";
  #session: Session | undefined;
  #listing: ServerListing | undefined;
  #warnings = new Map<ListKind, ListingWarning[]>();
  /** The listed tools by name, for the definition each call hands the SDK (built on first use per listing). */
  #toolIndex:
    | { tools: ServerListing["tools"]; byName: Map<string, ServerListing["tools"][number]> }
    | undefined;
  #failure: ConnectionError | undefined;
  #restarts = 0;
  #started: Promise<void> | undefined;
  #restarting: Promise<void> | undefined;
  #reviveTimer: NodeJS.Timeout | undefined;
  #closing: Promise<void> | undefined;
  /** Deadlines of the calls in flight, on one timer; paused while the server waits on the client. */
  readonly #deadlines = new DeadlineClock();
  #serverRequests = 0;
  #calls = 0;

  constructor(config: ServerConfig, options: ConnectionOptions = {}) {
    super();
    this.name = config.name;
    this.config = config;
    this.#options = options;
    this.#restart = { ...defaultRestartPolicy, ...options.restart };
    const secrets = serverSecrets(config);
    this.#secrets = secrets.all;
    this.#credentials = secrets.credentials;
    this.#stderr = new StderrTail({ ...defaultStderrTailLimits, ...options.stderrTail });
    this.#queue = new CallQueue(Math.max(1, config.maxConcurrentCalls));
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** Handshake facts of the current session (kept from the last session while restarting). */
  get info(): SessionInfo | undefined {
    return this.#session?.info ?? this.#lastInfo;
  }
  #lastInfo: SessionInfo | undefined;

  /** The latest complete listing (kept while restarting, so the catalogue does not flap). */
  get listing(): ServerListing | undefined {
    return this.#listing;
  }

  /**
   * What the latest listing of each kind could not use: a refused optional listing, a skipped or defaulted tool,
   * a tool name listed twice. The server is ready regardless, with what did list.
   */
  get listingWarnings(): ListingWarning[] {
    return [...this.#warnings.values()].flat();
  }

  /** Why the server is `failed` (or the last restart attempt's error). */
  get failure(): ConnectionError | undefined {
    return this.#failure;
  }

  /** Successful restarts so far. */
  get restarts(): number {
    return this.#restarts;
  }

  /** The pid of the current stdio child. */
  get pid(): number | undefined {
    return this.#session?.child?.pid;
  }

  /** Calls holding a slot / waiting for one. */
  get load(): { active: number; waiting: number } {
    return { active: this.#queue.active, waiting: this.#queue.waiting };
  }

  /** Last stderr lines, secrets redacted. */
  stderrTail(): string | undefined {
    const text = this.#stderr.text();
    return text === undefined ? undefined : redact(text, this.#secrets);
  }

  /** Connects once. Resolves when ready; rejects with a `ConnectionError` (state `failed`). Idempotent. */
  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start(): Promise<void> {
    try {
      // Closed before it started (a shutdown during start-up): nothing is spawned.
      if (this.#state === "closed") throw this.#notReady("connect");
      const session = await this.#open();
      this.#adopt(session);
    } catch (error) {
      const failure = this.#asConnectionError(error);
      if (this.#state !== "closed") {
        this.#failure = failure;
        this.#setState("failed");
        this.#scheduleRevival();
      }
      throw failure;
    }
  }

  /**
   * Calls a tool and returns the raw MCP result. Waits for a free slot (FIFO) when `maxConcurrentCalls` are in
   * flight. The timeout covers the wait and the call; on expiry the SDK sends `notifications/cancelled`. Every
   * call asks for progress: a progress notification restarts the timeout (as the SDK's `resetTimeoutOnProgress`
   * would) and is emitted as a `progress` event; while the server waits on the client (sampling, elicitation)
   * the timeout is paused, since a person may be answering.
   */
  callTool(
    tool: string,
    args: Record<string, unknown>,
    options: CallToolOptions = {},
  ): Promise<CallToolResult> {
    const limitMs = options.timeoutMs ?? this.config.timeoutMs;
    const session = this.#state === "ready" ? this.#session : undefined;
    const mode = session === undefined ? "plain" : this.#taskModeOf(session, tool);
    // Never sent (a required task tool on a server without tasks): answered at once, before any queueing.
    if (mode === "unavailable") return Promise.resolve(taskUnavailableResult(this.name, tool));
    // The common case: a free slot, no caller signal, and no client features (so the server can never make the
    // clock pause). The SDK's own timer then gives exactly the deadline described above, with no signal, no
    // AbortController and no second timer per call.
    if (
      options.signal === undefined &&
      this.#options.features === undefined &&
      limitMs <= SDK_TIMEOUT_CEILING_MS &&
      mode === "plain" &&
      session !== undefined
    ) {
      const release = this.#queue.tryAcquire();
      if (release !== undefined)
        return this.#clean(this.#callNow(session, tool, args, options, limitMs, release));
    }
    return this.#clean(this.#callQueued(tool, args, options, limitMs));
  }

  /** A server's answer without the credentials it was configured with (no extra tick when there are none). */
  #clean<T>(answer: Promise<T>): Promise<T> {
    if (this.#credentials.length === 0) return answer;
    return answer.then((value) => redactValue(value, (text) => redact(text, this.#credentials)));
  }

  #cleanListing<T>(listing: T): T {
    if (this.#credentials.length === 0) return listing;
    return redactValue(listing, (text) => redact(text, this.#credentials), identifierKeys);
  }

  async #callNow(
    session: Session,
    tool: string,
    args: Record<string, unknown>,
    options: CallToolOptions,
    limitMs: number,
    release: () => void,
  ): Promise<CallToolResult> {
    const call = ++this.#calls;
    const started = performance.now();
    try {
      return await this.#authorized(session, () =>
        sendCall(
          session,
          { name: tool, arguments: args },
          {
            timeout: limitMs,
            resetTimeoutOnProgress: true,
            onprogress: this.#onProgress(tool, call, options, undefined),
            ...this.#definitionOf(session, tool),
          },
        ),
      );
    } catch (error) {
      if (this.#endedSession(error, session)) {
        return this.#callOnNewSession(error, tool, args, options, limitMs, started, session);
      }
      throw this.#callError(error, tool, session, limitMs, undefined, undefined);
    } finally {
      release();
    }
  }

  async #callQueued(
    tool: string,
    args: Record<string, unknown>,
    options: CallToolOptions,
    limitMs: number,
    retried = false,
  ): Promise<CallToolResult> {
    this.#assertCallable(tool);
    const started = performance.now();
    // One controller is the call's only signal: the deadline and the caller's signal both abort it (forwarding
    // the caller's abort costs a listener on a long-lived signal; `AbortSignal.any` cost ~10 µs a call).
    const timeout = new AbortController();
    const signal = timeout.signal;
    const deadline = this.#deadlines.start(limitMs, () => timeout.abort());
    if (this.#serverRequests > 0) deadline.pause();
    const callerSignal = options.signal;
    const forwardAbort = callerSignal === undefined ? undefined : () => timeout.abort(callerSignal.reason);
    if (callerSignal !== undefined && forwardAbort !== undefined) {
      if (callerSignal.aborted) forwardAbort();
      else callerSignal.addEventListener("abort", forwardAbort, { once: true });
    }
    const call = ++this.#calls;
    let release: (() => void) | undefined;
    let session: Session | undefined;
    let asTask = false;
    try {
      // A free slot is taken synchronously; only a call that must queue waits for one.
      release = this.#queue.tryAcquire() ?? (await this.#queue.acquire(signal));
      this.#assertCallable(tool);
      session = this.#session!;
      if (signal.aborted) throw signal.reason;
      const live = session;
      const mode = this.#taskModeOf(live, tool);
      if (mode === "unavailable") return taskUnavailableResult(this.name, tool);
      if (mode === "task") {
        asTask = true;
        return await this.#authorized(live, () =>
          this.#callAsTask(live, tool, args, options, { signal, limitMs, call, deadline }),
        );
      }
      // The deadline above is the only clock: the SDK's own timer could neither pause nor know about the queue.
      return await this.#authorized(live, () =>
        sendCall(
          live,
          { name: tool, arguments: args },
          {
            timeout: SDK_TIMEOUT_CEILING_MS,
            signal,
            onprogress: this.#onProgress(tool, call, options, deadline),
            ...this.#definitionOf(live, tool),
          },
        ),
      );
    } catch (error) {
      // A retry refused again still retires that session (so the error names it), but is not sent a third time.
      // A task is not sent again: its tool was started (the refusal was of a later tasks/get or tasks/result).
      if (session !== undefined && this.#endedSession(error, session) && !retried && !asTask) {
        return this.#callOnNewSession(error, tool, args, options, limitMs, started, session);
      }
      throw this.#callError(error, tool, session, limitMs, callerSignal, signal, asTask);
    } finally {
      deadline.stop();
      if (forwardAbort !== undefined) callerSignal?.removeEventListener("abort", forwardAbort);
      release?.();
    }
  }

  /**
   * The listed definition of `tool`, as `toolDefinition`: the SDK validates `structuredContent` against its
   * `outputSchema` and mirrors its `x-mcp-header` parameters from it (the listing does not go through the SDK's
   * response cache, which is where it would otherwise look).
   */
  #definitionOf(session: Session, tool: string): { toolDefinition?: ServerListing["tools"][number] } {
    const tools = session.listing.tools;
    if (this.#toolIndex?.tools !== tools) {
      this.#toolIndex = { tools, byName: new Map(tools.map((entry) => [entry.name, entry])) };
    }
    const definition = this.#toolIndex.byName.get(tool);
    return definition === undefined ? {} : { toolDefinition: definition };
  }

  /** How `tool` is called on `session`: as a task, plainly, or (a required task the server cannot run) not at all. */
  #taskModeOf(session: Session, tool: string): TaskMode {
    return taskMode(this.#definitionOf(session, tool).toolDefinition, session.info.capabilities);
  }

  /**
   * A call run as an MCP task (see `tool-task.ts`). The call's deadline covers the whole task; a status change is
   * emitted as `progress` (with the server's status message) but does not restart the deadline, which only the
   * server's own progress notifications do. The result goes through the output-schema check an ordinary call's
   * gets inside the SDK.
   */
  async #callAsTask(
    session: Session,
    tool: string,
    args: Record<string, unknown>,
    options: CallToolOptions,
    run: { signal: AbortSignal; limitMs: number; call: number; deadline: Deadline },
  ): Promise<CallToolResult> {
    const definition = this.#definitionOf(session, tool).toolDefinition;
    const { callToolAsTask, checkToolOutput, toolResultValidator } = await sessionRuntime();
    const result = await callToolAsTask(
      session.client,
      { name: tool, arguments: args },
      {
        signal: run.signal,
        ttlMs: run.limitMs,
        onprogress: this.#onProgress(tool, run.call, options, run.deadline),
        toolResult: toolResultValidator(session.client),
        onStatus: (update) => {
          const text = redact(
            `task ${update.status}${update.message === undefined ? "" : `: ${update.message}`}`,
            this.#secrets,
          );
          this.emit("progress", { tool, call: run.call, progress: update.update, message: text });
          options.onprogress?.({ progress: update.update, message: text });
        },
      },
    );
    checkToolOutput(result, definition, session.schemaValidator);
    return result;
  }

  /** Every call asks for progress: each notification restarts the deadline and is re-emitted. */
  #onProgress(
    tool: string,
    call: number,
    options: CallToolOptions,
    deadline: Deadline | undefined,
  ): (progress: Progress) => void {
    return (progress) => {
      deadline?.restart();
      this.emit("progress", {
        tool,
        call,
        progress: progress.progress,
        ...(progress.total === undefined ? {} : { total: progress.total }),
        ...(progress.message === undefined ? {} : { message: redact(progress.message, this.#secrets) }),
      });
      options.onprogress?.(progress);
    };
  }

  /**
   * True when `error` says the server no longer knows `session` (HTTP 404, or the 400 "no valid session" of
   * servers built from the SDK's examples, to a request carrying the session id). The request never ran; the
   * session is retired and a new one opened at once (the server is up: it answered).
   */
  #endedSession(error: unknown, session: Session): boolean {
    const sessionId = (session.transport as { sessionId?: string }).sessionId;
    const status = endedSessionStatus(error, session.wire, sessionId);
    if (status === undefined) return false;
    this.#onSessionClosed(
      session,
      `ended its session (HTTP ${status} for the session id: expired, forgotten or the server restarted)`,
      { immediate: true },
    );
    return true;
  }

  /**
   * A call the server refused for its session id was never run, so it is sent once more on the new session
   * (within what is left of its time limit) instead of failing a call the user never lost. A second refusal, a
   * restart that fails or runs out of time, or the caller's abort is the answer.
   */
  async #callOnNewSession(
    error: unknown,
    tool: string,
    args: Record<string, unknown>,
    options: CallToolOptions,
    limitMs: number,
    started: number,
    session: Session,
  ): Promise<CallToolResult> {
    const remaining = await this.#timeLeftOnNewSession(limitMs, started, options.signal);
    if (remaining === undefined) {
      throw this.#callError(error, tool, session, limitMs, options.signal, undefined);
    }
    return this.#callQueued(tool, args, { ...options, timeoutMs: remaining }, remaining, true);
  }

  /**
   * After a session ended: waits for the restart in progress within what is left of `limitMs` (counted from
   * `started`), and returns the whole ms then left when the connection is ready and the caller has not aborted.
   */
  async #timeLeftOnNewSession(
    limitMs: number,
    started: number,
    signal: AbortSignal | undefined,
  ): Promise<number | undefined> {
    const left = () => limitMs - (performance.now() - started);
    if (this.#state === "restarting" && this.#restarting !== undefined) {
      await settledWithin(this.#restarting, left(), signal);
    }
    const remaining = Math.floor(left());
    return this.#state === "ready" && remaining > 0 && signal?.aborted !== true ? remaining : undefined;
  }

  /** `resources/read` on the live session (the server's `timeoutMs` applies). */
  readResource(uri: string, options: RequestOptionsLike = {}): Promise<ReadResourceResult> {
    return this.#request(`resources/read "${uri}"`, options, (client, sdk) =>
      client.readResource({ uri }, sdk),
    );
  }

  /**
   * One file of a skill (`ref` under its root, default `SKILL.md`), read only now and verified against `skill`
   * (the listed entry). A failed check throws `SKILL_UNVERIFIED`, an oversized file `SKILL_TOO_LARGE`.
   */
  async readSkill(
    skill: SkillEntry,
    ref?: string,
    options: RequestOptionsLike & { maxBytes?: number } = {},
  ): Promise<SkillFileRead> {
    const { maxBytes, ...request } = options;
    try {
      return await this.#request(`skill read "${skill.uri}"`, request, async (client, sdk) =>
        (await sessionRuntime()).readSkillFile(client, skill, ref, {
          ...sdk,
          ...(maxBytes === undefined ? {} : { maxBytes }),
        }),
      );
    } catch (error) {
      // A failed check is the answer itself, not a failed request: it keeps its own code.
      const cause = error instanceof Error ? error.cause : undefined;
      if (
        isSwitchboardError(cause) &&
        (cause.code === "SKILL_UNVERIFIED" || cause.code === "SKILL_TOO_LARGE")
      )
        throw cause;
      throw error;
    }
  }

  /** `prompts/get` with string arguments. */
  getPrompt(
    name: string,
    args: Record<string, string> = {},
    options: RequestOptionsLike = {},
  ): Promise<GetPromptResult> {
    return this.#request(`prompts/get "${name}"`, options, (client, sdk) =>
      client.getPrompt({ name, arguments: args }, sdk),
    );
  }

  /**
   * `completion/complete` for a prompt argument or a resource-template variable. A server that does not declare
   * `completions` gets no request: the answer is an empty list.
   */
  async complete(params: CompleteRequestParams, options: RequestOptionsLike = {}): Promise<CompleteResult> {
    if (this.info?.capabilities.completions === undefined) return { completion: { values: [] } };
    return this.#request("completion/complete", options, (client, sdk) => client.complete(params, sdk));
  }

  /** `resources/subscribe`: `notifications/resources/updated` for `uri` then arrive as `resourceUpdated` events. */
  async subscribeResource(uri: string, options: RequestOptionsLike = {}): Promise<void> {
    await this.#request(`resources/subscribe "${uri}"`, options, (client, sdk) =>
      client.subscribeResource({ uri }, sdk),
    );
  }

  async unsubscribeResource(uri: string, options: RequestOptionsLike = {}): Promise<void> {
    await this.#request(`resources/unsubscribe "${uri}"`, options, (client, sdk) =>
      client.unsubscribeResource({ uri }, sdk),
    );
  }

  /** `logging/setLevel` on the live session (restarts use `features.logLevel`). */
  async setLoggingLevel(level: LoggingLevel, options: RequestOptionsLike = {}): Promise<void> {
    await this.#request(`logging/setLevel ${level}`, options, (client, sdk) =>
      client.setLoggingLevel(level, sdk),
    );
  }

  /** Tells the server the client's roots changed (`notifications/roots/list_changed`); a no-op unless ready. */
  async sendRootsListChanged(): Promise<void> {
    const session = this.#session;
    if (session === undefined || this.#state !== "ready" || this.#options.features?.roots === undefined)
      return;
    await session.client.sendRootsListChanged();
  }

  async #request<T>(
    what: string,
    options: RequestOptionsLike,
    send: (client: Session["client"], sdk: { timeout: number; signal?: AbortSignal }) => Promise<T>,
    retried = false,
  ): Promise<T> {
    const session = this.#session;
    if (session === undefined || this.#state !== "ready") throw this.#notReady(what);
    const timeout = options.timeoutMs ?? this.config.timeoutMs;
    const started = performance.now();
    try {
      return await this.#clean(
        this.#authorized(session, () =>
          send(session.client, {
            timeout,
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          }),
        ),
      );
    } catch (error) {
      // As for calls: a request refused for its session id never ran; once more on the new session.
      if (this.#endedSession(error, session) && !retried) {
        const remaining = await this.#timeLeftOnNewSession(timeout, started, options.signal);
        if (remaining !== undefined)
          return this.#request(what, { ...options, timeoutMs: remaining }, send, true);
      }
      if (session.lost !== undefined) {
        throw new ConnectionError(
          this.name,
          session.lost.transport,
          `${session.lost.message} during ${what}`,
          {
            code: "CONNECTION_CLOSED",
            cause: error,
          },
        );
      }
      const sdk = loadedClientSdk();
      const detail =
        sdk !== undefined && error instanceof sdk.ProtocolError
          ? `${error.message} (code ${error.code})`
          : String(error);
      throw new SwitchboardError(
        "REQUEST_FAILED",
        redact(`Server "${this.name}" failed ${what}: ${detail}`, this.#secrets),
        {
          cause: error,
        },
      );
    }
  }

  /**
   * Runs one request; when the server demanded (more) authorization mid-session (an expired grant, or 403
   * `insufficient_scope` step-up) and the handler produced a code, exchanges it and sends the request again. The
   * provider's per-request authorization budget bounds the retries.
   */
  #authorized<T>(session: Session, work: () => Promise<T>): Promise<T> {
    // No interactive OAuth (every stdio server): the request itself, with no async wrapper around it.
    const provider = interactiveProvider(this.#options.auth);
    return provider === undefined ? work() : this.#authorizedRetrying(session, provider, work);
  }

  async #authorizedRetrying<T>(
    session: Session,
    provider: NonNullable<ReturnType<typeof interactiveProvider>>,
    work: () => Promise<T>,
  ): Promise<T> {
    const auth = this.#options.auth;
    const limit = auth?.maxAuthorizations ?? defaultMaxAuthorizations;
    provider.resetAuthorizationBudget(limit);
    for (let round = 1; ; round += 1) {
      try {
        return await work();
      } catch (error) {
        if (
          round > limit + 1 ||
          !(await (await sessionRuntime()).finishPendingAuthorization(auth, session.transport, error))
        )
          throw error;
      }
    }
  }

  /** Re-lists the given kinds on the live session and returns the updated listing. */
  async refreshListing(kinds?: readonly ListKind[]): Promise<ServerListing> {
    const session = this.#session;
    if (session === undefined || this.#state !== "ready") throw this.#notReady("re-list");
    const { allListKinds, fetchListing } = loadedConnectionRuntime();
    const { listing: partial, warnings } = await fetchListing(
      session.client,
      session.info.capabilities,
      kinds ?? allListKinds,
      { timeout: this.config.timeoutMs },
      this.#listing,
    );
    if (session !== this.#session || this.#listing === undefined) throw this.#notReady("re-list");
    // A refused optional listing is absent from `partial`: its kind keeps what the last listing had.
    this.#listing = { ...this.#listing, ...this.#cleanListing(partial) };
    session.listing = this.#listing;
    for (const [kind, list] of warnings) this.#warnings.set(kind, this.#cleanListing(list));
    return this.#listing;
  }

  /**
   * Graceful shutdown: cancels restarts, fails queued calls, closes stdin, then SIGTERM, then SIGKILL. Resolves
   * only when the child has exited. Idempotent.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    const closedError = new ConnectionError(
      this.name,
      this.#wire(),
      `Server "${this.name}": the connection was closed by the host`,
      { code: "CONNECTION_CLOSED" },
    );
    this.#setState("closed");
    clearTimeout(this.#reviveTimer);
    this.#lifecycle.abort(closedError);
    this.#queue.rejectWaiting(closedError);
    const session = this.#session;
    this.#session = undefined;
    if (session !== undefined) {
      session.lost = closedError;
      await closeSession(session);
      if (session.child?.exit !== undefined) this.emit("exit", session.child.exit);
    }
    // A connect or restart attempt in progress tears down its own child once aborted; wait for that.
    await Promise.allSettled([this.#started, this.#restarting]);
  }

  async #open(): Promise<Session> {
    // A stdio server is spawned before anything is awaited: on the first connect the server starts while the
    // connection runtime (and, for a session that needs it, the SDK) loads, instead of after it. From here the
    // child is owned by openSession, or killed below.
    const spawned = this.config.kind === "stdio" ? this.#spawn(this.config) : undefined;
    let runtime: ConnectionRuntime;
    try {
      runtime = await connectionRuntime();
    } catch (error) {
      await spawned?.kill();
      throw error;
    }
    return runtime.openSession(
      this.config,
      {
        onStderr: (chunk) => {
          for (const line of this.#stderr.push(chunk)) this.emit("stderr", redact(line, this.#secrets));
        },
        onListChanged: (session, kind) => {
          if (session === this.#session && this.#state === "ready") this.emit("listChanged", kind);
          else session.missed.add(kind);
        },
        onClose: (session) => this.#onSessionClosed(session),
        onLog: (session, message) => {
          if (session === this.#session)
            this.emit(
              "log",
              redactValue(message, (text) => redact(text, this.#secrets)),
            );
        },
        onResourceUpdated: (session, uri) => {
          if (session === this.#session) this.emit("resourceUpdated", uri);
        },
        onServerRequest: (_session, active) => {
          this.#serverRequests += active ? 1 : -1;
          this.#deadlines.pauseAll(this.#serverRequests > 0);
        },
        onError: (error) =>
          this.emit(
            "error",
            redactError(error, (text) => redact(text, this.#secrets)),
          ),
        stderrTail: () => this.stderrTail(),
        redact: (text) => redact(text, this.#secrets),
        previousListing: () => this.#listing,
      },
      this.#options,
      this.#lifecycle.signal,
      spawned,
    );
  }

  /** Undefined when spawn() refuses the command outright: openSession then spawns it again and reports that. */
  #spawn(config: StdioServerConfig): StdioChild | undefined {
    try {
      return spawnStdioChild(config, this.#options.parentEnv);
    } catch {
      return undefined;
    }
  }

  #adopt(session: Session): void {
    if (this.#state === "closed") {
      void closeSession(session);
      return;
    }
    this.#session = session;
    this.#lastInfo = session.info;
    this.#listing = this.#cleanListing(session.listing);
    session.listing = this.#listing;
    this.#warnings = new Map([...session.warnings].map(([kind, list]) => [kind, this.#cleanListing(list)]));
    this.#failure = undefined;
    this.#setState("ready");
    // A change announced while the first listing was in flight may not be in it: re-list those kinds.
    for (const kind of session.missed) this.emit("listChanged", kind);
    session.missed.clear();
  }

  /** `why` replaces the default "closed the connection" / exit description (an HTTP session the server ended). */
  #onSessionClosed(session: Session, why?: string, restart: { immediate?: boolean } = {}): void {
    if (session !== this.#session || this.#state !== "ready") return;
    this.#session = undefined;
    const exit = session.child?.exit;
    const stderrTail = this.stderrTail();
    const lost = new ConnectionError(
      this.name,
      session.wire,
      `Server "${this.name}" ${why ?? (exit === undefined ? "closed the connection" : loadedConnectionRuntime().describeExit(exit))} unexpectedly`,
      { code: "CONNECTION_CLOSED", ...(stderrTail === undefined ? {} : { stderrTail }) },
    );
    session.lost = lost;
    this.#queue.rejectWaiting(lost);
    if (exit !== undefined) this.emit("exit", exit);
    this.emit("error", lost);
    // The dead child's pipes and the SDK client still need releasing.
    void closeSession(session);
    this.#setState("restarting");
    this.#restarting = this.#restartLoop(restart.immediate === true);
  }

  /** `immediate`: the first attempt starts at once (the server is alive; only its session is gone). */
  async #restartLoop(immediate = false): Promise<void> {
    const signal = this.#lifecycle.signal;
    let lastError: ConnectionError | undefined;
    for (let attempt = 1; attempt <= this.#restart.maxAttempts; attempt += 1) {
      const wait = immediate && attempt === 1 ? 0 : backoffDelay(attempt, this.#restart);
      if (!(await sleep(wait, signal))) return;
      try {
        const session = await this.#open();
        this.#restarts += 1;
        this.#adopt(session);
        return;
      } catch (error) {
        if (this.#state === "closed") return;
        lastError = this.#asConnectionError(error);
        this.emit("error", lastError);
      }
    }
    if (this.#state === "closed") return;
    const stderrTail = this.stderrTail();
    this.#failure = new ConnectionError(
      this.name,
      this.#wire(),
      `Server "${this.name}" could not be restarted after ${this.#restart.maxAttempts} attempts: ${lastError?.message ?? "no attempt allowed"}`,
      { cause: lastError, ...(stderrTail === undefined ? {} : { stderrTail }) },
    );
    this.#setState("failed");
    this.#scheduleRevival();
  }

  /**
   * After `reviveAfterMs` a failed server gets one more attempt, and another after each failed one (so a dead
   * server costs one attempt and one `error` event per period). Not when restarts are off (`maxAttempts` 0) or
   * the server needs a login (a person, not time, fixes that). The timer is unref'd.
   */
  #scheduleRevival(): void {
    const after = this.#restart.reviveAfterMs;
    if (!(after > 0) || this.#restart.maxAttempts <= 0 || this.#state !== "failed") return;
    const cause = this.#failure?.cause;
    if (cause instanceof AuthError || isUnauthorized(cause)) return;
    clearTimeout(this.#reviveTimer);
    this.#reviveTimer = setTimeout(() => {
      this.#reviveTimer = undefined;
      if (this.#state !== "failed") return;
      this.#setState("restarting");
      this.#restarting = this.#revive();
    }, after);
    this.#reviveTimer.unref();
  }

  async #revive(): Promise<void> {
    try {
      const session = await this.#open();
      this.#restarts += 1;
      this.#adopt(session);
    } catch (error) {
      if (this.#state === "closed") return;
      const failure = this.#asConnectionError(error);
      this.#failure = failure;
      this.emit("error", failure);
      this.#setState("failed");
      this.#scheduleRevival();
    }
  }

  #setState(next: ConnectionState): void {
    const previous = this.#state;
    if (previous === next || previous === "closed") return;
    this.#state = next;
    this.emit("state", next, previous);
  }

  #assertCallable(tool: string): void {
    if (this.#state !== "ready" || this.#session === undefined) throw this.#notReady(`tools/call "${tool}"`);
  }

  #notReady(what: string): ConnectionError {
    const why: Record<ConnectionState, string> = {
      connecting: "is still connecting",
      ready: "lost its session",
      restarting: "is restarting after an unexpected exit",
      failed: "has failed",
      closed: "was closed by the host",
    };
    return new ConnectionError(
      this.name,
      this.#wire(),
      `Server "${this.name}" ${why[this.#state]}; cannot ${what}`,
      {
        code: "CONNECTION_CLOSED",
        ...(this.#failure === undefined ? {} : { cause: this.#failure }),
      },
    );
  }

  #callError(
    error: unknown,
    tool: string,
    session: Session | undefined,
    limitMs: number,
    callerSignal: AbortSignal | undefined,
    timeoutSignal: AbortSignal | undefined,
    asTask = false,
  ): Error {
    if (error instanceof ConnectionError) return error;
    const cause = redactError(error, (text) => redact(text, this.#secrets));
    if (session?.lost !== undefined) {
      const lost = session.lost;
      return new ConnectionError(
        this.name,
        lost.transport,
        `${lost.message} while tools/call "${tool}" was in flight`,
        {
          code: "CONNECTION_CLOSED",
          cause,
          ...(lost.stderrTail === undefined ? {} : { stderrTail: lost.stderrTail }),
        },
      );
    }
    if (callerSignal?.aborted) {
      return new ToolCallError(
        this.name,
        tool,
        "aborted",
        `Tool call "${tool}" on server "${this.name}" was aborted`,
        {
          cause: callerSignal.reason,
        },
      );
    }
    const sdk = loadedClientSdk();
    const sdkTimeout =
      sdk !== undefined && error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.RequestTimeout;
    if (timeoutSignal?.aborted || sdkTimeout) {
      return new ToolCallError(
        this.name,
        tool,
        "timeout",
        `Tool call "${tool}" on server "${this.name}" timed out after ${limitMs} ms (timeoutMs limit; the server was sent ${asTask ? "tasks/cancel" : "notifications/cancelled"})`,
        { cause },
      );
    }
    const detail = redact(describeCallError(error), this.#secrets);
    return new ToolCallError(
      this.name,
      tool,
      "protocol",
      `Server "${this.name}" rejected tools/call "${tool}": ${detail}`,
      { cause, detail },
    );
  }

  #asConnectionError(error: unknown): ConnectionError {
    if (error instanceof ConnectionError) return error;
    return new ConnectionError(
      this.name,
      this.#wire(),
      redact(`Server "${this.name}" failed: ${String(error)}`, this.#secrets),
      { cause: redactError(error, (text) => redact(text, this.#secrets)) },
    );
  }

  #wire(): string {
    return this.info?.transport ?? (this.config.kind === "stdio" ? "stdio" : this.config.transport);
  }
}

function describeCallError(error: unknown): string {
  const sdk = loadedClientSdk();
  if (sdk !== undefined && error instanceof sdk.ProtocolError) return `${error.message} (code ${error.code})`;
  // The status is the fault ("503 Service Unavailable"); the SDK's message only carries the body.
  if (sdk !== undefined && error instanceof sdk.SdkHttpError)
    return `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ""}: ${error.message}`;
  // fetch's own "fetch failed" hides the reason (a dropped connection, a refused port) in its cause.
  if (error instanceof Error && error.cause instanceof Error)
    return `${String(error)} (${error.cause.message})`;
  return String(error);
}

/** Resolves true once `work` settles, false when `ms` pass or `signal` aborts first. */
async function settledWithin(
  work: Promise<unknown>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (ms <= 0 || signal?.aborted === true) return false;
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      sleep(ms, controller.signal).then(() => false),
    ]);
  } finally {
    signal?.removeEventListener("abort", stop);
    controller.abort();
  }
}

async function closeSession(session: Session): Promise<void> {
  session.client.onclose = () => {};
  try {
    if (session.child !== undefined) await session.child.close();
    else {
      const transport = session.transport as { terminateSession?: () => Promise<void> };
      // Streamable HTTP: tell the server the session is over (best effort, bounded).
      await Promise.race([transport.terminateSession?.().catch(() => {}), delay(1_000)]);
    }
  } finally {
    await session.client.close().catch(() => {});
  }
}

/** One `tools/call` on `session`: the direct path where the session has one (direct-tool-calls.ts), else the SDK. */
function sendCall(
  session: Session,
  params: { name: string; arguments: Record<string, unknown> },
  options: DirectCallOptions,
): Promise<CallToolResult> {
  return session.direct?.call(params, options) ?? session.client.callTool(params, options);
}

/**
 * Queued or pausable calls set the SDK's per-request timer out of reach: their `Deadline` decides when the call
 * has taken too long.
 */
const SDK_TIMEOUT_CEILING_MS = 2_147_483_647;

/** What the request methods take: the SDK's timeout and signal, without importing its types above connect/. */
export interface RequestOptionsLike {
  signal?: AbortSignal;
  /** Default: the server's configured `timeoutMs`. */
  timeoutMs?: number;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
