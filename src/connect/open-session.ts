/**
 * One attempt to bring a server up: spawn or dial, `initialize`, and the first full listing, all inside one
 * deadline. Either returns a live session or throws a `ConnectionError` after tearing down whatever it started
 * (no half-started child survives a failed attempt).
 *
 * A stdio server on the plain 2025 handshake is opened by switchboard's SDK-free client (wire-client.ts), so a
 * first connect does not load the SDK; what that client does not answer itself (a sampling or elicitation
 * request) goes to an SDK client made when the first such request arrives. Every other session, and a stdio
 * server whose handshake declares skills, goes through the SDK client (sdk-session.ts, loaded with the SDK when
 * first needed). This module loads no SDK code.
 */

import { AuthError } from "../auth/auth-error.js";
import { loadClientSdk, loadedClientSdk } from "../auth/client-sdk.js";
import { interactiveProvider, isUnauthorized } from "../auth/session-auth.js";
import type { ServerConfig, StdioServerConfig } from "../config/types.js";
import { ConnectionError, SwitchboardError } from "../errors.js";
import { describeExit } from "./child-process-transport.js";
import { readJsonRpcMessage } from "./json-rpc-message.js";
import { lazyValidator } from "./lazy-validator.js";
import { linearJsonSchemaValidator } from "./linear-json-schema-validator.js";
import { redact, redactError } from "./redact.js";
import {
  type Attempt,
  clientInfoDefault,
  closeQuietly,
  declaredCapabilities,
  ExitedBeforeReady,
  finish,
  isNegotiationRefusal,
  listChangedMethods,
  remaining,
  type Session,
  type SessionHooks,
  stdioTransport,
} from "./session-attempt.js";
import type { StdioChild } from "./stdio-child.js";
import type { ConnectionOptions, ListKind, LoggingMessageNotificationParams } from "./types.js";
import { WireClient } from "./wire-client.js";

export type { Session, SessionHooks } from "./session-attempt.js";

type SdkSession = typeof import("./sdk-session.js");

/** The SDK half, loaded with the SDK by the first session that needs it. */
async function sdkSession(): Promise<SdkSession> {
  await loadClientSdk();
  return import("./sdk-session.js");
}

/** The SDK's extension id for skills, which only the SDK client's `SkillsClient` can list. */
const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

class DeadlineExpired extends Error {}

/** How long a failed start waits for the child's exit before deciding the exit was not the cause. */
const exitSettleMs = 500;

/**
 * Opens one session on `config`'s server. `spawned`: a stdio server's child, spawned before the SDK loaded (see
 * stdio-child.ts); this attempt owns it from here on, and kills it when the attempt fails. Without it a stdio
 * attempt spawns its own.
 */
export async function openSession(
  config: ServerConfig,
  hooks: SessionHooks,
  options: ConnectionOptions,
  abort: AbortSignal,
  spawned?: StdioChild,
): Promise<Session> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExpired()), config.connectTimeoutMs);
  const forwardAbort = () => controller.abort(abort.reason);
  abort.addEventListener("abort", forwardAbort, { once: true });
  if (abort.aborted) forwardAbort();
  const attempt: Attempt = { config, hooks, options, signal: controller.signal, started, clients: [] };
  try {
    return await raceAbort(
      config.kind === "stdio"
        ? openStdio(config, attempt, spawned)
        : sdkSession().then((sdk) => sdk.openHttp(config, attempt)),
      attempt,
    );
  } catch (error) {
    // Did the child die by itself? Asked before teardown, whose own SIGTERM would otherwise look like the cause.
    // A write to a child that has just died can fail before its exit is reported: wait a moment for the exit,
    // so a server that quits after `initialize` fails with its exit code every time.
    const exitedFirst =
      attempt.child !== undefined &&
      !controller.signal.aborted &&
      (await attempt.child.exitedWithin(lostPipe(error) ? exitSettleMs : 0));
    await teardown(attempt);
    // Failed before a transport took the spawned child (the SDK did not load): it is still ours to end.
    if (attempt.child === undefined) await spawned?.kill();
    throw failure(config, attempt, error, exitedFirst);
  } finally {
    clearTimeout(timer);
    abort.removeEventListener("abort", forwardAbort);
  }
}

/**
 * Whether `config`'s session is one the SDK-free client serves: stdio and the plain 2025 `initialize` (no
 * `protocol` beyond `2025`, no negotiation mode but `legacy`), unless `stdioClient: "sdk"` asks for the SDK's.
 */
export function sdkFreeSession(
  config: ServerConfig,
  options: ConnectionOptions,
): config is StdioServerConfig {
  if (config.kind !== "stdio" || options.stdioClient === "sdk") return false;
  if (config.protocol === "2025") return true;
  if (config.protocol !== undefined) return false;
  const negotiation = options.versionNegotiation;
  return (
    negotiation === undefined || (Object.keys(negotiation).length === 1 && negotiation.mode === "legacy")
  );
}

async function openStdio(
  config: StdioServerConfig,
  attempt: Attempt,
  spawned: StdioChild | undefined,
): Promise<Session> {
  if (!sdkFreeSession(config, attempt.options))
    return (await sdkSession()).openSdkStdio(config, attempt, spawned);
  const { options, hooks } = attempt;
  const child = stdioTransport(config, attempt, spawned, readJsonRpcMessage);
  const schemaValidator = outputSchemaValidator(hooks);
  const features = options.features;
  const client = new WireClient(
    options.clientInfo ?? clientInfoDefault,
    schemaValidator,
    declaredCapabilities(features),
  );
  // Filled in by finish(); hooks only fire for sessions that reached the caller.
  const session = {
    client,
    schemaValidator,
    transport: child,
    child,
    direct: undefined,
    wire: "stdio",
    lost: undefined,
    missed: new Set(),
    warnings: new Map(),
  } as unknown as Session;
  if (features !== undefined) {
    if (features.roots !== undefined) client.answerRoots(features.roots);
    client.setNotificationHandler("notifications/message", (notification) =>
      hooks.onLog?.(session, notification.params as unknown as LoggingMessageNotificationParams),
    );
    client.setNotificationHandler("notifications/resources/updated", (notification) =>
      hooks.onResourceUpdated?.(session, String(notification.params?.uri)),
    );
    // Sampling, elicitation and whatever is not plain enough to read here: the SDK's client, made when asked.
    client.delegateServerMessages(async () =>
      (await sdkSession()).serverMessageSink(attempt, session, client, child),
    );
  }
  attempt.clients.push({ client, child });
  await client.connect(child, { signal: attempt.signal, timeout: remaining(attempt) });
  if (client.getServerCapabilities()?.extensions?.[SKILLS_EXTENSION] !== undefined) {
    return (await sdkSession()).adoptWireSession(attempt, client, child);
  }
  for (const kind of Object.keys(listChangedMethods) as ListKind[]) {
    client.setNotificationHandler(listChangedMethods[kind], () => hooks.onListChanged(session, kind));
  }
  client.onclose = () => hooks.onClose(session);
  client.onerror = (error) => hooks.onError(error);
  return finish(attempt, session);
}

/** The output-schema validator every session's calls use: lazy, linear, and loud about a pattern it cannot run. */
export function outputSchemaValidator(hooks: SessionHooks) {
  return lazyValidator(
    linearJsonSchemaValidator((pattern, reason) =>
      hooks.onError(
        new SwitchboardError(
          "PATTERN_NOT_ENFORCED",
          `An output schema's pattern ${JSON.stringify(pattern.slice(0, 200))} is not enforced: it needs a backtracking engine (${reason})`,
        ),
      ),
    ),
  );
}

/** Spawn and the legacy SSE handshake do not take a signal; the deadline must still win. */
function raceAbort<T>(promise: Promise<T>, attempt: Attempt): Promise<T> {
  return new Promise((resolve, reject) => {
    attempt.fail = reject;
    const onAbort = () => reject(attempt.signal.reason);
    if (attempt.signal.aborted) onAbort();
    attempt.signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        attempt.signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        attempt.signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

async function teardown(attempt: Attempt): Promise<void> {
  const graceMs = attempt.options.killGraceMs ?? 2_000;
  await Promise.all(
    attempt.clients.map(async ({ client, child }) => {
      // Detach first: the close below is ours, not a crash to report.
      client.onclose = () => {};
      await Promise.all([child?.kill(graceMs), closeQuietly(client)]);
    }),
  );
}

function failure(
  config: ServerConfig,
  attempt: Attempt,
  error: unknown,
  exitedFirst: boolean,
): ConnectionError {
  const transport = attempt.wire ?? (config.kind === "stdio" ? "stdio" : config.transport);
  const stderrTail = attempt.hooks.stderrTail();
  const authSecrets = interactiveProvider(attempt.options.auth)?.secretValues() ?? [];
  // An SDK error quoting a token endpoint's reply must not carry a token out through `cause`.
  const cause = authSecrets.length === 0 ? error : redactError(error, (text) => redact(text, authSecrets));
  const options = { cause, ...(stderrTail === undefined ? {} : { stderrTail }) };
  const where = config.kind === "stdio" ? `"${config.command}"` : describeUrl(config.url);
  let reason: string;
  // The SDK may reject with its own error once the deadline aborted it: the deadline is still the reason.
  if (error instanceof DeadlineExpired || attempt.signal.reason instanceof DeadlineExpired) {
    reason = `did not become ready within ${config.connectTimeoutMs} ms (connectTimeoutMs)`;
  } else if (attempt.signal.aborted) {
    reason = "connect was cancelled because the connection was closed";
  } else if (attempt.refused !== undefined || isNegotiationRefusal(error)) {
    const refusal = attempt.refused ?? (error as Error);
    const asked =
      config.protocol === undefined
        ? "the revision versionNegotiation asks for"
        : `the revision its config asks for ("protocol": ${JSON.stringify(config.protocol)})`;
    reason = `does not speak ${asked}: ${refusal.message}`;
  } else if (exitedFirst && attempt.child?.exit !== undefined && attempt.child.pid !== undefined) {
    reason = `${describeExit(attempt.child.exit)} before it was ready`;
  } else if (isSpawnError(error)) {
    reason = `could not start ${where}: ${error.message}`;
  } else if (error instanceof AuthError || isUnauthorized(error)) {
    const detail = error instanceof AuthError ? error.message : "the server requires authorization";
    reason = `could not be authorized at ${where}: ${detail}`;
  } else {
    reason = `failed to connect to ${where} over ${transport}: ${describeError(error)}`;
  }
  const message = redact(attempt.hooks.redact(`Server "${config.name}" ${reason}`), authSecrets);
  return new ConnectionError(config.name, transport, message, options);
}

/** The failure of a write to, or a read from, a child that is going away. */
function lostPipe(error: unknown): boolean {
  if (error instanceof ExitedBeforeReady) return true;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "EPIPE" || (error instanceof Error && error.message.includes("Not connected"));
}

function isSpawnError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

function describeError(error: unknown): string {
  const sdk = loadedClientSdk();
  if (sdk !== undefined && error instanceof sdk.SdkError && error.code === sdk.SdkErrorCode.ConnectionClosed)
    return "the connection closed";
  return error instanceof Error ? error.message : String(error);
}

/** Origin and path only: query strings and userinfo can hold tokens. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "<invalid url>";
  }
}
