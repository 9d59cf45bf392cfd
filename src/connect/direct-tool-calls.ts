/**
 * `tools/call` on a stdio session without the SDK's request funnel. Measured on the peers harness (Node 22, echo
 * of 18 bytes): the SDK client's `callTool` costs about 20 µs of CPU per call more than the v1 client's, and
 * switchboard's own layer is small beside it. The funnel's work for a legacy-era stdio request is an id, a
 * progress handler, a timer, a cancel, a response handler, the era codec's decode and the result validator;
 * this does the same with the same values: ids from the SDK's own counter (so they never collide with the SDK's
 * requests), the codec's `decodeResult` and the memoised validator (memo-result-validator.ts), the SDK's error
 * classes with the SDK's messages, and the output-schema check `callTool` makes (output-check.ts). The memoised
 * validator reads a text-only result itself, for the value the SDK's would return (text-only-result.ts).
 *
 * Used only where the funnel adds nothing: the legacy wire (a 2026-07-28 session has per-request envelopes and
 * multi-round-trip results), no outbound `_meta` envelope, no strict capability checks, and our own stdio
 * transport, which offers every message here before the SDK sees it. Everything not ours (other responses,
 * other progress, a malformed progress notification, a late answer to a cancelled call) goes on to the SDK,
 * which reports it exactly as before. When the internals it reads are missing, `attach` returns undefined and
 * calls go through the SDK.
 */
import type {
  CallToolResult,
  Client,
  jsonSchemaValidator,
  Progress,
  Tool,
} from "@modelcontextprotocol/client";
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { ChildProcessTransport, MessageDiversion } from "./child-process-transport.js";
import { type Codec, type DecodedResult, LEGACY_ERA, validatorFor } from "./memo-result-validator.js";
import { checkToolOutput } from "./output-check.js";

/** The options of a call, as the SDK's `callTool` takes them. */
export interface DirectCallOptions {
  timeout: number;
  resetTimeoutOnProgress?: boolean;
  signal?: AbortSignal;
  onprogress?: (progress: Progress) => void;
  toolDefinition?: Tool;
}

interface ClientInternals {
  _requestMessageId?: unknown;
  _options?: { enforceStrictCapabilities?: boolean };
  _resolveOutboundCodec?: (method: string) => Codec & { era?: unknown };
  _outboundMetaEnvelope?: () => unknown;
  transport?: unknown;
}

/**
 * One call in flight. A class and not closures: the bundle keeps function names (`keepNames`), which costs a
 * `defineProperty` for every named closure created, and this is created once per call.
 */
class PendingCall {
  readonly id: number;
  readonly owner: DirectToolCalls;
  readonly options: DirectCallOptions;
  resolve: (result: CallToolResult) => void = noop;
  reject: (error: unknown) => void = noop;
  timer: NodeJS.Timeout | undefined;
  onAbort: (() => void) | undefined;

  constructor(id: number, owner: DirectToolCalls, options: DirectCallOptions) {
    this.id = id;
    this.owner = owner;
    this.options = options;
  }
}

function noop(): void {}

/** A session's direct `tools/call` path; see the module comment. */
export class DirectToolCalls implements MessageDiversion {
  readonly #client: Client;
  readonly #internals: ClientInternals;
  readonly #transport: ChildProcessTransport;
  readonly #validators: jsonSchemaValidator;
  readonly #codec: Codec;
  readonly #pending = new Map<number, PendingCall>();

  private constructor(
    client: Client,
    transport: ChildProcessTransport,
    validators: jsonSchemaValidator,
    codec: Codec,
  ) {
    this.#client = client;
    this.#internals = client as unknown as ClientInternals;
    this.#transport = transport;
    this.#validators = validators;
    this.#codec = codec;
  }

  /**
   * The direct path for `client` on `transport` (after `connect`, so the era is known), diverting the
   * transport's messages to it; undefined (and nothing changed) where the SDK's funnel must stay.
   */
  static attach(
    client: Client,
    transport: ChildProcessTransport,
    validators: jsonSchemaValidator,
  ): DirectToolCalls | undefined {
    const internals = client as unknown as ClientInternals;
    if (typeof internals._requestMessageId !== "number") return undefined;
    if (internals._options?.enforceStrictCapabilities === true) return undefined;
    if (typeof internals._resolveOutboundCodec !== "function") return undefined;
    if (typeof internals._outboundMetaEnvelope !== "function") return undefined;
    if (internals._outboundMetaEnvelope.call(client) !== undefined) return undefined;
    const codec = internals._resolveOutboundCodec.call(client, "tools/call");
    if (codec.era !== LEGACY_ERA || typeof codec.decodeResult !== "function") return undefined;
    if (validatorFor(codec, "tools/call") === null) return undefined;
    const direct = new DirectToolCalls(client, transport, validators, codec);
    transport.divert(direct);
    return direct;
  }

  /** Calls `params.name`, as `client.callTool(params, options)` would, with the same results and errors. */
  call(
    params: { name: string; arguments: Record<string, unknown> },
    options: DirectCallOptions,
  ): Promise<CallToolResult> {
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(asSdkError(signal.reason));
    if (this.#internals.transport === undefined) return Promise.reject(new Error("Not connected"));
    // The SDK's own counter: its next request takes the next id, so the two never answer each other's.
    const id = this.#internals._requestMessageId as number;
    this.#internals._requestMessageId = id + 1;
    const message = {
      method: "tools/call",
      params: options.onprogress === undefined ? params : { ...params, _meta: { progressToken: id } },
      jsonrpc: "2.0" as const,
      id,
    };
    const pending = new PendingCall(id, this, options);
    const answer = new Promise<CallToolResult>((resolve, reject) => {
      pending.resolve = resolve;
      pending.reject = reject;
    });
    this.#pending.set(id, pending);
    pending.timer = setTimeout(expire, options.timeout, pending);
    if (signal !== undefined) {
      pending.onAbort = () => this.#cancel(pending, signal.reason);
      signal.addEventListener("abort", pending.onAbort, { once: true });
    }
    this.#transport.send(message).catch((error: unknown) => this.#fail(pending, error));
    return options.toolDefinition?.outputSchema === undefined
      ? answer
      : answer.then(this.#checkOutput(options));
  }

  /** The output-schema check `callTool` makes, for a tool that has one. */
  #checkOutput(options: DirectCallOptions): (result: CallToolResult) => CallToolResult {
    return (result) => {
      checkToolOutput(result, options.toolDefinition, this.#validators);
      return result;
    };
  }

  /** Ends `pending` with `error`, unless it has ended already. */
  #fail(pending: PendingCall, error: unknown): void {
    if (!this.#settle(pending)) return;
    pending.reject(error);
  }

  /** Forgets `pending`; false when it was already forgotten (answered, cancelled, or failed). */
  #settle(pending: PendingCall): boolean {
    if (this.#pending.get(pending.id) !== pending) return false;
    this.#pending.delete(pending.id);
    clearTimeout(pending.timer);
    if (pending.onAbort !== undefined) pending.options.signal?.removeEventListener("abort", pending.onAbort);
    return true;
  }

  /** The SDK's cancel: tell the server, then fail the call with the reason. */
  #cancel(pending: PendingCall, reason: unknown): void {
    if (!this.#settle(pending)) return;
    this.#transport
      .send({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: pending.id, reason: String(reason) },
      })
      .catch((error: unknown) => this.#client.onerror?.(new Error(`Failed to send cancellation: ${error}`)));
    pending.reject(asSdkError(reason));
  }

  /** The call's timer fired (called by `expire`). */
  expired(pending: PendingCall): void {
    this.#cancel(
      pending,
      new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout: pending.options.timeout }),
    );
  }

  /** Takes a message that answers or reports on one of this path's calls; false for everything else. */
  take(message: unknown): boolean {
    const record = message as {
      id?: unknown;
      method?: unknown;
      params?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (this.#pending.size === 0) return false;
    if (typeof record.id === "number" && record.method === undefined) {
      const pending = this.#pending.get(record.id);
      if (pending === undefined) return false;
      this.#settle(pending);
      if (record.error !== undefined) {
        const {
          code,
          message: text,
          data,
        } = record.error as { code: number; message: string; data?: unknown };
        pending.reject(ProtocolError.fromError(code, text, data));
      } else {
        this.#complete(pending, record.result);
      }
      return true;
    }
    if (record.method === "notifications/progress") return this.#progress(record.params);
    return false;
  }

  /** The connection closed: every call still waiting fails as the SDK fails its own. */
  closed(): void {
    if (this.#pending.size === 0) return;
    const error = new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed");
    for (const pending of [...this.#pending.values()]) this.#fail(pending, error);
  }

  /** The SDK's decode and validation of a `tools/call` result, with its messages. */
  #complete(pending: PendingCall, raw: unknown): void {
    let decoded: DecodedResult;
    try {
      decoded = this.#codec.decodeResult("tools/call", raw);
    } catch (error) {
      pending.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (decoded.kind === "invalid") {
      pending.reject(decoded.error);
      return;
    }
    if (decoded.kind !== "complete") {
      // The SDK's base rule for a kind it does not resolve (the legacy codec only ever decodes `complete`).
      pending.reject(
        new SdkError(
          SdkErrorCode.UnsupportedResultType,
          `Unsupported result type '${decoded.kind}' for tools/call`,
          {
            resultType: decoded.kind,
            method: "tools/call",
          },
        ),
      );
      return;
    }
    const validator = validatorFor(this.#codec, "tools/call");
    const outcome = validator?.["~standard"].validate(decoded.result);
    if (outcome === undefined || !("issues" in outcome)) {
      pending.resolve((outcome?.value ?? decoded.result) as CallToolResult);
      return;
    }
    const detail = outcome.issues.map((issue) => issue.message).join(", ");
    pending.reject(new SdkError(SdkErrorCode.InvalidResult, `Invalid result for tools/call: ${detail}`));
  }

  /** A well-formed progress notification for one of this path's calls; anything else is the SDK's to report. */
  #progress(params: unknown): boolean {
    if (params === null || typeof params !== "object") return false;
    const { progressToken, progress, total, message, ...rest } = params as Record<string, unknown>;
    if (typeof progressToken !== "number" && typeof progressToken !== "string") return false;
    const pending = this.#pending.get(Number(progressToken));
    const onprogress = pending?.options.onprogress;
    if (pending === undefined || onprogress === undefined) return false;
    if (typeof progress !== "number") return false;
    if (total !== undefined && typeof total !== "number") return false;
    if (message !== undefined && typeof message !== "string") return false;
    if (pending.options.resetTimeoutOnProgress === true) {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(expire, pending.options.timeout, pending);
    }
    onprogress({
      ...rest,
      progress,
      ...(total === undefined ? {} : { total }),
      ...(message === undefined ? {} : { message }),
    } as Progress);
    return true;
  }
}

/** The timer callback of every call (one function, so no closure per call). */
function expire(pending: PendingCall): void {
  pending.owner.expired(pending);
}

/** What the SDK rejects an aborted or timed-out request with. */
function asSdkError(reason: unknown): SdkError {
  return reason instanceof SdkError ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason));
}
