/**
 * Typed errors. Every error switchboard throws carries a stable string `code` and, where it wraps another
 * failure, a `cause`. `isSwitchboardError` checks by a marker rather than `instanceof`, so errors from a second
 * copy of the package (another realm or a duplicated install) are still recognised.
 */

import type { InterruptedStream } from "./spec/model-stream.js";

const marker = Symbol.for("switchboard.error");

/** Every `SwitchboardError` code: branch on `error.code`, not on the message. */
export type ErrorCode =
  | "CONFIG_INVALID"
  | "CONFIG_NOT_FOUND"
  | "CONFIG_UNREADABLE"
  | "CONNECTION_FAILED"
  | "CONNECTION_CLOSED"
  | "SERVER_NOT_FOUND"
  | "TOOL_CALL_FAILED"
  | "NAME_NOT_IN_TABLE"
  | "SCHEMA_UNREPAIRABLE"
  | "PATTERN_NOT_ENFORCED"
  | "PROVIDER_UNKNOWN"
  | "LEDGER_UNREADABLE"
  | "REQUEST_FAILED"
  | "EMBEDDINGS_FAILED"
  /** An OAuth-protected server has no usable credentials and no way to ask the user (run `switchboard auth login`). */
  | "AUTH_REQUIRED"
  /** Discovery, registration, authorization or token exchange failed. */
  | "AUTH_FAILED"
  /** The authorization redirect carried a `state` other than the one sent (possible CSRF), or none. */
  | "AUTH_STATE_MISMATCH"
  /** The credentials file cannot be read, parsed or written. */
  | "AUTH_STORE_UNREADABLE"
  /** A signal (SIGINT, SIGTERM, SIGHUP) stopped the CLI; the servers were closed. */
  | "INTERRUPTED"
  /** The tools array breaks a provider's request limit and the agent's `overLimit` is `refuse`. */
  | "REQUEST_LIMIT"
  /** An optional peer dependency (a provider SDK, better-sqlite3) that this feature needs is not installed. */
  | "MISSING_DEPENDENCY"
  /** A skill file failed verification against its listed entry (size, digest, frontmatter, unlisted). */
  | "SKILL_UNVERIFIED"
  /** A skill file is larger than the configured limit; it was not loaded. */
  | "SKILL_TOO_LARGE"
  /** A cost calculation was given incomplete or contradictory numbers (see `CostInputError.problem`). */
  | "COST_INPUT"
  /** Exact token counting cannot start: no count-tokens endpoint for the wire, or no key. */
  | "EXACT_COUNT_UNAVAILABLE"
  /** A streamed model answer stopped before the provider finished it (see `StreamInterruptedError`). */
  | "STREAM_INTERRUPTED"
  /** A local tool's definition is unusable, or clashes with another tool or a server named like the local namespace. */
  | "LOCAL_TOOL_INVALID"
  /** A data file the tool search reads (the shipped word vectors) is missing or not in its format. */
  | "SEARCH_DATA"
  /** The tokenizer's rank file (dist/vendor/o200k.bin) is missing parts or not in its format. */
  | "TOKENIZER_DATA"
  | "USAGE";

/** The base of every error switchboard throws: a stable `code` and the underlying `cause`. */
export class SwitchboardError extends Error {
  readonly [marker] = true;
  override name = "SwitchboardError";
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

/** Whether a value is a `SwitchboardError`, also across two copies of the package (it checks a marker, not the class). */
export function isSwitchboardError(value: unknown): value is SwitchboardError {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}

/** One problem found in a configuration file, located by JSON path. */
export interface ConfigIssue {
  /** JSON path inside the file, e.g. `$.mcpServers.tickets.command`. */
  path: string;
  message: string;
}

/** A config that could not be read or is invalid: names the file and lists every issue found. */
export class ConfigError extends SwitchboardError {
  override name = "ConfigError";
  readonly file: string;
  readonly issues: readonly ConfigIssue[];

  constructor(file: string, issues: readonly ConfigIssue[], options?: { cause?: unknown; code?: ErrorCode }) {
    const code = options?.code ?? "CONFIG_INVALID";
    const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`);
    const heading = code === "CONFIG_NOT_FOUND" ? `No config file found (${file})` : `Invalid config ${file}`;
    super(code, `${heading}:\n${lines.join("\n")}`, options);
    this.file = file;
    this.issues = issues;
  }
}

/** A server that could not be connected or whose connection failed: names the server. */
export class ConnectionError extends SwitchboardError {
  override name = "ConnectionError";
  readonly server: string;
  readonly transport: string;
  /** Last lines the server wrote to stderr, when it is a stdio server (secrets redacted). */
  readonly stderrTail: string | undefined;

  constructor(
    server: string,
    transport: string,
    message: string,
    options?: { cause?: unknown; stderrTail?: string; code?: ErrorCode },
  ) {
    super(options?.code ?? "CONNECTION_FAILED", message, options);
    this.server = server;
    this.transport = transport;
    this.stderrTail = options?.stderrTail;
  }
}

/**
 * A streamed model answer stopped before the provider finished it: the caller aborted, or the connection or
 * the provider failed mid-stream. `interrupted` holds what can be appended to the transcript (see
 * `InterruptedStream`), so the calls that had started are still answered; `cause` is the SDK's error.
 */
export class StreamInterruptedError<Response = unknown> extends SwitchboardError {
  override name = "StreamInterruptedError";
  readonly interrupted: InterruptedStream<Response>;

  constructor(message: string, interrupted: InterruptedStream<Response>, options?: { cause?: unknown }) {
    super("STREAM_INTERRUPTED", message, options);
    this.interrupted = interrupted;
  }
}
