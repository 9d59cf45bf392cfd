/**
 * One configured server's connection: a small state machine around SDK sessions.
 *
 *   connecting → ready | failed;  ready → restarting → ready | failed;  any → closed
 *
 * A session that ends while `ready` (the stdio child exited, the HTTP stream closed) fails every call in flight
 * with a `CONNECTION_CLOSED` error naming the exit, then restarts with capped exponential backoff and a fresh
 * first listing. `callTool` enforces the per-server concurrency limit (FIFO) and the call timeout.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../config/types.js";
import { ConnectionError } from "../errors.js";
import { backoffDelay, defaultRestartPolicy, type RestartPolicy } from "./backoff.js";
import { ToolCallError } from "./call-errors.js";
import { CallQueue } from "./call-queue.js";
import { describeExit } from "./child-process-transport.js";
import { allListKinds, fetchListing } from "./fetch-listing.js";
import { openSession, type Session } from "./open-session.js";
import { redact, secretValues } from "./redact.js";
import { defaultStderrTailLimits, StderrTail } from "./stderr-tail.js";
import { TypedEmitter } from "./typed-emitter.js";
import type {
  CallToolOptions,
  ConnectionEvents,
  ConnectionOptions,
  ConnectionState,
  ListKind,
  ServerListing,
  SessionInfo,
} from "./types.js";

export class ServerConnection extends TypedEmitter<ConnectionEvents> {
  readonly name: string;
  readonly config: ServerConfig;
  readonly #options: ConnectionOptions;
  readonly #restart: RestartPolicy;
  readonly #secrets: string[];
  readonly #stderr: StderrTail;
  readonly #queue: CallQueue;
  /** Aborted by close(): cancels a pending connect, a restart sleep or a restart attempt. */
  readonly #lifecycle = new AbortController();
  #state: ConnectionState = "connecting";
  #session: Session | undefined;
  #listing: ServerListing | undefined;
  #failure: ConnectionError | undefined;
  #restarts = 0;
  #started: Promise<void> | undefined;
  #restarting: Promise<void> | undefined;
  #closing: Promise<void> | undefined;

  constructor(config: ServerConfig, options: ConnectionOptions = {}) {
    super();
    this.name = config.name;
    this.config = config;
    this.#options = options;
    this.#restart = { ...defaultRestartPolicy, ...options.restart };
    this.#secrets = secretValues(config.kind === "stdio" ? config.env : config.headers);
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
      const session = await this.#open();
      this.#adopt(session);
    } catch (error) {
      const failure = this.#asConnectionError(error);
      if (this.#state !== "closed") {
        this.#failure = failure;
        this.#setState("failed");
      }
      throw failure;
    }
  }

  /**
   * Calls a tool and returns the raw MCP result. Waits for a free slot (FIFO) when `maxConcurrentCalls` are in
   * flight. The timeout covers the wait and the call; on expiry the SDK sends `notifications/cancelled`.
   */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    options: CallToolOptions = {},
  ): Promise<CallToolResult> {
    const limitMs = options.timeoutMs ?? this.config.timeoutMs;
    const started = performance.now();
    this.#assertCallable(tool);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), limitMs);
    const waitSignal =
      options.signal === undefined ? timeout.signal : AbortSignal.any([timeout.signal, options.signal]);
    let release: (() => void) | undefined;
    let session: Session | undefined;
    try {
      release = await this.#queue.acquire(waitSignal);
      this.#assertCallable(tool);
      session = this.#session!;
      const left = limitMs - (performance.now() - started);
      if (left <= 0) timeout.abort();
      if (waitSignal.aborted) throw waitSignal.reason;
      return await session.client.callTool(
        { name: tool, arguments: args },
        { timeout: left, ...(options.signal === undefined ? {} : { signal: options.signal }) },
      );
    } catch (error) {
      throw this.#callError(error, tool, session, limitMs, options.signal, timeout.signal);
    } finally {
      clearTimeout(timer);
      release?.();
    }
  }

  /** Re-lists the given kinds on the live session and returns the updated listing. */
  async refreshListing(kinds: readonly ListKind[] = allListKinds): Promise<ServerListing> {
    const session = this.#session;
    if (session === undefined || this.#state !== "ready") throw this.#notReady("re-list");
    const partial = await fetchListing(session.client, session.info.capabilities, kinds, {
      timeout: this.config.timeoutMs,
    });
    if (session !== this.#session || this.#listing === undefined) throw this.#notReady("re-list");
    this.#listing = { ...this.#listing, ...partial };
    session.listing = this.#listing;
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

  #open(): Promise<Session> {
    return openSession(
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
        onError: (error) => this.emit("error", error),
        stderrTail: () => this.stderrTail(),
        redact: (text) => redact(text, this.#secrets),
      },
      this.#options,
      this.#lifecycle.signal,
    );
  }

  #adopt(session: Session): void {
    if (this.#state === "closed") {
      void closeSession(session);
      return;
    }
    this.#session = session;
    this.#lastInfo = session.info;
    this.#listing = session.listing;
    this.#failure = undefined;
    this.#setState("ready");
    // A change announced while the first listing was in flight may not be in it: re-list those kinds.
    for (const kind of session.missed) this.emit("listChanged", kind);
    session.missed.clear();
  }

  #onSessionClosed(session: Session): void {
    if (session !== this.#session || this.#state !== "ready") return;
    this.#session = undefined;
    const exit = session.child?.exit;
    const stderrTail = this.stderrTail();
    const lost = new ConnectionError(
      this.name,
      session.wire,
      `Server "${this.name}" ${exit === undefined ? "closed the connection" : describeExit(exit)} unexpectedly`,
      { code: "CONNECTION_CLOSED", ...(stderrTail === undefined ? {} : { stderrTail }) },
    );
    session.lost = lost;
    this.#queue.rejectWaiting(lost);
    if (exit !== undefined) this.emit("exit", exit);
    this.emit("error", lost);
    // The dead child's pipes and the SDK client still need releasing.
    void closeSession(session);
    this.#setState("restarting");
    this.#restarting = this.#restartLoop();
  }

  async #restartLoop(): Promise<void> {
    const signal = this.#lifecycle.signal;
    let lastError: ConnectionError | undefined;
    for (let attempt = 1; attempt <= this.#restart.maxAttempts; attempt += 1) {
      if (!(await sleep(backoffDelay(attempt, this.#restart), signal))) return;
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
    timeoutSignal: AbortSignal,
  ): Error {
    if (error instanceof ConnectionError) return error;
    if (session?.lost !== undefined) {
      const lost = session.lost;
      return new ConnectionError(
        this.name,
        lost.transport,
        `${lost.message} while tools/call "${tool}" was in flight`,
        {
          code: "CONNECTION_CLOSED",
          cause: error,
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
    if (timeoutSignal.aborted || (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)) {
      return new ToolCallError(
        this.name,
        tool,
        "timeout",
        `Tool call "${tool}" on server "${this.name}" timed out after ${limitMs} ms (timeoutMs limit; the server was sent notifications/cancelled)`,
        { cause: error },
      );
    }
    const detail = error instanceof ProtocolError ? `${error.message} (code ${error.code})` : String(error);
    return new ToolCallError(
      this.name,
      tool,
      "protocol",
      redact(`Server "${this.name}" rejected tools/call "${tool}": ${detail}`, this.#secrets),
      { cause: error },
    );
  }

  #asConnectionError(error: unknown): ConnectionError {
    if (error instanceof ConnectionError) return error;
    return new ConnectionError(this.name, this.#wire(), `Server "${this.name}" failed: ${String(error)}`, {
      cause: error,
    });
  }

  #wire(): string {
    return this.info?.transport ?? (this.config.kind === "stdio" ? "stdio" : this.config.transport);
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
