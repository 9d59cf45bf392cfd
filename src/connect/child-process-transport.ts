/**
 * MCP over a child's stdin/stdout: the SDK's `serializeMessage` out, a linear line reader in. We own the
 * spawn rather than using `StdioClientTransport` because a host needs four things that transport does not
 * expose: the exit code or signal (for a useful crash report), a `close()` that resolves only once the child has
 * really exited (its SIGKILL step does not wait), configurable grace periods, and a process group of the
 * server's own (POSIX), so that shutdown also ends what a wrapper such as `sh -c` or `npx` started.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE, serializeMessage } from "@modelcontextprotocol/client";
import { BatchedLineWriter } from "./batched-writer.js";
import { JsonRpcLineReader } from "./line-reader.js";
import { trackServerProcess } from "./live-server-processes.js";
import { groupAlive, ownProcessGroup, signalGroup } from "./process-group.js";

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildProcessTransportOptions {
  command: string;
  args: readonly string[];
  /** The complete environment (already minimal; see child-env.ts). */
  env: Record<string, string>;
  cwd?: string;
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

export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: ChildProcessTransportOptions;
  readonly #reader: JsonRpcLineReader;
  #child: ChildProcess | undefined;
  #writer: BatchedLineWriter | undefined;
  #exit: ChildExit | undefined;
  #exited: Promise<ChildExit> | undefined;
  #closeFired = false;
  #spawned = false;
  /** Resolves when the close has fired: the child's pipes drained, or half a second after its exit. */
  readonly #closed: Promise<void>;
  #markClosed: () => void = () => {};
  #untrack: (() => void) | undefined;

  constructor(options: ChildProcessTransportOptions) {
    this.#options = options;
    this.#closed = new Promise((resolve) => {
      this.#markClosed = resolve;
    });
    this.#reader = new JsonRpcLineReader({
      maxLineBytes: options.maxBufferSize ?? STDIO_DEFAULT_MAX_BUFFER_SIZE,
      onMessage: (message) => {
        try {
          this.onmessage?.(message);
        } catch (error) {
          this.onerror?.(asError(error));
        }
      },
      onError: (error) => this.onerror?.(error),
    });
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** How the child ended, once it has. */
  get exit(): ChildExit | undefined {
    return this.#exit;
  }

  /** Waits up to `ms` for the child to exit (true once it has); false at once when it was never spawned. */
  exitedWithin(ms: number): Promise<boolean> {
    if (this.#exit !== undefined) return Promise.resolve(true);
    return this.#exited === undefined ? Promise.resolve(false) : settlesWithin(this.#exited, ms);
  }

  start(): Promise<void> {
    if (this.#child !== undefined) throw new Error("ChildProcessTransport already started");
    const child = spawn(this.#options.command, [...this.#options.args], {
      env: this.#options.env,
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
      windowsHide: true,
      // Its own process group: SIGINT from the terminal no longer reaches it, so the host must end it (the CLI
      // does on every signal), and ending it reaches its whole group. The pipes still tie it to us.
      detached: ownProcessGroup,
      ...(this.#options.cwd === undefined ? {} : { cwd: this.#options.cwd }),
    });
    this.#child = child;
    if (child.stdin != null) this.#writer = new BatchedLineWriter(child.stdin);
    const pid = child.pid;
    if (pid !== undefined) {
      this.#untrack = trackServerProcess(() => {
        if (!ownProcessGroup || !signalGroup(pid, "SIGKILL")) child.kill("SIGKILL");
      });
    }
    this.#exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
        // Normally `close` follows once the pipes drain; a grandchild holding them must not delay the report.
        setTimeout(() => this.#fireClose(), pipeDrainMs).unref();
      });
    });
    child.once("close", () => this.#fireClose());
    child.stdout?.on("data", (chunk: Buffer) => this.#reader.push(chunk));
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => this.#options.onStderr?.(chunk));
    // EPIPE after the child died is reported by exit/close; these only keep the streams from throwing.
    child.stdin?.on("error", (error) => this.onerror?.(error));
    child.stdout?.on("error", (error) => this.onerror?.(error));
    return new Promise((resolve, reject) => {
      child.once("spawn", () => {
        this.#spawned = true;
        resolve();
      });
      child.once("error", (error) => {
        // A spawn failure (ENOENT, EACCES) never produces `exit`; record it so close() does not wait.
        if (this.#exit === undefined) {
          this.#exit = { code: null, signal: null };
          this.#fireClose();
        }
        reject(error);
        this.onerror?.(error);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (stdin == null || stdin.destroyed || !stdin.writable || this.#writer === undefined) {
      return Promise.reject(new Error("Not connected: the server process is not running"));
    }
    // Serialised now (a caller may change the object after send returns); written with the rest of this tick's.
    return this.#writer.write(serializeMessage(message));
  }

  /**
   * Graceful shutdown: end stdin (the MCP stdio rule for "please exit"), wait, SIGTERM, wait, SIGKILL, each
   * signal to the server's whole process group, and each wait until every process of the group has gone (a
   * wrapper that exits first does not leave its children running). Resolves only after the child has exited.
   */
  async close(): Promise<void> {
    const child = this.#child;
    const exited = this.#exited;
    if (child === undefined || exited === undefined) {
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
    this.#untrack?.();
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.stdin?.destroy();
    this.#reader.clear();
    this.#fireClose();
  }

  /** Immediate teardown for a child that never became usable: SIGTERM, then SIGKILL; resolves on exit. */
  async kill(killGraceMs = this.#options.killGraceMs ?? 2_000): Promise<void> {
    const exited = this.#exited;
    if (exited !== undefined && !this.#gone()) {
      this.#signal("SIGTERM");
      if (!(await this.#goneWithin(killGraceMs))) await this.#sigkill();
      await exited;
    }
    await this.close();
  }

  /** The child has exited and nothing of its process group is left. */
  #gone(): boolean {
    const pid = this.#child?.pid;
    if (this.#exit === undefined) return false;
    return pid === undefined || !ownProcessGroup || !groupAlive(pid);
  }

  /** Waits up to `ms` for the child's exit and then for the rest of its group; true when all are gone. */
  async #goneWithin(ms: number): Promise<boolean> {
    const deadline = performance.now() + ms;
    if (this.#exited === undefined || !(await settlesWithin(this.#exited, ms))) return false;
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
    const child = this.#child;
    const pid = child?.pid;
    if (child === undefined || pid === undefined) return;
    if (!ownProcessGroup || !signalGroup(pid, signal)) child.kill(signal);
  }

  #fireClose(): void {
    if (this.#closeFired) return;
    this.#closeFired = true;
    this.#markClosed();
    if (this.#spawned && this.#exit !== undefined) this.#options.onExit?.(this.#exit);
    this.onclose?.();
  }
}

function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
