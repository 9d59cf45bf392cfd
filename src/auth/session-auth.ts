/**
 * The connection layer's half of an interactive OAuth flow, kept here so `connect/` stays small:
 * refresh before expiry, and finishing an authorization the SDK started (it stops at "REDIRECT" and throws
 * `UnauthorizedError`; the provider's handler has the code by then). Every code is exchanged together with the
 * redirect's RFC 9207 `iss`; the SDK's refusal of a wrong one becomes an `AuthError` (`AUTH_FAILED`).
 */
import type { AuthProvider, OAuthClientProvider } from "@modelcontextprotocol/client";
import { AuthError } from "./auth-error.js";
import { loadClientSdk, loadedClientSdk } from "./client-sdk.js";
import { defaultMaxAuthorizations } from "./max-authorizations.js";
import { SwitchboardOAuthProvider } from "./oauth-provider.js";

/** What `ConnectionOptions.auth` carries. */
export interface ConnectionAuth {
  /** switchboard's provider, any SDK `OAuthClientProvider` (client credentials, …) or a bare `AuthProvider`. */
  provider: OAuthClientProvider | AuthProvider;
  /** Authorizations (user redirects) one connect, or one request, may start. Default 3. */
  maxAuthorizations?: number;
  /** Refresh before connecting when the access token expires within this many ms. Default 60,000. */
  refreshWithinMs?: number;
  /**
   * Accept authorization-server metadata whose `issuer` differs from where it was found (RFC 8414 §3.3).
   * Security-weakening: only for a known-misconfigured server, e.g. a 2025-03-26-era one. Default false.
   */
  skipIssuerMetadataValidation?: boolean;
}

/** A transport that can exchange an authorization code (both SDK HTTP transports can). */
export interface FinishableTransport {
  finishAuth(code: string, iss?: string): Promise<void>;
}

export function interactiveProvider(auth: ConnectionAuth | undefined): SwitchboardOAuthProvider | undefined {
  return auth?.provider instanceof SwitchboardOAuthProvider ? auth.provider : undefined;
}

/** Before a connect: resolve the redirect URL, reset the authorization budget, refresh a token about to expire. */
export async function prepareConnectAuth(connectionAuth: ConnectionAuth | undefined): Promise<void> {
  const provider = interactiveProvider(connectionAuth);
  if (provider === undefined) return;
  await provider.prepare();
  provider.resetAuthorizationBudget(connectionAuth?.maxAuthorizations ?? defaultMaxAuthorizations);
  await refreshIfExpiring(provider, connectionAuth?.refreshWithinMs ?? 60_000, {
    skipIssuerMetadataValidation: connectionAuth?.skipIssuerMetadataValidation === true,
  });
}

/**
 * Refreshes when the stored access token expires within `withinMs` and a refresh token exists. A refused
 * refresh falls back (inside the SDK's `auth()`) to a new authorization through the handler, whose code is
 * exchanged here: "asks the user again".
 */
export async function refreshIfExpiring(
  provider: SwitchboardOAuthProvider,
  withinMs: number,
  options: { skipIssuerMetadataValidation?: boolean } = {},
): Promise<boolean> {
  const tokens = await provider.tokens();
  const expiresAt = await provider.tokensExpireAt();
  if (tokens?.refresh_token === undefined || expiresAt === undefined) return false;
  if (expiresAt - Date.now() > withinMs) return false;
  const skip = { skipIssuerMetadataValidation: options.skipIssuerMetadataValidation === true };
  const { auth } = await loadClientSdk();
  const result = await auth(provider, { serverUrl: provider.serverUrl, ...skip });
  if (result === "REDIRECT") {
    const response = provider.takeAuthorizationResponse();
    if (response === undefined)
      throw new AuthError("AUTH_REQUIRED", `${provider.serverUrl} requires authorization`);
    const iss = response.iss === undefined ? {} : { iss: response.iss };
    try {
      await auth(provider, {
        serverUrl: provider.serverUrl,
        authorizationCode: response.code,
        ...iss,
        ...skip,
      });
    } catch (error) {
      const { fromIssuerMismatch } = await import("./issuer-check.js");
      throw fromIssuerMismatch(error, provider.serverUrl) ?? error;
    }
  }
  return true;
}

/** The SDK's "authorization started" signal (false before anything loaded the SDK: nothing could throw it). */
export function isUnauthorized(error: unknown): boolean {
  return loadedClientSdk()?.UnauthorizedError.isInstance(error) === true;
}

/**
 * After `error` from a request on `transport`: when it is the SDK's "authorization started" signal and the
 * handler produced a code, exchanges the code and returns true (the caller retries). Anything else: false.
 */
export async function finishPendingAuthorization(
  connectionAuth: ConnectionAuth | undefined,
  transport: unknown,
  error: unknown,
): Promise<boolean> {
  const provider = interactiveProvider(connectionAuth);
  if (provider === undefined || !isUnauthorized(error)) return false;
  const response = provider.takeAuthorizationResponse();
  if (response === undefined || !isFinishable(transport)) return false;
  const invalidations = provider.clientInvalidations;
  try {
    await transport.finishAuth(response.code, response.iss);
  } catch (exchangeError) {
    // A code from the wrong issuer (RFC 9207): fatal, never retried; the SDK did not redeem it.
    const { fromIssuerMismatch } = await import("./issuer-check.js");
    const mismatch = fromIssuerMismatch(exchangeError, provider.serverUrl);
    if (mismatch !== undefined) throw mismatch;
    // The AS forgot the client (`invalid_client`) and the SDK discarded it: retrying re-registers.
    if (provider.clientInvalidations > invalidations) return true;
    throw exchangeError;
  }
  return true;
}

function isFinishable(transport: unknown): transport is FinishableTransport {
  return typeof (transport as Partial<FinishableTransport> | null)?.finishAuth === "function";
}
