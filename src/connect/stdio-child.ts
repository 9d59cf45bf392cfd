/**
 * A stdio server's child process, spawned before the MCP client SDK has loaded: the first connect used to load
 * the SDK (~100 ms with zod) and only then spawn, so the server's own start-up waited for it. Spawned first, the
 * two overlap. Until the transport attaches, everything the process does (spawn, a spawn error, stdout and
 * stderr chunks, exit, close) is kept and then replayed in order. The streams are read from the spawn on, not
 * left paused: Node drains and drops an exited child's unread output, and a server that fails at once must
 * still have its stderr reported. Each stream is read up to `EARLY_STREAM_BYTES` before the transport attaches,
 * then paused until it does: a flooding server waits on its pipe, and what it wrote is all still delivered.
 *
 * From the spawn on, the child is tracked for the kill-at-exit (live-server-processes.ts), so a child whose SDK
 * import or `initialize` never happens is still ended with the host. This module loads no SDK code.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { StdioServerConfig } from "../config/types.js";
import { buildChildEnv } from "./child-env.js";
import { trackServerProcess } from "./live-server-processes.js";
import { groupAlive, ownProcessGroup, signalGroup } from "./process-group.js";

/** How a child ended: its exit code, or the signal that killed it. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What happened to the process, in the order it happened. */
export type StdioChildEvent =
  | { kind: "spawn" }
  /** The process's own `error`: a failed spawn (ENOENT, EACCES), or a signal that could not be sent. */
  | { kind: "error"; error: Error }
  | { kind: "stdout"; chunk: Buffer }
  | { kind: "stderr"; chunk: string }
  /** A read error on stdout. */
  | { kind: "stream-error"; error: Error }
  | { kind: "exit"; exit: ChildExit }
  | { kind: "close" };

/** What to run, and where. */
export interface StdioChildSpec {
  command: string;
  args: readonly string[];
  /** The complete environment (already minimal; see child-env.ts). */
  env: Record<string, string>;
  cwd?: string;
}

/**
 * Bytes of one stream held before the transport attaches; past it the stream is paused, so a server that floods
 * its pipe blocks on its own write (backpressure) instead of filling our memory, and nothing is dropped.
 */
export const EARLY_STREAM_BYTES = 4 * 2 ** 20;

/** After SIGKILL, the longest wait for the kernel to finish the group (a process in uninterruptible sleep lingers). */
const sigkillSettleMs = 2_000;
/** While waiting for the rest of a process group to leave, look this often. */
const groupPollMs = 25;

/** A spawned stdio server whose events wait for the transport that will own it. */
export class StdioChild {
  /** The Node child process (its stdout and stderr are read here; write to its stdin). */
  readonly childProcess: ChildProcess;
  #early: StdioChildEvent[] | undefined = [];
  /** Bytes held in `#early` per stream, and the streams paused for holding too much. */
  readonly #earlyBytes = { stdout: 0, stderr: 0 };
  readonly #paused: NodeJS.ReadableStream[] = [];
  #listener: ((event: StdioChildEvent) => void) | undefined;
  #exit: ChildExit | undefined;
  readonly #exited: Promise<void>;
  readonly #untrack: () => void;

  constructor(spec: StdioChildSpec) {
    const child = spawn(spec.command, [...spec.args], {
      env: spec.env,
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
      windowsHide: true,
      // Its own process group: SIGINT from the terminal no longer reaches it, so the host must end it (the CLI
      // does on every signal), and ending it reaches its whole group. The pipes still tie it to us.
      detached: ownProcessGroup,
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    });
    this.childProcess = child;
    const pid = child.pid;
    this.#untrack =
      pid === undefined
        ? () => {}
        : trackServerProcess(() => {
            if (!ownProcessGroup || !signalGroup(pid, "SIGKILL")) child.kill("SIGKILL");
          });
    this.#exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.#exit = { code, signal };
        resolve();
      });
      // A spawn failure (ENOENT, EACCES) never produces `exit`.
      child.once("error", () => {
        if (pid === undefined) resolve();
      });
    });
    child.once("spawn", () => this.#emit({ kind: "spawn" }));
    // Listened to from the start: an `error` nobody listens to (a failed spawn) would throw.
    child.on("error", (error) => this.#emit({ kind: "error", error }));
    child.stdout?.on("data", (chunk: Buffer) => {
      this.#emit({ kind: "stdout", chunk });
      this.#hold("stdout", chunk.length, child.stdout);
    });
    child.stdout?.on("error", (error) => this.#emit({ kind: "stream-error", error }));
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      this.#emit({ kind: "stderr", chunk });
      this.#hold("stderr", chunk.length, child.stderr);
    });
    child.once("exit", (code, signal) => this.#emit({ kind: "exit", exit: { code, signal } }));
    child.once("close", () => this.#emit({ kind: "close" }));
  }

  /** The child's pid; undefined when it could not be spawned. */
  get pid(): number | undefined {
    return this.childProcess.pid;
  }

  /** How the child ended, once it has. */
  get exit(): ChildExit | undefined {
    return this.#exit;
  }

  /** Hands `listener` every event so far, in order, then each later one as it happens. Once per child. */
  attach(listener: (event: StdioChildEvent) => void): void {
    if (this.#listener !== undefined) throw new Error("StdioChild already attached");
    this.#listener = listener;
    const early = this.#early ?? [];
    this.#early = undefined;
    for (const event of early) listener(event);
    for (const stream of this.#paused.splice(0)) stream.resume();
  }

  /** The child and its group are gone: it no longer needs killing when the host exits. */
  forget(): void {
    this.#untrack();
  }

  /**
   * Ends a child no transport will own (the SDK failed to load after the spawn): SIGKILL to its group, since it
   * was never sent a message, then a bounded wait for the group to go. Resolves once it has (or the wait ended).
   */
  async kill(): Promise<void> {
    const pid = this.pid;
    if (pid !== undefined && (this.#exit === undefined || (ownProcessGroup && groupAlive(pid)))) {
      if (!ownProcessGroup || !signalGroup(pid, "SIGKILL")) this.childProcess.kill("SIGKILL");
      const deadline = performance.now() + sigkillSettleMs;
      await settlesWithin(this.#exited, sigkillSettleMs);
      while (ownProcessGroup && groupAlive(pid) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, groupPollMs));
      }
    }
    this.childProcess.stdin?.destroy();
    this.childProcess.stdout?.destroy();
    this.childProcess.stderr?.destroy();
    this.forget();
  }

  /** Counts a chunk held before the transport attached; pauses its stream once that stream has held too much. */
  #hold(stream: "stdout" | "stderr", size: number, readable: NodeJS.ReadableStream | null): void {
    if (this.#early === undefined || readable === null) return;
    this.#earlyBytes[stream] += size;
    if (this.#earlyBytes[stream] >= EARLY_STREAM_BYTES && !readable.isPaused()) {
      readable.pause();
      this.#paused.push(readable);
    }
  }

  #emit(event: StdioChildEvent): void {
    if (this.#early !== undefined) this.#early.push(event);
    else this.#listener?.(event);
  }
}

/** Waits up to `ms` for `promise`; true when it settled in time. */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Spawns `config`'s server with its minimal environment (the parent's safe set, then the configured `env`). */
export function spawnStdioChild(
  config: StdioServerConfig,
  parentEnv: Readonly<Record<string, string | undefined>> | undefined,
): StdioChild {
  return new StdioChild({
    command: config.command,
    args: config.args,
    env: buildChildEnv(config.env, parentEnv ?? process.env),
    ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
  });
}
