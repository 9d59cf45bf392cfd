/**
 * A per-call cost of the MCP client SDK (2.4.0), removed without changing what is checked. `Protocol.request`'s
 * spec-method overload (the one `client.callTool` and every listing take) builds the result validator for every
 * request, and builds it by first parsing `undefined` against the method's zod schema to learn whether the method
 * exists in the negotiated era: a failing parse and a formatted error message on every call, about a quarter of the
 * client's CPU for an 18-byte echo. This hands `request` the same validator (the era codec's own `validateResult`,
 * same messages) built once per (codec, method), through the SDK's own explicit-schema overload, which then does
 * the same era check and takes the same request funnel. Upstream fix: memoise `codecResultValidator`.
 *
 * It reaches one internal method (`_resolveOutboundCodec`); when a future SDK lacks it, the client is left as it is.
 */
import type { CallToolResult, Client, StandardSchemaV1 } from "@modelcontextprotocol/client";
import { clientSdkLoaded } from "../auth/client-sdk.js";
import { textOnlyResult } from "./text-only-result.js";

/** The era of the SDK's codec for the `initialize` revisions (2025-03-26 to 2025-11-25). */
export const LEGACY_ERA = "2025-11-25";

type Outcome = { ok: true; value: unknown } | { ok: false; reason: string; message?: string };

/** What an era codec makes of a raw result: complete, invalid, or another kind (a 2026 `input_required`). */
export type DecodedResult =
  | { kind: "complete"; result: unknown; error?: undefined }
  | { kind: "invalid"; error: Error; result?: undefined }
  | { kind: "other"; result?: undefined; error?: undefined };

/** The SDK's era codec, as far as this module and the direct call path (direct-tool-calls.ts) use it. */
export interface Codec {
  readonly era?: string;
  validateResult(method: string, raw: unknown): Outcome;
  decodeResult(method: string, raw: unknown): DecodedResult;
}

/** A Standard Schema validator (what the SDK's request funnel takes as a result schema). */
export interface StandardValidator {
  "~standard": {
    version: 1;
    vendor: string;
    validate(value: unknown): { value: unknown } | { issues: { message: string }[] };
  };
}

type RequestFn = (request: { method: string }, schemaOrOptions?: unknown, maybeOptions?: unknown) => unknown;

interface ProtocolInternals {
  request: RequestFn;
  _resolveOutboundCodec?: (method: string) => Codec;
}

/** Validators by codec (the SDK's codecs are module constants) and method; `null`: not a method of that era. */
const validators = new WeakMap<Codec, Map<string, StandardValidator | null>>();

/** Installs the memoised validators on `client` (an instance property over the prototype's `request`). */
export function memoiseResultValidators(client: Client): void {
  const internals = client as unknown as ProtocolInternals;
  const resolve = internals._resolveOutboundCodec;
  const original = internals.request;
  if (typeof resolve !== "function" || typeof original !== "function") return;
  internals.request = function request(this: ProtocolInternals, message, schemaOrOptions, maybeOptions) {
    if (isStandardSchema(schemaOrOptions)) return original.call(this, message, schemaOrOptions, maybeOptions);
    const validator = validatorFor(resolve.call(this, message.method), message.method);
    // Not a method of the era: the SDK's own overload throws its own error.
    if (validator === null) return original.call(this, message, schemaOrOptions, maybeOptions);
    return original.call(this, message, validator, schemaOrOptions);
  };
}

/**
 * The validator the negotiated era gives `tools/call` results (the one an ordinary call's result goes through),
 * for a result that arrives by another method (`tasks/result`); the SDK's neutral schema when the internals
 * are missing.
 */
export function toolResultValidator(
  client: Pick<Client, "request">,
): StandardSchemaV1<unknown, CallToolResult> {
  const resolve = (client as unknown as ProtocolInternals)._resolveOutboundCodec;
  const validator =
    typeof resolve === "function" ? validatorFor(resolve.call(client, "tools/call"), "tools/call") : null;
  return (validator ??
    clientSdkLoaded("the tool result validator").specTypeSchemas.CallToolResult) as StandardSchemaV1<
    unknown,
    CallToolResult
  >;
}

/** The memoised validator of `method`'s results in `codec`'s era; `null` when the era has no such method. */
export function validatorFor(codec: Codec, method: string): StandardValidator | null {
  let byMethod = validators.get(codec);
  if (byMethod === undefined) {
    byMethod = new Map();
    validators.set(codec, byMethod);
  }
  let validator = byMethod.get(method);
  if (validator === undefined) {
    const probe = codec.validateResult(method, undefined);
    validator =
      !probe.ok && probe.reason === "not-in-era"
        ? null
        : codec.era === LEGACY_ERA && method === "tools/call"
          ? legacyToolResultValidator(codec)
          : codecValidator(codec, method);
    byMethod.set(method, validator);
  }
  return validator;
}

/** What the SDK's `codecResultValidator` returns, to the letter. */
function codecValidator(codec: Codec, method: string): StandardValidator {
  return {
    "~standard": {
      version: 1,
      vendor: "mcp-wire-codec",
      validate(value) {
        const outcome = codec.validateResult(method, value);
        if (outcome.ok) return { value: outcome.value };
        return {
          issues: [
            { message: outcome.reason === "invalid" ? (outcome.message ?? "") : `not-in-era: ${method}` },
          ],
        };
      },
    },
  };
}

/**
 * The legacy era's `tools/call` validator with the commonest answer, text blocks only, read without it: its zod
 * refinement keeps every result it sees alive until a full collection (text-only-result.ts), on every path that
 * asks it (the SDK's request funnel over HTTP, a task's result, the direct stdio path). The same value comes back.
 */
function legacyToolResultValidator(codec: Codec): StandardValidator {
  const validator = codecValidator(codec, "tools/call");
  return {
    "~standard": {
      version: 1,
      vendor: "mcp-wire-codec",
      validate(value) {
        const text = textOnlyResult(value);
        return text === undefined ? validator["~standard"].validate(value) : { value: text };
      },
    },
  };
}

function isStandardSchema(value: unknown): boolean {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  const standard = (value as { "~standard"?: { validate?: unknown } })["~standard"];
  return typeof standard?.validate === "function";
}
