/**
 * An `AuthorizationHandler` with no user: it GETs the authorization URL without following redirects and reads
 * `code` and `state` from the `Location` the authorization server answers with. For authorization servers that
 * approve without a login page: the conformance referee's, test fixtures, and pre-approved internal servers.
 */
import { AuthError, AuthorizationRefusedError } from "./auth-error.js";
import type { AuthorizationHandler, AuthorizationResponse } from "./types.js";

export interface HeadlessAuthorizationOptions {
  /** The `redirect_uri` registered and sent; nothing needs to listen there. */
  redirectUrl?: string;
  fetch?: typeof fetch;
}

export const defaultHeadlessRedirectUrl = "http://localhost:3000/callback";

/**
 * Completes a login with no user, for authorization servers that approve without a login page (tests,
 * pre-approved internal servers).
 */
export class HeadlessAuthorization implements AuthorizationHandler {
  readonly #redirectUrl: string;
  readonly #fetch: typeof fetch;

  constructor(options: HeadlessAuthorizationOptions = {}) {
    this.#redirectUrl = options.redirectUrl ?? defaultHeadlessRedirectUrl;
    this.#fetch = options.fetch ?? fetch;
  }

  async redirectUrl(): Promise<string> {
    return this.#redirectUrl;
  }

  async authorize(authorizationUrl: URL, expectedState: string): Promise<AuthorizationResponse> {
    const where = `${authorizationUrl.origin}${authorizationUrl.pathname}`;
    let response: Response;
    try {
      response = await this.#fetch(authorizationUrl, { redirect: "manual" });
    } catch (error) {
      throw new AuthError("AUTH_FAILED", `Authorization request to ${where} failed: ${describe(error)}`, {
        cause: error,
      });
    }
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || location === null) {
      throw new AuthError(
        "AUTH_FAILED",
        `Authorization server ${where} answered HTTP ${response.status} instead of redirecting back`,
      );
    }
    return readRedirect(new URL(location, authorizationUrl), expectedState, where);
  }
}

/**
 * Shared with interactive handlers: the checks every redirect back must pass, in this order. An `error=` becomes
 * an `AuthorizationRefusedError` carrying `iss`: the provider checks the issuer before the description is shown.
 */
export function readRedirect(redirect: URL, expectedState: string, where: string): AuthorizationResponse {
  const state = redirect.searchParams.get("state");
  if (state !== expectedState) {
    throw new AuthError(
      "AUTH_STATE_MISMATCH",
      `Authorization redirect from ${where} carried ${state === null ? "no" : "a different"} state: refused`,
    );
  }
  const iss = redirect.searchParams.get("iss") ?? undefined;
  const error = redirect.searchParams.get("error");
  if (error !== null) {
    const description = redirect.searchParams.get("error_description");
    throw new AuthorizationRefusedError(
      `Authorization at ${where} was refused: ${error}${description === null ? "" : ` (${description})`}`,
      iss,
    );
  }
  const code = redirect.searchParams.get("code");
  if (code === null || code === "") {
    throw new AuthError("AUTH_FAILED", `Authorization redirect from ${where} carried no code`);
  }
  return iss === undefined ? { code } : { code, iss };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
