/**
 * How every CLI command stops on SIGINT, SIGTERM and SIGHUP, from the first moment (servers still connecting)
 * to the last. The first signal starts a graceful teardown: the commands' signal aborts (a run answers its calls
 * and prints what it has), every tracked close runs (servers: stdin EOF, then SIGTERM, then SIGKILL to each
 * server's process group), and the process exits with 128 + the signal's number once the command has finished.
 * A second signal exits at once, after a SIGKILL to every server's process group. Servers run in process groups
 * of their own, so the terminal's Ctrl-C reaches only us: this is what ends them.
 */
import { constants } from "node:os";
import { killServerProcesses } from "../connect/live-server-processes.js";
import { SwitchboardError } from "../errors.js";

export type ShutdownSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

const shutdownSignals: readonly ShutdownSignal[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** 128 + the signal's number, as a shell reports a process the signal ended: 130, 143, 129. */
export function signalExitCode(signal: ShutdownSignal): number {
  return 128 + constants.signals[signal];
}

/** What a command sees of the shutdown (on `CliIo`). */
export interface ShutdownScope {
  /** Aborted by the first signal that stops the CLI; the reason is an `INTERRUPTED` error naming it. */
  readonly signal: AbortSignal;
  /**
   * Runs `close` on the first signal (it must be idempotent: the command's own `finally` may call it too) and
   * waits for it before exiting. With nothing tracked, a signal exits at once.
   */
  track(close: () => Promise<unknown>): void;
  /**
   * While set, SIGINT calls `handler` instead of stopping the CLI (chat: Ctrl-C stops the turn). A second signal
   * before `settle()` still exits at once. Returns the function that removes the handler.
   */
  interceptInterrupt(handler: () => void): () => void;
  /** The interrupted work is over: the next SIGINT counts as a first one again (unless the CLI is stopping). */
  settle(): void;
  /** Handles `signal` as if the process had received it (readline reports a terminal's Ctrl-C itself). */
  deliver(signal: ShutdownSignal): void;
}

export interface Shutdown extends ShutdownScope {
  /** The signal that started the teardown, if one did. */
  readonly received: ShutdownSignal | undefined;
  /** Resolves once every tracked close has settled (at once before any signal). */
  finished(): Promise<void>;
  /** Stops listening for the signals. */
  dispose(): void;
}

export interface ShutdownOptions {
  /** From the first signal, the longest a graceful teardown may take before the forced exit. Default 15 s. */
  forceAfterMs?: number;
  /** Once the tracked closes are done, how long the command may take to finish (print its summary). Default 1 s. */
  finishAfterCloseMs?: number;
}

/** Installs the handlers for the process's lifetime (the CLI's `main` does, once, for every command). */
export function installShutdown(options: ShutdownOptions = {}): Shutdown {
  const forceAfterMs = options.forceAfterMs ?? 15_000;
  const finishAfterCloseMs = options.finishAfterCloseMs ?? 1_000;
  const controller = new AbortController();
  const closers: (() => Promise<unknown>)[] = [];
  let received: ShutdownSignal | undefined;
  let finished: Promise<void> = Promise.resolve();
  /** A signal was acted on and its work is not over: the next one forces the exit. */
  let pending = false;
  let interceptor: (() => void) | undefined;

  const exitNow = (signal: ShutdownSignal): never => {
    killServerProcesses();
    process.exit(signalExitCode(signal));
  };

  const teardown = (signal: ShutdownSignal) => {
    received = signal;
    controller.abort(new SwitchboardError("INTERRUPTED", `interrupted by ${signal}`));
    if (closers.length === 0) exitNow(signal);
    setTimeout(() => exitNow(signal), forceAfterMs).unref();
    finished = Promise.allSettled(closers.map((close) => close())).then(() => {});
    void finished.then(() => setTimeout(() => exitNow(signal), finishAfterCloseMs).unref());
  };

  const deliver = (signal: ShutdownSignal) => {
    if (pending) exitNow(signal);
    pending = true;
    if (signal === "SIGINT" && interceptor !== undefined) interceptor();
    else teardown(signal);
  };

  const listeners = shutdownSignals.map((signal) => {
    const listener = () => deliver(signal);
    process.on(signal, listener);
    return () => process.off(signal, listener);
  });

  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    track(close) {
      closers.push(close);
      // Tracked while stopping: it joins the teardown.
      if (received !== undefined) finished = Promise.allSettled([finished, close()]).then(() => {});
    },
    interceptInterrupt(handler) {
      interceptor = handler;
      return () => {
        if (interceptor === handler) interceptor = undefined;
      };
    },
    settle() {
      if (received === undefined) pending = false;
    },
    deliver,
    finished: () => finished,
    dispose() {
      for (const off of listeners) off();
    },
  };
}

/**
 * Waits for `opening` (a host, a gateway) with its close tracked from the start, so a signal while it is still
 * opening closes it too; if a signal came meanwhile, closes it and throws the `INTERRUPTED` error.
 */
export async function openTracked<T extends { close(): Promise<unknown> }>(
  shutdown: ShutdownScope | undefined,
  opening: Promise<T>,
): Promise<T> {
  shutdown?.track(async () => (await opening.catch(() => undefined))?.close());
  const opened = await opening;
  if (shutdown?.signal.aborted === true) {
    await opened.close();
    throw shutdown.signal.reason;
  }
  return opened;
}
