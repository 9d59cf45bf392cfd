/**
 * The seams of switchboard's OAuth layer. The SDK drives the protocol (discovery, registration, PKCE, token
 * exchange, refresh) through an `OAuthClientProvider`; switchboard supplies where credentials live and how the
 * user (or a test, or the conformance referee) completes the authorization redirect.
 */
import type {
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import type { StoredDpopKey } from "./dpop-key.js";

/** Everything remembered for one server URL. Secrets live here and nowhere else (never logged). */
export interface StoredCredentials {
  /** The registered (DCR), pre-registered or CIMD client. */
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** Epoch ms when `tokens` were saved; with `expires_in` it tells when to refresh before expiry. */
  tokensSavedAt?: number;
  /**
   * RFC 7638 thumbprint of the DPoP key `tokens` are bound to (`token_type: DPoP`): such tokens are sent only by a
   * process holding that key, with proofs signed by it.
   */
  tokensBoundTo?: string;
  /** The DPoP key pair that bound `tokens`, written with them, so a later process can use them. A secret. */
  dpopKey?: StoredDpopKey;
  /** PKCE verifier of the authorization in flight. */
  codeVerifier?: string;
  /** Discovery results, so a reconnect does not repeat the metadata walk. */
  discovery?: OAuthDiscoveryState;
}

/** Credentials keyed by the server's URL. Implementations: in memory (tests, conformance) and a 0600 file. */
export interface CredentialStore {
  load(serverUrl: string): Promise<StoredCredentials | undefined>;
  save(serverUrl: string, credentials: StoredCredentials): Promise<void>;
  delete(serverUrl: string): Promise<void>;
  /** Server URLs with stored credentials, sorted. */
  list(): Promise<string[]>;
}

/** What came back to the redirect URI of a successful authorization. */
export interface AuthorizationResponse {
  code: string;
  /**
   * The RFC 9207 issuer identifier (`iss`), when the authorization server sent one. The SDK compares it with the
   * recorded metadata's `issuer` before redeeming the code (mix-up defence); a server that advertises
   * `authorization_response_iss_parameter_supported` has its codes refused without it.
   */
  iss?: string;
}

/**
 * Completes the user-facing half of the authorization-code flow: shows `authorizationUrl` to the user (browser,
 * printed URL, or an HTTP GET in conformance mode) and resolves with the code (and `iss`) that came back to
 * `redirectUrl`. It must reject a redirect whose `state` differs from `expectedState`, and should report an
 * `error=` redirect as an `AuthorizationRefusedError` (carrying its `iss`), so the issuer is checked before the
 * server's `error_description` is shown to anyone.
 */
export interface AuthorizationHandler {
  /** Where the authorization server sends the user back (e.g. a loopback URL with a random port). */
  redirectUrl(): Promise<string>;
  authorize(authorizationUrl: URL, expectedState: string): Promise<AuthorizationResponse>;
  /** Releases listeners (loopback server). */
  close?(): Promise<void>;
}
