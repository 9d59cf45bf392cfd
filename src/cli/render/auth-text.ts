/** The human text of `switchboard auth`: the status table and the line each login and logout prints. */
import type { AuthStatusRow, LoginOutcome } from "../../auth/login-state.js";
import type { LogoutResult } from "../../auth/logout-server.js";
import { describeRevocation } from "../../auth/revoke-tokens.js";
import { renderTable } from "../render-table.js";

/** One row per server: status, scopes, expiry (absolute and relative to `now`) and URL. */
export function renderAuthStatus(rows: readonly AuthStatusRow[], now: number): string {
  return renderTable(rows, [
    { header: "SERVER", value: (row) => row.name },
    {
      header: "STATUS",
      value: (row) =>
        row.status === "logged in" && row.refreshAvailable ? "logged in, refresh available" : row.status,
    },
    { header: "SCOPES", value: (row) => row.scopes.join(" ") || "-", maxWidth: 40 },
    {
      header: "EXPIRES",
      value: (row) => (row.expiresAt === undefined ? "-" : describeExpiry(row.expiresAt, now)),
    },
    { header: "URL", value: (row) => row.url, maxWidth: 60 },
  ]);
}

function describeExpiry(iso: string, now: number): string {
  const ms = Date.parse(iso) - now;
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const span = minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
  return `${iso.replace(/\.\d{3}Z$/, "Z")} (${ms >= 0 ? `in ${span}` : `${span} ago`})`;
}

/** What `auth login` prints for a server that connected. */
export function loginLine(server: string, outcome: LoginOutcome): string {
  if (outcome.kind === "client-credentials")
    return `${server}: client credentials work; no login is needed (tokens are obtained on every run).`;
  if (outcome.kind === "no-authorization")
    return `${server}: connected without a login (the server asked for no authorization).`;
  const scopes = outcome.scopes.length === 0 ? "" : `, scopes: ${outcome.scopes.join(" ")}`;
  const expiry = outcome.expiresAt === undefined ? "" : `, expires ${outcome.expiresAt}`;
  return outcome.kind === "unchanged"
    ? `Already logged in to ${server}${scopes}${expiry}; --force logs in again.`
    : `Logged in to ${server}${scopes}${expiry}.`;
}

/** What `auth logout` prints for a server. */
export function logoutLine(server: string, result: LogoutResult): string {
  return result.loggedIn
    ? `Logged out of ${server}: its stored tokens and client registration are deleted; ${describeRevocation(result.revocation)}.`
    : `${server}: was not logged in.`;
}
