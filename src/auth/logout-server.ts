import type { HttpServerConfig } from "../config/types.js";
import { type RevocationReport, revokeTokens } from "./revoke-tokens.js";
import type { CredentialStore } from "./types.js";

/** What a logout did: nothing was stored, or the credentials are deleted and the revocation went as reported. */
export type LogoutResult = { loggedIn: false } | { loggedIn: true; revocation: RevocationReport };

/**
 * Deletes the server's local credentials first (that must happen whatever the authorization server does), then
 * revokes the tokens there when it has a revocation endpoint (RFC 7009, best effort, bounded).
 */
export async function logoutServer(
  server: HttpServerConfig,
  store: CredentialStore,
  options: { fetch?: typeof fetch } = {},
): Promise<LogoutResult> {
  const stored = await store.load(server.url);
  const had = stored?.tokens !== undefined || stored?.client !== undefined;
  await store.delete(server.url);
  if (stored === undefined || !had) return { loggedIn: false };
  const client = configuredClient(server);
  const revocation = await revokeTokens({
    serverUrl: server.url,
    credentials: stored,
    ...(client === undefined ? {} : { client }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return { loggedIn: true, revocation };
}

/** A client configured out of band authenticates as the login did (see `authForServer`). */
function configuredClient(server: HttpServerConfig) {
  const settings = server.auth;
  if (
    settings?.clientId === undefined ||
    settings.grant === "client_credentials" ||
    settings.grant === "jwt_bearer"
  )
    return undefined;
  return {
    client_id: settings.clientId,
    ...(settings.clientSecret === undefined
      ? {}
      : { client_secret: settings.clientSecret, token_endpoint_auth_method: "client_secret_basic" }),
  };
}
