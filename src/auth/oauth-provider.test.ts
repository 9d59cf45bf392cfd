import { describe, expect, it } from "vitest";
import { AuthError, AuthorizationRefusedError } from "./auth-error.js";
import { MemoryCredentialStore } from "./memory-credential-store.js";
import { SwitchboardOAuthProvider } from "./oauth-provider.js";
import type { AuthorizationHandler, AuthorizationResponse } from "./types.js";

const serverUrl = "https://mcp.example/mcp";

/** A discovery whose authorization server advertises DPoP with ES256. */
const dpopDiscovery = {
  authorizationServerUrl: "https://as.example",
  authorizationServerMetadata: {
    issuer: "https://as.example",
    authorization_endpoint: "https://as.example/authorize",
    token_endpoint: "https://as.example/token",
    response_types_supported: ["code"],
    dpop_signing_alg_values_supported: ["ES256"],
  },
};

/** Records every authorization and answers with a numbered code (and `iss`, or a refusal, when told to). */
class RecordingHandler implements AuthorizationHandler {
  readonly calls: Array<{ url: string; state: string }> = [];
  iss: string | undefined;
  refuse: AuthorizationRefusedError | undefined;
  async redirectUrl(): Promise<string> {
    return "http://127.0.0.1:4567/callback";
  }
  async authorize(url: URL, expectedState: string): Promise<AuthorizationResponse> {
    this.calls.push({ url: url.href, state: expectedState });
    if (this.refuse !== undefined) throw this.refuse;
    const code = `code-${this.calls.length}`;
    return this.iss === undefined ? { code } : { code, iss: this.iss };
  }
}

async function provider(extra: Partial<ConstructorParameters<typeof SwitchboardOAuthProvider>[0]> = {}) {
  const store = new MemoryCredentialStore();
  const handler = new RecordingHandler();
  const made = new SwitchboardOAuthProvider({ serverUrl, store, handler, ...extra });
  await made.prepare();
  return { provider: made, store, handler };
}

describe("SwitchboardOAuthProvider", () => {
  it("asks for refresh tokens in DCR metadata and uses the handler's redirect URL", async () => {
    const { provider: p } = await provider({ clientName: "tester" });
    expect(p.redirectUrl).toBe("http://127.0.0.1:4567/callback");
    expect(p.clientMetadata).toMatchObject({
      client_name: "tester",
      redirect_uris: ["http://127.0.0.1:4567/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    });
    expect(p.clientMetadata.scope).toBeUndefined();
    const scoped = await provider({ scopes: ["a", "b"] });
    expect(scoped.provider.clientMetadata.scope).toBe("a b");
  });

  it("follows an authorization-server migration: fresh discovery, and no client or tokens of the old server", async () => {
    const { provider: p } = await provider();
    await p.saveDiscoveryState({ authorizationServerUrl: "https://as1.example" });
    await p.saveClientInformation({
      client_id: "as1-client",
      redirect_uris: [p.redirectUrl ?? ""],
      issuer: "https://as1.example",
    });
    await p.saveTokens({
      access_token: "at-1",
      token_type: "Bearer",
      refresh_token: "rt-1",
      issuer: "https://as1.example",
    });
    // Outside a callback leg the stored discovery is not offered, so the SDK reads the resource's metadata again.
    expect(await p.discoveryState()).toBeUndefined();
    expect(await p.clientInformation({ issuer: "https://as2.example" })).toBeUndefined();
    expect(await p.tokens({ issuer: "https://as2.example" })).toBeUndefined();
    // The same server still gets them, and the bearer read (no issuer) gets the last tokens.
    expect((await p.clientInformation({ issuer: "https://as1.example" }))?.client_id).toBe("as1-client");
    expect((await p.tokens({ issuer: "https://as1.example" }))?.refresh_token).toBe("rt-1");
    expect((await p.tokens())?.access_token).toBe("at-1");
  });

  it("offers the recorded discovery on the callback leg, until the tokens are saved", async () => {
    const { provider: p } = await provider();
    await p.saveDiscoveryState({ authorizationServerUrl: "https://as1.example" });
    await p.redirectToAuthorization(new URL("https://as1.example/authorize?state=s"));
    expect((await p.discoveryState())?.authorizationServerUrl).toBe("https://as1.example");
    await p.saveTokens({ access_token: "at-1", token_type: "Bearer" });
    expect(await p.discoveryState()).toBeUndefined();
  });

  it("makes a new random state per authorization", async () => {
    const { provider: p } = await provider();
    const states = new Set(Array.from({ length: 20 }, () => p.state()));
    expect(states.size).toBe(20);
    for (const state of states) expect(state.length).toBeGreaterThanOrEqual(32);
  });

  it("stamps tokensSavedAt and reports when the access token expires", async () => {
    const { provider: p, store } = await provider({ now: () => 1_000_000 });
    await p.saveTokens({ access_token: "at-1", token_type: "Bearer", expires_in: 120 });
    expect((await store.load(serverUrl))?.tokensSavedAt).toBe(1_000_000);
    expect(await p.tokensExpireAt()).toBe(1_120_000);
  });

  it("hands the state to the handler, keeps the code once, and spends the authorization budget", async () => {
    const { provider: p, handler } = await provider();
    p.resetAuthorizationBudget(2);
    const url = new URL(`https://as.example/authorize?state=${p.state()}`);
    await p.redirectToAuthorization(url);
    expect(handler.calls[0]?.state).toBe(url.searchParams.get("state"));
    expect(p.takeAuthorizationResponse()).toEqual({ code: "code-1" });
    expect(p.takeAuthorizationResponse()).toBeUndefined();
    await p.redirectToAuthorization(url);
    const error = await p.redirectToAuthorization(url).catch((e: unknown) => e);
    expect((error as AuthError).reason).toBe("AUTH_FAILED");
    expect(handler.calls).toHaveLength(2);
    p.resetAuthorizationBudget(1);
    await p.redirectToAuthorization(url);
    expect(handler.calls).toHaveLength(3);
  });

  it("keeps the redirect's iss beside its code, for finishAuth(code, iss)", async () => {
    const { provider: p, handler } = await provider();
    handler.iss = "https://as.example";
    await p.redirectToAuthorization(new URL("https://as.example/authorize?state=s"));
    expect(p.takeAuthorizationResponse()).toEqual({ code: "code-1", iss: "https://as.example" });
    // A new authorization replaces whatever was pending (no stale iss travels with a later code).
    handler.iss = undefined;
    await p.redirectToAuthorization(new URL("https://as.example/authorize?state=s"));
    expect(p.takeAuthorizationResponse()).toEqual({ code: "code-2" });
  });

  it("checks an error redirect's iss against the recorded issuer before showing its description", async () => {
    const { provider: p, store, handler } = await provider();
    const issuer = "https://as.example";
    const recorded = (supported: boolean) =>
      store.save(serverUrl, {
        discovery: {
          authorizationServerUrl: issuer,
          authorizationServerMetadata: {
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            response_types_supported: ["code"],
            ...(supported ? { authorization_response_iss_parameter_supported: true } : {}),
          },
        },
      });
    const attempt = async (iss: string | undefined) => {
      handler.refuse = new AuthorizationRefusedError("refused: access_denied (CANARY-DESCRIPTION)", iss);
      p.resetAuthorizationBudget(1);
      return (await p
        .redirectToAuthorization(new URL(`${issuer}/authorize?state=s`))
        .catch((e: unknown) => e)) as AuthError;
    };
    await recorded(true);
    // From the right issuer: the server's own words reach the user.
    expect((await attempt(issuer)).message).toContain("CANARY-DESCRIPTION");
    for (const iss of ["https://evil.example", undefined]) {
      const error = await attempt(iss);
      expect(error).toBeInstanceOf(AuthError);
      expect(error).not.toBeInstanceOf(AuthorizationRefusedError);
      expect(error.reason).toBe("AUTH_FAILED");
      expect(error.message).toContain(`expected issuer ${issuer}`);
      expect(error.message).not.toMatch(/CANARY|evil/);
    }
    // Not advertised: a missing iss is fine (RFC 9207 §2.4), a wrong one is not.
    await recorded(false);
    expect((await attempt(undefined)).message).toContain("CANARY-DESCRIPTION");
    expect((await attempt("https://evil.example")).message).not.toContain("CANARY");
  });

  it("fails with AUTH_REQUIRED when there is no handler to ask", async () => {
    const p = new SwitchboardOAuthProvider({ serverUrl, store: new MemoryCredentialStore() });
    await p.prepare();
    // A redirect URL all the same: without one the SDK would take the client-credentials path and never refresh.
    expect(p.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1\//);
    const error = await p
      .redirectToAuthorization(new URL("https://as.example/authorize"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).reason).toBe("AUTH_REQUIRED");
    expect((error as AuthError).message).toContain(serverUrl);
    // …and no client to register for: registering one nobody can authorize would leave junk behind.
    const noClient = await p.clientInformation().catch((e: unknown) => e);
    expect((noClient as AuthError).reason).toBe("AUTH_REQUIRED");
  });

  it("without a handler, reuses the stored client and its redirect URI (so refresh works)", async () => {
    const store = new MemoryCredentialStore();
    await store.save(serverUrl, {
      client: { client_id: "c9", redirect_uris: ["http://127.0.0.1:5555/callback"] },
      tokens: { access_token: "at", token_type: "Bearer", refresh_token: "rt" },
    });
    const p = new SwitchboardOAuthProvider({ serverUrl, store });
    await p.prepare();
    expect(p.redirectUrl).toBe("http://127.0.0.1:5555/callback");
    expect((await p.clientInformation())?.client_id).toBe("c9");
  });

  it("invalidates exactly the part the SDK names, and counts client invalidations", async () => {
    const { provider: p, store } = await provider();
    await p.saveClientInformation({ client_id: "c1", redirect_uris: ["http://127.0.0.1:4567/callback"] });
    await p.saveTokens({ access_token: "at", token_type: "Bearer", refresh_token: "rt" });
    await p.saveCodeVerifier("verifier-1");
    await p.invalidateCredentials("client");
    expect(p.clientInvalidations).toBe(1);
    const after = await store.load(serverUrl);
    expect(after?.client).toBeUndefined();
    expect(after?.tokens?.access_token).toBe("at");
    expect(after?.codeVerifier).toBe("verifier-1");
    await p.invalidateCredentials("tokens");
    expect((await store.load(serverUrl))?.tokens).toBeUndefined();
    expect((await store.load(serverUrl))?.tokensSavedAt).toBeUndefined();
    await p.invalidateCredentials("verifier");
    expect(error(await p.codeVerifier().catch((e: unknown) => e))).toBe("AUTH_FAILED");
  });

  it("ignores a registered client whose redirect URIs do not include the current one", async () => {
    const { provider: p } = await provider();
    await p.saveClientInformation({ client_id: "old", redirect_uris: ["http://127.0.0.1:9999/callback"] });
    expect(await p.clientInformation()).toBeUndefined();
    await p.saveTokens({ access_token: "at", token_type: "Bearer", refresh_token: "rt" });
    // While a refresh token exists, the old client is still the one that can refresh it.
    expect((await p.clientInformation())?.client_id).toBe("old");
    await p.saveClientInformation({ client_id: "new", redirect_uris: ["http://127.0.0.1:4567/callback"] });
    expect((await p.clientInformation())?.client_id).toBe("new");
  });

  it("always answers with the pre-registered client", async () => {
    const { provider: p } = await provider({
      preRegistered: {
        clientId: "pre",
        clientSecret: "pre-secret",
        tokenEndpointAuthMethod: "client_secret_basic",
      },
    });
    expect(await p.clientInformation()).toEqual({
      client_id: "pre",
      client_secret: "pre-secret",
      token_endpoint_auth_method: "client_secret_basic",
    });
    await p.saveClientInformation({
      client_id: "pre",
      client_secret: "pre-secret",
      issuer: "https://as.example",
    });
    expect((await p.clientInformation())?.issuer).toBe("https://as.example");
  });

  it("rejects a non-HTTPS client metadata URL at construction", () => {
    expect(
      () =>
        new SwitchboardOAuthProvider({
          serverUrl,
          store: new MemoryCredentialStore(),
          clientMetadataUrl: "http://insecure.example/meta.json",
        }),
    ).toThrow(/HTTPS/);
  });

  it("knows every secret it saved or produced, for redaction", async () => {
    const { provider: p } = await provider({
      preRegistered: { clientId: "pre", clientSecret: "pre-secret" },
    });
    await p.saveTokens({
      access_token: "access-secret",
      token_type: "Bearer",
      refresh_token: "refresh-secret",
    });
    await p.saveCodeVerifier("verifier-secret");
    await p.redirectToAuthorization(new URL("https://as.example/authorize"));
    expect(p.secretValues().sort()).toEqual(
      ["access-secret", "code-1", "pre-secret", "refresh-secret", "verifier-secret"].sort(),
    );
  });

  it("binds tokens with one DPoP key once the authorization server advertises DPoP, and stores the key with them", async () => {
    const { provider: p, store } = await provider();
    expect(await p.dpop()).toBeUndefined();
    await p.saveDiscoveryState(dpopDiscovery);
    const session = await p.dpop();
    expect(session?.alg).toBe("ES256");
    expect(await p.dpop()).toBe(session);
    // Nothing is stored until a token is bound to the key.
    expect((await store.load(serverUrl))?.dpopKey).toBeUndefined();
    await p.saveTokens({ access_token: "bound-1", token_type: "DPoP", refresh_token: "rt-1" });
    expect((await p.tokens())?.access_token).toBe("bound-1");
    const stored = await store.load(serverUrl);
    expect(stored?.tokensBoundTo).toBe(session?.thumbprint);
    expect(stored?.dpopKey?.alg).toBe("ES256");
    const d = stored?.dpopKey?.privateJwk.d ?? "";
    expect(d.length).toBeGreaterThan(20);
    expect(p.secretValues()).toContain(d);

    // A later provider over the same store (the next process) signs with the stored key and sends the tokens.
    const later = new SwitchboardOAuthProvider({ serverUrl, store });
    expect((await later.tokens())?.access_token).toBe("bound-1");
    expect((await later.dpop())?.thumbprint).toBe(session?.thumbprint);
    expect(later.secretValues()).toContain(d);
    // Bearer tokens saved later carry no binding and leave no key behind.
    await later.saveTokens({ access_token: "plain-1", token_type: "Bearer" });
    const plain = await store.load(serverUrl);
    expect(plain?.dpopKey).toBeUndefined();
    expect(plain?.tokensBoundTo).toBeUndefined();
  });

  it("a stored DPoP key of the wrong shape is ignored: its tokens are not sent, a fresh key binds the next ones", async () => {
    const { provider: first, store } = await provider();
    await first.saveDiscoveryState(dpopDiscovery);
    await first.dpop();
    await first.saveTokens({ access_token: "bound-1", token_type: "DPoP", refresh_token: "rt-1" });
    const stored = await store.load(serverUrl);
    const bound = stored?.tokensBoundTo;
    for (const dpopKey of [{ alg: "ES256", privateJwk: { kty: "EC", d: "x" } }, "junk", { alg: "none" }]) {
      await store.save(serverUrl, { ...stored, dpopKey } as never);
      const later = new SwitchboardOAuthProvider({ serverUrl, store, handler: new RecordingHandler() });
      await later.prepare();
      expect(await later.tokens()).toBeUndefined();
      const session = await later.dpop();
      expect(session?.thumbprint).not.toBe(bound);
      // The unusable refresh token does not keep a client registered for another redirect URI.
      await later.saveClientInformation({ client_id: "c1", redirect_uris: ["http://127.0.0.1:1/callback"] });
      expect(await later.clientInformation()).toBeUndefined();
      await later.saveTokens({ access_token: "bound-2", token_type: "DPoP" });
      expect((await later.tokens())?.access_token).toBe("bound-2");
      expect((await store.load(serverUrl))?.tokensBoundTo).toBe(session?.thumbprint);
      expect((await new SwitchboardOAuthProvider({ serverUrl, store }).tokens())?.access_token).toBe(
        "bound-2",
      );
    }
  });

  it("invalidating everything drops the stored key; the session's key is stored again with the next tokens", async () => {
    const { provider: p, store } = await provider();
    await p.saveDiscoveryState(dpopDiscovery);
    const session = await p.dpop();
    await p.saveTokens({ access_token: "bound-1", token_type: "DPoP" });
    await p.invalidateCredentials("tokens");
    expect((await store.load(serverUrl))?.tokensBoundTo).toBeUndefined();
    expect((await store.load(serverUrl))?.dpopKey).toBeDefined();
    await p.invalidateCredentials("all");
    expect(await store.load(serverUrl)).toEqual({});
    await p.saveTokens({ access_token: "bound-2", token_type: "DPoP" });
    const later = new SwitchboardOAuthProvider({ serverUrl, store });
    await later.saveDiscoveryState(dpopDiscovery);
    expect((await later.tokens())?.access_token).toBe("bound-2");
    expect((await later.dpop())?.thumbprint).toBe(session?.thumbprint);
  });

  it("turns DPoP off on request, and never presents DPoP-bound tokens whose key another process held", async () => {
    const { provider: off, store } = await provider({ dpop: false });
    await off.saveDiscoveryState(dpopDiscovery);
    expect(await off.dpop()).toBeUndefined();
    await store.save(serverUrl, {
      ...(await store.load(serverUrl)),
      tokens: { access_token: "bound-elsewhere", token_type: "DPoP", refresh_token: "rt" },
    });
    const later = new SwitchboardOAuthProvider({ serverUrl, store });
    expect(await later.tokens()).toBeUndefined();
    await store.save(serverUrl, { tokens: { access_token: "plain", token_type: "Bearer" } });
    expect((await later.tokens())?.access_token).toBe("plain");
  });
});

function error(value: unknown): string | undefined {
  return value instanceof AuthError ? value.reason : undefined;
}
