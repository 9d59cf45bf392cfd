/**
 * Token revocation on logout (RFC 7009): the refresh token, then the access token, POSTed to the authorization
 * server's `revocation_endpoint` with the client's authentication (the method the registration says, as at the
 * token endpoint; the SDK's `selectClientAuthMethod` picks it). Best effort: one deadline (default 5 s) covers
 * discovery and both requests, nothing throws, and the report names an outcome, a status or an error code,
 * never a token.
 */
import {
  type AuthorizationServerMetadata,
  assertSecureTokenEndpoint,
  discoverOAuthServerInfo,
  type OAuthClientInformationMixed,
  type OAuthTokenRevocationRequest,
  type StoredOAuthTokens,
  selectClientAuthMethod,
} from "@modelcontextprotocol/client";
import type { StoredCredentials } from "./types.js";

export type RevocableTokenType = "refresh_token" | "access_token";

export const defaultRevocationTimeoutMs = 5_000;

/** One revocation request, fully built: nothing left to decide but sending it. */
export interface RevocationHttpRequest {
  url: string;
  method: "POST";
  headers: Record<string, string>;
  /** `application/x-www-form-urlencoded`. */
  body: string;
}

export type RevocationReport =
  /** Every stored token was accepted for revocation (RFC 7009 §2.2: 200). */
  | { outcome: "revoked"; revoked: RevocableTokenType[] }
  | { outcome: "nothing-to-revoke" }
  /** The authorization server's metadata has no `revocation_endpoint`. */
  | { outcome: "no-endpoint" }
  /** Not sent, for a reason worth saying (insecure endpoint, another issuer, no client). */
  | { outcome: "not-sent"; reason: string }
  /** An answer other than 200 (the first one); `revoked` says what did go through before or after it. */
  | { outcome: "refused"; status: number; error?: string; revoked: RevocableTokenType[] }
  | { outcome: "unreachable"; reason: string; revoked: RevocableTokenType[] };

export interface RevokeTokensOptions {
  /** The MCP server the credentials belong to (for a fresh discovery when none is stored). */
  serverUrl: string;
  /** What the store held, loaded before it was deleted. */
  credentials: StoredCredentials;
  /** The client to authenticate as, when configured rather than stored (a pre-registered client). */
  client?: OAuthClientInformationMixed;
  fetch?: typeof fetch;
  /** One deadline for discovery and both requests. Default 5 s. */
  timeoutMs?: number;
}

/** Refresh token first: revoking it may end the grant, access tokens included (RFC 7009 §2.1). */
export function revocationTargets(tokens: StoredOAuthTokens | undefined): OAuthTokenRevocationRequest[] {
  const targets: OAuthTokenRevocationRequest[] = [];
  if (typeof tokens?.refresh_token === "string" && tokens.refresh_token !== "")
    targets.push({ token: tokens.refresh_token, token_type_hint: "refresh_token" });
  if (typeof tokens?.access_token === "string" && tokens.access_token !== "")
    targets.push({ token: tokens.access_token, token_type_hint: "access_token" });
  return targets;
}

/**
 * Builds the RFC 7009 request. Client authentication as at the token endpoint (RFC 7009 §2.1): the
 * registration's method when the server accepts it (`supportedMethods`, from
 * `revocation_endpoint_auth_methods_supported`), else the SDK's choice; `client_secret_basic` encoded as the SDK
 * does for `/token`.
 */
export function buildRevocationRequest(
  endpoint: URL,
  client: OAuthClientInformationMixed,
  request: OAuthTokenRevocationRequest,
  supportedMethods: string[] = [],
): RevocationHttpRequest {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  const params = new URLSearchParams({ token: request.token });
  if (request.token_type_hint !== undefined) params.set("token_type_hint", request.token_type_hint);
  const method = selectClientAuthMethod(client, supportedMethods);
  if (method === "client_secret_basic" && client.client_secret !== undefined) {
    const credentials = Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64");
    headers.authorization = `Basic ${credentials}`;
  } else {
    params.set("client_id", client.client_id);
    if (method === "client_secret_post" && client.client_secret !== undefined)
      params.set("client_secret", client.client_secret);
  }
  return { url: endpoint.href, method: "POST", headers, body: params.toString() };
}

/** The clause the logout prints after "…are deleted; ". Holds no token. */
export function describeRevocation(report: RevocationReport): string {
  const not = "the tokens were not revoked at the authorization server";
  const partly = (revoked: RevocableTokenType[]) =>
    revoked.length === 0 ? "" : ` (only the ${revoked.map((type) => type.replace("_", " ")).join(" and ")})`;
  switch (report.outcome) {
    case "revoked":
      return "the tokens were revoked at the authorization server";
    case "nothing-to-revoke":
      return "there were no tokens to revoke";
    case "no-endpoint":
      return `${not}: it advertises no revocation endpoint`;
    case "not-sent":
      return `${not}: ${report.reason}`;
    case "refused":
      return `${not}${partly(report.revoked)}: it answered HTTP ${report.status}${report.error === undefined ? "" : ` (${report.error})`}`;
    case "unreachable":
      return `${not}${partly(report.revoked)}: ${report.reason}`;
  }
}

/** Revokes the stored tokens at the authorization server. Never throws; never waits past the deadline. */
export async function revokeTokens(options: RevokeTokensOptions): Promise<RevocationReport> {
  const { credentials } = options;
  const targets = revocationTargets(credentials.tokens);
  if (targets.length === 0) return { outcome: "nothing-to-revoke" };
  const timeoutMs = options.timeoutMs ?? defaultRevocationTimeoutMs;
  const signal = AbortSignal.timeout(timeoutMs);
  const baseFetch = options.fetch ?? fetch;
  const fetchFn: typeof fetch = (input, init) => baseFetch(input, { ...init, signal });
  const secrets = targets.map((target) => target.token);
  const unreachable = (error: unknown, revoked: RevocableTokenType[]): RevocationReport => ({
    outcome: "unreachable",
    reason: signal.aborted
      ? `no answer within ${timeoutMs / 1000} s`
      : `unreachable (${redact(networkReason(error), secrets)})`,
    revoked,
  });

  let metadata = credentials.discovery?.authorizationServerMetadata;
  if (metadata === undefined) {
    try {
      metadata = (await discoverOAuthServerInfo(options.serverUrl, { fetchFn })).authorizationServerMetadata;
    } catch (error) {
      return unreachable(error, []);
    }
  }
  const endpoint = revocationEndpoint(metadata);
  if (metadata === undefined || endpoint === undefined) return { outcome: "no-endpoint" };
  // Tokens go only to the server that issued them (a later discovery could point elsewhere).
  const issuedBy = credentials.tokens?.issuer ?? credentials.discovery?.authorizationServerMetadata?.issuer;
  if (issuedBy !== undefined && metadata.issuer !== issuedBy) {
    return {
      outcome: "not-sent",
      reason: `the authorization server is no longer ${issuedBy}, which issued them`,
    };
  }
  let url: URL;
  try {
    url = assertSecureTokenEndpoint(endpoint);
  } catch {
    return { outcome: "not-sent", reason: "its revocation endpoint is neither HTTPS nor loopback" };
  }
  const client = options.client ?? credentials.client;
  if (client === undefined) return { outcome: "not-sent", reason: "no client registration was stored" };
  const supported = stringList(metadata, "revocation_endpoint_auth_methods_supported");

  const revoked: RevocableTokenType[] = [];
  let refused: { status: number; error?: string } | undefined;
  for (const target of targets) {
    const request = buildRevocationRequest(url, client, target, supported);
    let response: Response;
    try {
      response = await fetchFn(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        // A redirect would re-send the token somewhere the metadata did not name.
        redirect: "manual",
      });
    } catch (error) {
      return unreachable(error, revoked);
    }
    const error = await errorCode(response);
    if (response.status === 200) revoked.push(target.token_type_hint as RevocableTokenType);
    else refused ??= { status: response.status, ...(error === undefined ? {} : { error }) };
  }
  if (refused === undefined) return { outcome: "revoked", revoked };
  return { outcome: "refused", ...refused, revoked };
}

/** Read loosely: the SDK's OpenID-discovery metadata type does not declare the RFC 8414 revocation fields. */
function revocationEndpoint(metadata: AuthorizationServerMetadata | undefined): string | undefined {
  const value = (metadata as Record<string, unknown> | undefined)?.revocation_endpoint;
  return typeof value === "string" && value !== "" ? value : undefined;
}

function stringList(metadata: AuthorizationServerMetadata, key: string): string[] {
  const value = (metadata as Record<string, unknown>)[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The RFC 6749 `error` code of an error answer, when it looks like one; the body is consumed either way. */
async function errorCode(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => "");
  if (response.status === 200) return undefined;
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    return typeof error === "string" && /^[\w.-]{1,64}$/.test(error) ? error : undefined;
  } catch {
    return undefined;
  }
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.message : String(error);
}

function redact(text: string, secrets: string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join("[redacted]"), text);
}
