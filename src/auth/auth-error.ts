/**
 * Typed OAuth failures: `code` is one of the auth codes of src/errors.ts (`reason` repeats it, narrowed).
 * Messages name the server URL and never a token, secret or authorization code.
 */
import { SwitchboardError } from "../errors.js";

export type AuthErrorReason =
  /** No usable credentials and nobody to ask (no handler, or a non-interactive provider refused). */
  | "AUTH_REQUIRED"
  /** The authorization server refused, the redirect carried an error, or the retry limit was reached. */
  | "AUTH_FAILED"
  /** The redirect's `state` differs from the one sent (CSRF or a stale browser tab). */
  | "AUTH_STATE_MISMATCH";

/**
 * An OAuth failure (`AUTH_REQUIRED`, `AUTH_FAILED`, `AUTH_STATE_MISMATCH`): `reason` says which, and the message
 * names the server URL, never a secret.
 */
export class AuthError extends SwitchboardError {
  override name = "AuthError";
  readonly reason: AuthErrorReason;

  constructor(reason: AuthErrorReason, message: string, options?: { cause?: unknown }) {
    super(reason, message, options);
    this.reason = reason;
  }
}

export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError;
}

/**
 * The authorization server redirected back with `error=` (RFC 6749 §4.1.2.1). The message quotes the
 * redirect's `error_description`, which a mix-up attacker controls, so the provider lets it through only once the
 * redirect's `iss` (RFC 9207) matched the expected issuer.
 */
export class AuthorizationRefusedError extends AuthError {
  override name = "AuthorizationRefusedError";
  /** The redirect's `iss` parameter, if any. */
  readonly iss: string | undefined;

  constructor(message: string, iss: string | undefined) {
    super("AUTH_FAILED", message);
    this.iss = iss;
  }
}
