/**
 * The multi-round-trip fields a 2026-07-28 client may add to `tools/call`, `prompts/get` and `resources/read`:
 * `inputResponses` (answers to the input a server asked for, keyed by request, each an object) and
 * `requestState` (an opaque string to echo). The SDK lifts both out of the params before a handler runs and
 * drops what it cannot use, so a malformed pair would be served as if the client had sent nothing; the gateway
 * answers it with "invalid params" instead, so a client never takes a result built without its answers for one
 * built with them. The check runs on the message as it arrived, ahead of the SDK.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { ProtocolErrorCode } from "@modelcontextprotocol/server";

const retryableMethods = new Set(["tools/call", "prompts/get", "resources/read"]);

/**
 * Interposes on `transport.onmessage` (set when a server connects to it): a request whose multi-round-trip fields
 * are malformed is answered with `InvalidParams` and never reaches the server. Returns the same transport.
 */
export function refuseMalformedInputResponses<T extends Transport>(transport: T): T {
  let handler: Transport["onmessage"];
  const guarded =
    (next: NonNullable<Transport["onmessage"]>): NonNullable<Transport["onmessage"]> =>
    (message, extra) => {
      const fault = inputResponsesFault(message);
      if (fault === undefined || !("id" in message)) return next(message, extra);
      const refusal: JSONRPCMessage = {
        jsonrpc: "2.0",
        id: message.id,
        error: { code: ProtocolErrorCode.InvalidParams, message: fault },
      };
      void transport.send(refusal, { relatedRequestId: message.id }).catch(() => {});
    };
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (next: Transport["onmessage"]) => {
      handler = next === undefined ? undefined : guarded(next);
    },
  });
  return transport;
}

/** Why `message`'s `inputResponses` / `requestState` are malformed, or `undefined` when they are absent or fine. */
export function inputResponsesFault(message: JSONRPCMessage): string | undefined {
  if (!("method" in message) || !retryableMethods.has(message.method)) return undefined;
  const params: unknown = message.params;
  if (params === null || typeof params !== "object") return undefined;
  const method = message.method;
  const { inputResponses, requestState } = params as { inputResponses?: unknown; requestState?: unknown };
  if ("inputResponses" in params) {
    if (!isObject(inputResponses)) {
      return `${method}: inputResponses must be an object of input responses, not ${kind(inputResponses)}`;
    }
    for (const [key, response] of Object.entries(inputResponses)) {
      if (!isObject(response)) {
        return `${method}: inputResponses[${JSON.stringify(key).slice(0, 82)}] must be an object, not ${kind(response)}`;
      }
    }
  }
  if ("requestState" in params && typeof requestState !== "string") {
    return `${method}: requestState must be a string, not ${kind(requestState)}`;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function kind(value: unknown): string {
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}
