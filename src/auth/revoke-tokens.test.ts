import { describe, expect, it } from "vitest";
import {
  buildRevocationRequest,
  describeRevocation,
  type RevocationReport,
  revocationTargets,
  revokeTokens,
} from "./revoke-tokens.js";
import type { StoredCredentials } from "./types.js";

const issuer = "https://as.example";
const endpoint = new URL(`${issuer}/revoke`);
const tokens = { access_token: "AT-1", refresh_token: "RT-1", token_type: "Bearer" };

function form(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

describe("revocationTargets", () => {
  it("revokes the refresh token first, then the access token, with their hints", () => {
    expect(revocationTargets(tokens)).toEqual([
      { token: "RT-1", token_type_hint: "refresh_token" },
      { token: "AT-1", token_type_hint: "access_token" },
    ]);
    expect(revocationTargets({ access_token: "AT-1", token_type: "Bearer" })).toEqual([
      { token: "AT-1", token_type_hint: "access_token" },
    ]);
    expect(revocationTargets(undefined)).toEqual([]);
  });
});

describe("buildRevocationRequest", () => {
  const request = { token: "RT-1", token_type_hint: "refresh_token" };

  it("a public client (none) sends its client_id in the form, no secret, no Authorization", () => {
    const built = buildRevocationRequest(endpoint, { client_id: "pub" }, request);
    expect(built).toMatchObject({ url: "https://as.example/revoke", method: "POST" });
    expect(built.headers.authorization).toBeUndefined();
    expect(built.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(form(built.body)).toEqual({ token: "RT-1", token_type_hint: "refresh_token", client_id: "pub" });
  });

  it("client_secret_basic: the credentials go in the header only, encoded as the SDK does for /token", () => {
    const client = {
      client_id: "c1",
      client_secret: "s3",
      token_endpoint_auth_method: "client_secret_basic",
    };
    const built = buildRevocationRequest(endpoint, client, request);
    expect(built.headers.authorization).toBe(`Basic ${btoa("c1:s3")}`);
    expect(form(built.body)).toEqual({ token: "RT-1", token_type_hint: "refresh_token" });
  });

  it("client_secret_post: client_id and secret in the form", () => {
    const client = { client_id: "c1", client_secret: "s3", token_endpoint_auth_method: "client_secret_post" };
    const built = buildRevocationRequest(endpoint, client, request);
    expect(built.headers.authorization).toBeUndefined();
    expect(form(built.body)).toMatchObject({ client_id: "c1", client_secret: "s3" });
  });

  it("follows the registration unless the revocation endpoint does not accept its method", () => {
    const client = { client_id: "c1", client_secret: "s3", token_endpoint_auth_method: "client_secret_post" };
    const allowed = buildRevocationRequest(endpoint, client, request, ["client_secret_post", "none"]);
    expect(form(allowed.body).client_secret).toBe("s3");
    const basicOnly = buildRevocationRequest(endpoint, client, request, ["client_secret_basic"]);
    expect(basicOnly.headers.authorization).toMatch(/^Basic /);
    expect(form(basicOnly.body).client_secret).toBeUndefined();
    // A secret without a stated method: basic, as at the token endpoint.
    const unstated = buildRevocationRequest(endpoint, { client_id: "c1", client_secret: "s3" }, request);
    expect(unstated.headers.authorization).toMatch(/^Basic /);
  });
});

describe("describeRevocation", () => {
  it("says revoked, or why not, and never more than a status or an error code", () => {
    const cases: Array<[RevocationReport, RegExp]> = [
      [{ outcome: "revoked", revoked: ["refresh_token", "access_token"] }, /^the tokens were revoked at the/],
      [{ outcome: "no-endpoint" }, /not revoked .*: it advertises no revocation endpoint$/],
      [
        { outcome: "refused", status: 503, error: "temporarily_unavailable", revoked: [] },
        /HTTP 503 \(temporarily_unavailable\)$/,
      ],
      [
        { outcome: "refused", status: 400, revoked: ["refresh_token"] },
        /not revoked at the authorization server \(only the refresh token\): it answered HTTP 400$/,
      ],
      [
        { outcome: "unreachable", reason: "unreachable (ECONNREFUSED)", revoked: [] },
        /: unreachable \(ECONNREFUSED\)$/,
      ],
      [{ outcome: "not-sent", reason: "no client registration was stored" }, /not revoked .*: no client/],
      [{ outcome: "nothing-to-revoke" }, /^there were no tokens to revoke$/],
    ];
    for (const [report, pattern] of cases) expect(describeRevocation(report)).toMatch(pattern);
  });
});

interface Seen {
  url: string;
  init: RequestInit;
}

/** A fake authorization server: records each request and answers with the next status (200 when none left). */
function server(statuses: number[] = []) {
  const seen: Seen[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    seen.push({ url: String(input), init: init ?? {} });
    const status = statuses.shift() ?? 200;
    return status === 200
      ? new Response(null, { status })
      : Response.json({ error: "temporarily_unavailable", error_description: "RT-1 AT-1" }, { status });
  };
  return { seen, fetchFn };
}

function stored(
  extra: Partial<StoredCredentials> = {},
  metadata: Record<string, unknown> = {},
): StoredCredentials {
  return {
    client: { client_id: "c1", client_secret: "s3", token_endpoint_auth_method: "client_secret_post" },
    tokens: { ...tokens, issuer },
    discovery: {
      authorizationServerUrl: issuer,
      authorizationServerMetadata: {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ["code"],
        revocation_endpoint: `${issuer}/revoke`,
        ...metadata,
      },
    },
    ...extra,
  };
}

const serverUrl = "https://mcp.example/mcp";

describe("revokeTokens", () => {
  it("POSTs the refresh token then the access token to the advertised endpoint, without following redirects", async () => {
    const as = server();
    const report = await revokeTokens({ serverUrl, credentials: stored(), fetch: as.fetchFn });
    expect(report).toEqual({ outcome: "revoked", revoked: ["refresh_token", "access_token"] });
    expect(as.seen.map((s) => s.url)).toEqual([`${issuer}/revoke`, `${issuer}/revoke`]);
    expect(as.seen.map((s) => form(String(s.init.body)))).toEqual([
      { token: "RT-1", token_type_hint: "refresh_token", client_id: "c1", client_secret: "s3" },
      { token: "AT-1", token_type_hint: "access_token", client_id: "c1", client_secret: "s3" },
    ]);
    expect(as.seen.every((s) => s.init.method === "POST" && s.init.redirect === "manual")).toBe(true);
    expect(as.seen[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("a configured (pre-registered) client overrides the stored one", async () => {
    const as = server();
    await revokeTokens({
      serverUrl,
      credentials: stored(),
      client: { client_id: "pre", client_secret: "ps", token_endpoint_auth_method: "client_secret_basic" },
      fetch: as.fetchFn,
    });
    expect(new Headers(as.seen[0]?.init.headers).get("authorization")).toBe(`Basic ${btoa("pre:ps")}`);
  });

  it("sends nothing without an endpoint, to another issuer, to plain http, or without a client", async () => {
    const { client: _client, ...noClient } = stored();
    const { tokens: _tokens, ...noTokens } = stored();
    const cases: Array<[StoredCredentials, RevocationReport["outcome"]]> = [
      [stored({}, { revocation_endpoint: undefined }), "no-endpoint"],
      [stored({ tokens: { ...tokens, issuer: "https://other.example" } }), "not-sent"],
      [stored({}, { revocation_endpoint: "http://as.example/revoke" }), "not-sent"],
      [noClient, "not-sent"],
      [noTokens, "nothing-to-revoke"],
    ];
    for (const [credentials, outcome] of cases) {
      const as = server();
      const report = await revokeTokens({ serverUrl, credentials, fetch: as.fetchFn });
      expect(report.outcome).toBe(outcome);
      expect(as.seen).toHaveLength(0);
    }
  });

  it("reports the first refusal's status and error code (never the body's description) and what did go through", async () => {
    const as = server([200, 503]);
    const report = await revokeTokens({ serverUrl, credentials: stored(), fetch: as.fetchFn });
    expect(report).toEqual({
      outcome: "refused",
      status: 503,
      error: "temporarily_unavailable",
      revoked: ["refresh_token"],
    });
    expect(describeRevocation(report)).not.toMatch(/RT-1|AT-1/);
  });

  it("reports an unreachable server by its error code and stops there", async () => {
    let calls = 0;
    const refused: typeof fetch = async () => {
      calls += 1;
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }),
      });
    };
    const report = await revokeTokens({ serverUrl, credentials: stored(), fetch: refused });
    expect(report).toEqual({ outcome: "unreachable", reason: "unreachable (ECONNREFUSED)", revoked: [] });
    expect(calls).toBe(1);
  });

  it("gives up at the deadline when the server never answers", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const started = Date.now();
    const report = await revokeTokens({ serverUrl, credentials: stored(), fetch: hanging, timeoutMs: 50 });
    expect(report).toEqual({ outcome: "unreachable", reason: "no answer within 0.05 s", revoked: [] });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
