/**
 * Streamable HTTP: a 404 to a request carrying a session id means the server no longer knows the session (the
 * spec's "session expired"); the client must start a new one. Servers built from the SDK's examples answer an
 * unknown session id with 400 "No valid session ID provided" instead, so a 400 whose body names the session counts
 * too; any other 400 is the request's own fault and the session stays.
 */
import { loadedClientSdk } from "../auth/client-sdk.js";

/** The HTTP status that ended the session, or undefined when `error` says nothing about the session. */
export function endedSessionStatus(
  error: unknown,
  wire: string,
  sessionId: string | undefined,
): 404 | 400 | undefined {
  if (wire !== "streamable-http" || sessionId === undefined) return undefined;
  const sdk = loadedClientSdk();
  if (sdk === undefined || !(error instanceof sdk.SdkHttpError)) return undefined;
  if (error.status === 404) return 404;
  return error.status === 400 && /session/i.test(error.message) ? 400 : undefined;
}
