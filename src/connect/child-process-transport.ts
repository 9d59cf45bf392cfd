/**
 * MCP over a child's stdin/stdout: JSON lines out, a linear line reader in. We own the spawn rather than using
 * `StdioClientTransport` because a host needs four things that transport does not expose: the exit code or
 * signal (for a useful crash report), a `close()` that resolves only once the child has really exited (its
 * SIGKILL step does not wait), configurable grace periods, and a process group of the server's own (POSIX), so
 * that shutdown also ends what a wrapper such as `sh -c` or `npx` started.
 *
 * The child is spawned beforehand (stdio-child.ts), and this module loads no SDK code (the message check is
 * passed in), so a connect can spawn the server first and load the SDK while the server starts.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { BatchedLineWriter } from "./batched-writer.js";
import { JsonRpcLineReader } from "./line-reader.js";
import { groupAlive, ownProcessGroup, signalGroup } from "./process-group.js";
import { type ChildExit, type StdioChild, type StdioChildEvent, settlesWithin } from "./stdio-child.js";

export type { ChildExit } from "./stdio-child.js";

/** The SDK's `STDIO_DEFAULT_MAX_BUFFER_SIZE` (10 MB), copied so this module loads no SDK code. */
export const STDIO_DEFAULT_MAX_LINE_BYTES = 10 * 1024 * 1024;

export interface ChildProcessTransportOptions {
  /** The server's process, already spawned; its events so far are replayed when the transport starts. */
  child: StdioChild;
  /** The value as a JSON-RPC message, or a throw when it is not one (the SDK's `parseJSONRPCMessage`). */
  parseMessage(value: unknown): JSONRPCMessage;
  onStderr?: (chunk: string) => void;
  /** After closing stdin, how long to wait for a voluntary exit before SIGTERM. Default 2,000 ms. */
  closeGraceMs?: number;
  /** After SIGTERM, how long to wait before SIGKILL. Default 2,000 ms. */
  killGraceMs?: number;
  /** Longest stdout line (one message) accepted; a longer answer fails its call. Default the SDK's 10 MB. */
  maxBufferSize?: number;
  /**
   * The spawned child exited and its pipes are drained (so its stderr is complete), or half a second passed after
   * its exit. Called before `onclose`; never for a command that could not be spawned.
   */
  onExit?: (exit: ChildExit) => void;
}

/** When the child exited but something (a grandchild) still holds its pipes, stop waiting for them after this. */
const pipeDrainMs = 500;
/** While waiting for the rest of a process group to leave, look this often. */
const groupPollMs = 25;
/** After SIGKILL, the longest wait for the kernel to finish the group (a process in uninterruptible sleep lingers). */
const sigkillSettleMs = 2_000;

export function describeExit(exit: ChildExit | undefined): string {
  if (exit === undefined) return "the connection closed";
  if (exit.signal !== null) return `killed by signal ${exit.signal}`;
  return `exited with code ${exit.code}`;
}

/**
 * Takes some incoming messages before the SDK sees them (the direct call path, direct-tool-calls.ts), and hears of
 * the close after the SDK has.
 */
export interface MessageDiversion {
  /** True when the message was taken; false hands it to `onmessage`. */
  take(message: JSONRPCMessage): boolean;
  closed(): void;
}

export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: ChildProcessTransportOptions;
  readonly #reader: JsonRpcLineReader;
  readonly #stdio: StdioChild;
  #writer: BatchedLineWriter | undefined;
  #diversion: MessageDiversion | undefined;
  #exit: ChildExit | undefined;
  readonly #exited: Promise<ChildExit>;
  #markExited: (exit: ChildExit) => void = () => {};
  /** Settles with the spawn (rejects on a spawn failure); set once the child's events are attached. */
  #spawnResult: Promise<void> | undefined;
  #started = false;
  #closeFired = false;
  #spawned = false;
  #errored = false;
  /** Resolves when the close has fired: the child's pipes drained, or half a second after its exit. */
  readonly #closed: Promise<void>;
  #markClosed: () => void = () => {};

  constructor(options: ChildProcessTransportOptions) {
    this.#options = options;
    this.#stdio = options.child;
    this.#closed = new Promise((resolve) => {
      this.#markClosed = resolve;
    });
    this.#exited = new Promise((resolve) => {
      this.#markExited = resolve;
    });
    this.#reader = new JsonRpcLineReader({
      maxLineBytes: options.maxBufferSize ?? STDIO_DEFAULT_MAX_LINE_BYTES,
      parseMessage: options.parseMessage,
      onMessage: (message) => {
        try {
          if (this.#diversion?.take(message) === true) return;
          this.onmessage?.(message);
        } catch (error) {
          this.onerror?.(asError(error));
        }
      },
      onError: (error) => this.onerror?.(error),
    });
  }

  /** Offers every later message to `diversion` first (one diversion per transport). */
  divert(diversion: MessageDiversion): void {
    this.#diversion = diversion;
  }

  get pid(): number | undefined {
    return this.#stdio.pid;
  }

  /** How the child ended, once it has. */
  get exit(): ChildExit | undefined {
    // Before start() the child's own record: its events are not replayed here yet.
    return this.#exit ?? this.#stdio.exit;
  }

  /** Waits up to `ms` for the child to exit (true once it has); false at once when it was never spawned. */
  exitedWithin(ms: number): Promise<boolean> {
    this.#attach();
    if (this.#exit !== undefined) return Promise.resolve(true);
    return this.#stdio.pid === undefined ? Promise.resolve(false) : settlesWithin(this.#exited, ms);
  }

  start(): Promise<void> {
    if (this.#started) throw new Error("ChildProcessTransport already started");
    this.#started = true;
    this.#attach();
    return this.#spawnResult ?? Promise.resolve();
  }

  /**
   * Takes over the child: its events so far are replayed (spawn, a spawn error, output, exit, close) and later
   * ones handled as they come, so what happened before the SDK loaded is handled as if it happened now.
   * Idempotent.
   */
  #attach(): void {
    if (this.#spawnResult !== undefined) return;
    const child = this.#stdio.childProcess;
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    this.#spawnResult = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // A close() before start() attaches too, and nobody awaits its spawn.
    this.#spawnResult.catch(() => {});
    if (child.stdin != null) this.#writer = new BatchedLineWriter(child.stdin);
    // EPIPE after the child died is reported by exit/close; this only keeps the stream from throwing.
    child.stdin?.on("error", (error) => this.onerror?.(error));
    this.#stdio.attach((event) => this.#onChildEvent(event, settle));
  }

  #onChildEvent(
    event: StdioChildEvent,
    settle: { resolve: () => void; reject: (error: Error) => void } | undefined,
  ): void {
    switch (event.kind) {
      case "spawn":
        this.#spawned = true;
        settle?.resolve();
        return;
      case "error":
        if (this.#errored) {
          this.onerror?.(event.error);
          return;
        }
        this.#errored = true;
        // A spawn failure (ENOENT, EACCES) never produces `exit`; record it so close() does not wait.
        if (this.#exit === undefined) {
          this.#exit = { code: null, signal: null };
          this.#fireClose();
        }
        settle?.reject(event.error);
        this.onerror?.(event.error);
        return;
      case "stdout":
        this.#reader.push(event.chunk);
        return;
      case "stderr":
        this.#options.onStderr?.(event.chunk);
        return;
      case "stream-error":
        this.onerror?.(event.error);
        return;
      case "exit":
        this.#exit = event.exit;
        this.#markExited(event.exit);
        // Normally `close` follows once the pipes drain; a grandchild holding them must not delay the report.
        setTimeout(() => this.#fireClose(), pipeDrainMs).unref();
        return;
      case "close":
        this.#fireClose();
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#stdio.childProcess.stdin;
    if (stdin == null || stdin.destroyed || !stdin.writable || this.#writer === undefined) {
      return Promise.reject(new Error("Not connected: the server process is not running"));
    }
    // Serialised now (a caller may change the object after send returns); written with the rest of this tick's.
    // The SDK's `serializeMessage` is this line: JSON, then a newline.
    return this.#writer.write(`${JSON.stringify(message)}\n`);
  }

  /**
   * Graceful shutdown: end stdin (the MCP stdio rule for "please exit"), wait, SIGTERM, wait, SIGKILL, each
   * signal to the server's whole process group, and each wait until every process of the group has gone (a
   * wrapper that exits first does not leave its children running). Resolves only after the child has exited.
   */
  async close(): Promise<void> {
    this.#attach();
    const child = this.#stdio.childProcess;
    const exited = this.#exited;
    if (this.#stdio.pid === undefined) {
      this.#stdio.forget();
      this.#fireClose();
      return;
    }
    if (!this.#gone()) {
      try {
        // What was sent in this tick goes out before the end of stdin, not after it.
        this.#writer?.flush();
        child.stdin?.end();
      } catch {
        // Already gone; the exit wait below settles it.
      }
      if (!(await this.#goneWithin(this.#options.closeGraceMs ?? 2_000))) {
        this.#signal("SIGTERM");
        if (!(await this.#goneWithin(this.#options.killGraceMs ?? 2_000))) await this.#sigkill();
      }
      await exited;
    }
    // What the child wrote just before it exited (its last stderr lines) is read before the pipes are destroyed.
    await this.#closed;
    this.#stdio.forget();
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.stdin?.destroy();
    this.#reader.clear();
    this.#fireClose();
  }

  /** Immediate teardown for a child that never became usable: SIGTERM, then SIGKILL; resolves on exit. */
  async kill(killGraceMs = this.#options.killGraceMs ?? 2_000): Promise<void> {
    this.#attach();
    const exited = this.#exited;
    if (this.#stdio.pid !== undefined && !this.#gone()) {
      this.#signal("SIGTERM");
      if (!(await this.#goneWithin(killGraceMs))) await this.#sigkill();
      await exited;
    }
    await this.close();
  }

  /** The child has exited and nothing of its process group is left. */
  #gone(): boolean {
    const pid = this.#stdio.pid;
    if (this.#exit === undefined) return false;
    return pid === undefined || !ownProcessGroup || !groupAlive(pid);
  }

  /** Waits up to `ms` for the child's exit and then for the rest of its group; true when all are gone. */
  async #goneWithin(ms: number): Promise<boolean> {
    const deadline = performance.now() + ms;
    if (!(await settlesWithin(this.#exited, ms))) return false;
    while (!this.#gone()) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(groupPollMs, left)));
    }
    return true;
  }

  /** SIGKILL cannot be ignored, but its delivery takes a moment: wait (bounded) until the group is gone. */
  async #sigkill(): Promise<void> {
    this.#signal("SIGKILL");
    await this.#goneWithin(sigkillSettleMs);
  }

  #signal(signal: NodeJS.Signals): void {
    const child = this.#stdio.childProcess;
    const pid = child.pid;
    if (pid === undefined) return;
    if (!ownProcessGroup || !signalGroup(pid, signal)) child.kill(signal);
  }

  #fireClose(): void {
    if (this.#closeFired) return;
    this.#closeFired = true;
    this.#markClosed();
    if (this.#spawned && this.#exit !== undefined) this.#options.onExit?.(this.#exit);
    try {
      this.onclose?.();
    } finally {
      this.#diversion?.closed();
    }
  }
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
