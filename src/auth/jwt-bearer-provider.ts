/**
 * Workload identity (SEP-1933): the RFC 7523 jwt-bearer grant (`urn:ietf:params:oauth:grant-type:jwt-bearer`)
 * with an assertion the platform issued to this workload, no user and no secret. The SDK drives discovery and the
 * token request (`prepareTokenRequest` supplies the grant); a refusal (`invalid_grant`, `invalid_scope`,
 * `unauthorized_client`) surfaces as the SDK's OAuth error, with no retry and no other grant tried. Tokens live
 * in this process only: the assertion obtains new ones.
 */
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { AuthError } from "./auth-error.js";

export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface JwtBearerProviderOptions {
  /** The client id the authorization server knows this workload by (public client: no secret). */
  clientId: string;
  /** Reads the assertion when a token is requested (see `readAssertion`). */
  assertion: () => Promise<string>;
  /** Scopes to ask for, space-separated. */
  scope?: string;
  clientName?: string;
  /**
   * The authorization server the assertion may be presented to. Set, the SDK refuses any other one the MCP
   * server names; the config requires it. Unset (the conformance referee's servers), the first one discovered.
   */
  expectedIssuer?: string;
}

export class JwtBearerProvider implements OAuthClientProvider {
  readonly #options: JwtBearerProviderOptions;
  #tokens: StoredOAuthTokens | undefined;
  readonly #secrets = new Set<string>();

  constructor(options: JwtBearerProviderOptions) {
    this.#options = options;
  }

  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? "switchboard",
      redirect_uris: [],
      grant_types: [JWT_BEARER_GRANT],
      token_endpoint_auth_method: "none",
      ...(this.#options.scope === undefined ? {} : { scope: this.#options.scope }),
    };
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation {
    const issuer = this.#options.expectedIssuer ?? ctx?.issuer;
    return {
      client_id: this.#options.clientId,
      token_endpoint_auth_method: "none",
      ...(issuer === undefined ? {} : { issuer }),
    };
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.#tokens = tokens;
    this.#secrets.add(tokens.access_token);
  }

  redirectToAuthorization(): void {
    throw new AuthError(
      "AUTH_FAILED",
      "The jwt-bearer grant has no browser login; the authorization server refused the workload assertion",
    );
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw new AuthError("AUTH_FAILED", "The jwt-bearer grant uses no PKCE verifier");
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams> {
    const assertion = await this.#options.assertion();
    this.#secrets.add(assertion);
    const params = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion });
    if (scope !== undefined && scope !== "") params.set("scope", scope);
    return params;
  }

  /** The assertion and tokens this provider has handled, for redaction. */
  secretValues(): string[] {
    return [...this.#secrets].sort((a, b) => b.length - a.length);
  }
}
