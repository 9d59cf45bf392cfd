/**
 * A 2026-07-28 result without `resultType` is a complete result: the protocol says a client must assume
 * `"complete"` when the field is absent. The SDK refuses such a result from a server that negotiated the new
 * revision, which would turn a sloppy but finished tool call into an error; this fills the field in on the way
 * in, for responses only, and only once the session speaks a 2026-07-28-or-later revision (earlier revisions
 * have no `resultType`, and the SDK reads them as complete already).
 */
import type { Client, JSONRPCMessage, Transport } from "@modelcontextprotocol/client";

/** The first revision whose results carry `resultType`. */
const firstModernRevision = "2026-07-28";

/**
 * Interposes on `transport.onmessage` (which the SDK sets when it connects), so every result response `client`
 * receives on a modern-era session has a `resultType`. Returns the same transport.
 */
export function completeByDefault<T extends Transport>(transport: T, client: Client): T {
  let handler: Transport["onmessage"];
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    enumerable: true,
    get: () => handler,
    set: (next: Transport["onmessage"]) => {
      handler =
        next === undefined
          ? undefined
          : (message, extra) => next(withResultType(message, client.getNegotiatedProtocolVersion()), extra);
    },
  });
  return transport;
}

function withResultType(message: JSONRPCMessage, revision: string | undefined): JSONRPCMessage {
  if (revision === undefined || revision < firstModernRevision) return message;
  if (!("result" in message) || !("id" in message)) return message;
  const result: unknown = message.result;
  if (result === null || typeof result !== "object" || Array.isArray(result) || "resultType" in result) {
    return message;
  }
  return { ...message, result: { ...result, resultType: "complete" } } as JSONRPCMessage;
}
