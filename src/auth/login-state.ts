/**
 * Who is logged in where, read from the credential store without a network request: per HTTP server, logged
 * in, expired (with or without a refresh token), not logged in, or a client-credentials grant with no login.
 */
import type { HttpServerConfig } from "../config/types.js";
import type { CredentialStore, StoredCredentials } from "./types.js";

/** A server's login as the store shows it. */
export type LoginState =
  | "logged in"
  | "expired, refresh available"
  | "expired"
  | "not logged in"
  | "client credentials (no login)"
  | "workload identity (no login)";

/** One server's login status: its state, scopes and expiry. Holds no token. */
export interface AuthStatusRow {
  name: string;
  url: string;
  status: LoginState;
  /** A refresh token is stored (the access token can be renewed without the browser). */
  refreshAvailable: boolean;
  scopes: string[];
  /** ISO time the access token expires, when the server said. */
  expiresAt?: string;
  /** The OAuth client id in use (not a secret). */
  clientId?: string;
}

/** What the stored credentials say about one server at `now` (ms since the epoch). */
export function loginState(
  stored: StoredCredentials | undefined,
  now: number,
): Omit<AuthStatusRow, "name" | "url"> {
  const tokens = stored?.tokens;
  const clientId = stored?.client?.client_id;
  const base = { ...(clientId === undefined ? {} : { clientId }) };
  if (tokens === undefined) return { ...base, status: "not logged in", refreshAvailable: false, scopes: [] };
  const refreshAvailable = typeof tokens.refresh_token === "string" && tokens.refresh_token !== "";
  const scopes = (tokens.scope ?? "").split(" ").filter(Boolean);
  const expires =
    tokens.expires_in === undefined || stored?.tokensSavedAt === undefined
      ? undefined
      : stored.tokensSavedAt + tokens.expires_in * 1000;
  const expired = expires !== undefined && expires <= now;
  const state: LoginState = !expired
    ? "logged in"
    : refreshAvailable
      ? "expired, refresh available"
      : "expired";
  return {
    ...base,
    status: state,
    refreshAvailable,
    scopes,
    ...(expires === undefined ? {} : { expiresAt: new Date(expires).toISOString() }),
  };
}

/**
 * The status row of each server, in order. A client-credentials server shows its configured client and scopes:
 * its tokens are obtained per run and never stored.
 */
export async function loginStatus(
  servers: readonly HttpServerConfig[],
  store: CredentialStore,
  now: () => number,
): Promise<AuthStatusRow[]> {
  const rows: AuthStatusRow[] = [];
  for (const server of servers) {
    if (server.auth?.grant === "client_credentials" || server.auth?.grant === "jwt_bearer") {
      const clientId = server.auth.clientId;
      rows.push({
        name: server.name,
        url: server.url,
        status:
          server.auth.grant === "jwt_bearer"
            ? "workload identity (no login)"
            : "client credentials (no login)",
        refreshAvailable: false,
        scopes: server.auth.scopes ?? [],
        ...(clientId === undefined ? {} : { clientId }),
      });
      continue;
    }
    rows.push({ name: server.name, url: server.url, ...loginState(await store.load(server.url), now()) });
  }
  return rows;
}

/**
 * What a finished login amounts to, from the credentials before and after it: a client-credentials grant (no
 * login), a server that asked for no authorization, tokens that did not change (the stored ones still worked;
 * `forced` says the caller wanted new ones anyway), or a fresh login.
 */
export type LoginOutcome =
  | { kind: "client-credentials" }
  | { kind: "no-authorization" }
  | { kind: "unchanged" | "logged-in"; scopes: string[]; expiresAt?: string };

/** Classifies a login of `server` that connected, at `now`. */
export function loginOutcome(
  server: HttpServerConfig,
  before: StoredCredentials | undefined,
  after: StoredCredentials | undefined,
  options: { forced: boolean; now: number },
): LoginOutcome {
  // A machine grant (client credentials, workload jwt-bearer) obtains tokens per run: there is no login to report.
  if (server.auth?.grant === "client_credentials" || server.auth?.grant === "jwt_bearer")
    return { kind: "client-credentials" };
  const state = loginState(after, options.now);
  if (state.status === "not logged in") return { kind: "no-authorization" };
  const unchanged = after?.tokens !== undefined && after.tokens.access_token === before?.tokens?.access_token;
  return {
    kind: unchanged && !options.forced ? "unchanged" : "logged-in",
    scopes: state.scopes,
    ...(state.expiresAt === undefined ? {} : { expiresAt: state.expiresAt }),
  };
}
