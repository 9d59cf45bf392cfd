/**
 * RFC 9207 (authorization-response issuer) glue. The SDK checks `iss` before it redeems a code and throws its
 * `IssuerMismatchError`; here that becomes switchboard's `AuthError`, and an `error=` redirect (which carries
 * no code, so the SDK never sees it) gets the same check before its description is shown. Messages name the
 * expected issuer only: the received one, like the redirect's `error_description`, is attacker-controlled.
 */
import {
  type AuthorizationServerMetadata,
  IssuerMismatchError,
  validateAuthorizationResponseIssuer,
} from "@modelcontextprotocol/client";
import { AuthError, type AuthorizationRefusedError } from "./auth-error.js";

/**
 * A redirect that did not come from `expectedIssuer`, or lacked the `iss` it promised. Carries no `cause`: the
 * SDK's error quotes the received value.
 */
export function issuerMismatch(serverUrl: string, expectedIssuer: string | undefined): AuthError {
  const expected = expectedIssuer === undefined ? "the recorded authorization server" : expectedIssuer;
  return new AuthError(
    "AUTH_FAILED",
    `The authorization response for ${serverUrl} did not come from the expected issuer ${expected} (RFC 9207 iss check): refused, its code was not redeemed. Run the login again; if this repeats, another authorization server may be interfering (mix-up attack)`,
  );
}

/** The SDK's RFC 9207 refusal as an `AuthError`; anything else (including metadata issuer errors): undefined. */
export function fromIssuerMismatch(error: unknown, serverUrl: string): AuthError | undefined {
  if (!IssuerMismatchError.isInstance(error) || error.kind !== "authorization_response") return undefined;
  return issuerMismatch(serverUrl, error.expected);
}

/**
 * What to throw for an `error=` redirect: the refusal itself when its `iss` passes the SDK's RFC 9207 rules
 * against the recorded metadata, else an issuer mismatch that does not quote the redirect.
 */
export function checkRefusalIssuer(
  refusal: AuthorizationRefusedError,
  metadata: AuthorizationServerMetadata | undefined,
  serverUrl: string,
): AuthError {
  if (metadata?.issuer === undefined) {
    // No authentic baseline (the SDK records discovery before it redirects, so this is unexpected): say nothing
    // the redirect said, as the SDK does for an unverifiable error callback.
    return new AuthError(
      "AUTH_FAILED",
      `The authorization for ${serverUrl} was refused, and the response's issuer could not be verified`,
    );
  }
  try {
    validateAuthorizationResponseIssuer({
      iss: refusal.iss,
      expectedIssuer: metadata.issuer,
      issParameterSupported: metadata.authorization_response_iss_parameter_supported === true,
    });
  } catch (error) {
    return fromIssuerMismatch(error, serverUrl) ?? issuerMismatch(serverUrl, metadata.issuer);
  }
  return refusal;
}
