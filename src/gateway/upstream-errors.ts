/**
 * An upstream failure as the JSON-RPC error the downstream client receives: a server's own protocol error keeps
 * its code, message and data (a missing resource stays "invalid params" with its URI); a connection problem
 * becomes an internal error naming the server. Messages were redacted by the connection layer.
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

export function toProtocolError(error: unknown): ProtocolError {
  const upstream = findProtocolError(error);
  if (upstream !== undefined) return new ProtocolError(upstream.code, upstream.message, upstream.data);
  const message = error instanceof Error ? error.message : String(error);
  return new ProtocolError(ProtocolErrorCode.InternalError, message);
}

/** Passes a pass-through request's failure on as a JSON-RPC error. */
export async function passThrough<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toProtocolError(error);
  }
}

interface ProtocolErrorLike {
  code: number;
  message: string;
  data?: unknown;
}

/** The SDK error itself or the `cause` the connection layer wrapped it in (two SDK copies: checked by shape). */
function findProtocolError(error: unknown): ProtocolErrorLike | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth += 1) {
    const candidate = current as Error & { code?: unknown; data?: unknown };
    if (current.name === "ProtocolError" || ProtocolError.isInstance(current)) {
      if (typeof candidate.code === "number")
        return { code: candidate.code, message: current.message, data: candidate.data };
    }
    current = current.cause;
  }
  return undefined;
}
