/**
 * OAuth end to end: switchboard's provider + headless handler + `ServerConnection` against a real OAuth-protected
 * MCP fixture (separate AS and RS on loopback ports).
 */
import { afterEach, describe, expect, it } from "vitest";
import { AuthError } from "../../src/auth/auth-error.js";
import { HeadlessAuthorization } from "../../src/auth/headless-authorization.js";
import { MemoryCredentialStore } from "../../src/auth/memory-credential-store.js";
import { SwitchboardOAuthProvider } from "../../src/auth/oauth-provider.js";
import type { CredentialStore } from "../../src/auth/types.js";
import type { HttpServerConfig } from "../../src/config/types.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
import { httpServer } from "../fixtures/fixture-command.js";
import {
  type OAuthFixture,
  type OAuthFixtureOptions,
  startOAuthFixture,
} from "../fixtures/oauth/oauth-fixture.js";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

async function fixture(options: OAuthFixtureOptions = {}): Promise<OAuthFixture> {
  const started = await startOAuthFixture(options);
  open.push(started);
  return started;
}

function config(url: string): HttpServerConfig {
  return httpServer("protected", url, {
    transport: "streamable-http",
    connectTimeoutMs: 10_000,
    maxConcurrentCalls: 4,
  });
}

function connection(
  server: OAuthFixture,
  store: CredentialStore,
  extra: Partial<ConstructorParameters<typeof SwitchboardOAuthProvider>[0]> = {},
): ServerConnection {
  const provider = new SwitchboardOAuthProvider({
    serverUrl: server.url,
    store,
    handler: new HeadlessAuthorization(),
    ...extra,
  });
  const made = new ServerConnection(config(server.url), {
    restart: { maxAttempts: 0 },
    auth: { provider },
  });
  open.push(made);
  return made;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 10; ) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

describe("OAuth authorization-code flow", () => {
  it("registers, authorizes with PKCE and state, exchanges the code, then lists and calls tools", async () => {
    const server = await fixture();
    const store = new MemoryCredentialStore();
    const sb = connection(server, store);
    await sb.start();
    expect(sb.listing?.tools.map((tool) => tool.name).sort()).toEqual(["echo", "whoami"]);
    const result = await sb.callTool("whoami", {});
    expect(JSON.stringify(result.content)).toContain("client-1");
    expect(server.count("/register")).toBe(1);
    expect(server.count("/authorize")).toBe(1);
    expect(server.count("/token", "authorization_code")).toBe(1);
    const authorize = server.requests.find((r) => r.path === "/authorize");
    expect(authorize?.params.code_challenge_method).toBe("S256");
    expect(authorize?.params.state?.length).toBeGreaterThanOrEqual(16);
    expect(authorize?.params.resource).toBe(server.url);
    const stored = await store.load(server.url);
    expect(stored?.tokens?.access_token).toMatch(/^fx-access-/);
    expect(stored?.tokensSavedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(stored?.client?.client_id).toBe("client-1");
  });

  it("reuses stored tokens: a second connection makes no OAuth request at all", async () => {
    const server = await fixture();
    const store = new MemoryCredentialStore();
    await connection(server, store).start();
    const before = server.requests.filter((r) => r.server === "as").length;
    await connection(server, store).start();
    expect(server.requests.filter((r) => r.server === "as").length).toBe(before);
    expect(server.count("/authorize")).toBe(1);
  });

  it("refreshes a token that expires within a minute before connecting, without a new authorization", async () => {
    const server = await fixture({ accessTokenTtlSec: 30 });
    const store = new MemoryCredentialStore();
    await connection(server, store).start();
    const first = (await store.load(server.url))?.tokens?.access_token;
    await connection(server, store).start();
    expect(server.count("/token", "refresh_token")).toBe(1);
    expect(server.count("/authorize")).toBe(1);
    expect((await store.load(server.url))?.tokens?.access_token).not.toBe(first);
  });

  it("re-registers when the authorization server answers invalid_client", async () => {
    const server = await fixture({ accessTokenTtlSec: 30 });
    const store = new MemoryCredentialStore();
    await connection(server, store).start();
    server.revokeClient("client-1");
    const again = connection(server, store);
    await again.start();
    expect(server.registeredClients()).toEqual(["client-1", "client-2"]);
    expect(server.count("/authorize")).toBe(2);
    expect(JSON.stringify((await again.callTool("whoami", {})).content)).toContain("client-2");
  });

  it("asks the user again (a new authorization through the handler) when the refresh is refused", async () => {
    const server = await fixture({ accessTokenTtlSec: 30 });
    const store = new MemoryCredentialStore();
    await connection(server, store).start();
    server.setFailRefresh(true);
    const again = connection(server, store);
    await again.start();
    expect(server.count("/token", "refresh_token")).toBe(1);
    expect(server.count("/authorize")).toBe(2);
    expect(server.count("/register")).toBe(1);
    expect(again.state).toBe("ready");
  });

  it("rejects a redirect whose state differs and never exchanges its code", async () => {
    const server = await fixture({ tamperState: "forged-state" });
    const sb = connection(server, new MemoryCredentialStore());
    const error = await sb.start().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const authError = causes(error).find((item) => item instanceof AuthError) as AuthError | undefined;
    expect(authError?.reason).toBe("AUTH_STATE_MISMATCH");
    expect((error as Error).message).toContain("protected");
    expect((error as Error).message).toContain(server.authorizationServerUrl);
    expect(server.count("/token")).toBe(0);
  });

  it("steps up on 403 insufficient_scope: re-authorizes with the union of scopes and retries the call", async () => {
    const server = await fixture({ requiredScopes: ["read"], toolScopes: { echo: ["write"] } });
    const sb = connection(server, new MemoryCredentialStore());
    await sb.start();
    expect(server.count("/authorize")).toBe(1);
    const result = await sb.callTool("echo", { text: "hi" });
    expect(result.content).toEqual([{ type: "text", text: "hi" }]);
    const authorizations = server.requests.filter((r) => r.path === "/authorize");
    expect(authorizations).toHaveLength(2);
    expect(authorizations[1]?.params.scope?.split(" ").sort()).toEqual(["read", "write"]);
  });

  it("gives up after the authorization limit when the server keeps demanding a scope it never grants", async () => {
    const server = await fixture({
      requiredScopes: ["read"],
      toolScopes: { echo: ["admin"] },
      neverGrant: ["admin"],
    });
    const provider = new SwitchboardOAuthProvider({
      serverUrl: server.url,
      store: new MemoryCredentialStore(),
      handler: new HeadlessAuthorization(),
    });
    const sb = new ServerConnection(config(server.url), {
      restart: { maxAttempts: 0 },
      auth: { provider, maxAuthorizations: 2 },
    });
    open.push(sb);
    await sb.start();
    expect(server.count("/authorize")).toBe(1);
    const error = await sb.callTool("echo", { text: "x" }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const authError = causes(error).find((item) => item instanceof AuthError) as AuthError | undefined;
    expect(authError?.reason).toBe("AUTH_FAILED");
    // One for the connect, then exactly the two the call was allowed.
    expect(server.count("/authorize")).toBe(3);
    expect(sb.state).toBe("ready");
  });
});

describe("OAuth without an authorization handler (a host that cannot ask anyone)", () => {
  it("fails with AUTH_REQUIRED naming the server, and registers nothing", async () => {
    const server = await fixture();
    const provider = new SwitchboardOAuthProvider({
      serverUrl: server.url,
      store: new MemoryCredentialStore(),
    });
    const sb = new ServerConnection(config(server.url), { restart: { maxAttempts: 0 }, auth: { provider } });
    open.push(sb);
    const error = await sb.start().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const authError = causes(error).find((item) => item instanceof AuthError) as AuthError | undefined;
    expect(authError?.reason).toBe("AUTH_REQUIRED");
    expect((error as Error).message).toContain('Server "protected"');
    expect((error as Error).message).toContain(server.url);
    expect(server.count("/register")).toBe(0);
    expect(server.count("/authorize")).toBe(0);
  });

  it("still refreshes stored tokens before they expire", async () => {
    const server = await fixture({ accessTokenTtlSec: 30 });
    const store = new MemoryCredentialStore();
    await connection(server, store).start();
    const provider = new SwitchboardOAuthProvider({ serverUrl: server.url, store });
    const sb = new ServerConnection(config(server.url), { restart: { maxAttempts: 0 }, auth: { provider } });
    open.push(sb);
    await sb.start();
    expect(server.count("/token", "refresh_token")).toBe(1);
    expect(server.count("/authorize")).toBe(1);
  });
});

/** Message, stack and own properties of an error and its causes: everything a log could show. */
function everything(error: unknown): string {
  return causes(error)
    .map((item) =>
      item instanceof Error
        ? [item.message, item.stack ?? "", JSON.stringify(item, Object.getOwnPropertyNames(item))].join("\n")
        : String(item),
    )
    .join("\n");
}

async function refusal(sb: ServerConnection): Promise<{ error: unknown; authError: AuthError | undefined }> {
  const error = await sb.start().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const authError = causes(error).find((item) => item instanceof AuthError) as AuthError | undefined;
  return { error, authError };
}

describe("RFC 9207: the authorization response's issuer (iss)", () => {
  it("logs in against an authorization server that requires iss: the code is exchanged together with it", async () => {
    const server = await fixture({ issParameter: true });
    const metadata = (await (
      await fetch(`${server.authorizationServerUrl}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    // Advertised: the SDK refuses any code exchanged without iss, so this connect proves iss travels.
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    const store = new MemoryCredentialStore();
    const sb = connection(server, store);
    await sb.start();
    expect(JSON.stringify((await sb.callTool("whoami", {})).content)).toContain("client-1");
    expect(server.count("/token", "authorization_code")).toBe(1);
    expect((await store.load(server.url))?.tokens?.access_token).toMatch(/^fx-access-/);
  });

  it("passes iss on the refresh-refused path too (a new authorization before connecting)", async () => {
    const server = await fixture({ issParameter: true, accessTokenTtlSec: 30 });
    const store = new MemoryCredentialStore();
    await connection(server, store).start();
    server.setFailRefresh(true);
    const again = connection(server, store);
    await again.start();
    expect(server.count("/token", "refresh_token")).toBe(1);
    expect(server.count("/authorize")).toBe(2);
    expect(server.count("/token", "authorization_code")).toBe(2);
    expect(again.state).toBe("ready");
  });

  it("refuses a code whose iss names another issuer: AUTH_FAILED naming the expected one, the code never redeemed", async () => {
    const server = await fixture({
      issParameter: true,
      tamperIss: "https://evil.example/INJECTED-ISS",
      redirectParams: { error_description: "CANARY-DESCRIPTION" },
    });
    const { error, authError } = await refusal(connection(server, new MemoryCredentialStore()));
    expect(authError?.reason).toBe("AUTH_FAILED");
    expect((error as Error).message).toContain(`expected issuer ${server.authorizationServerUrl}`);
    expect(server.count("/authorize")).toBe(1);
    expect(server.count("/token")).toBe(0);
    const text = everything(error);
    expect(text).not.toContain("INJECTED-ISS");
    expect(text).not.toContain("CANARY-DESCRIPTION");
    // Nor the code: it was never redeemed, and is not quoted either.
    for (const secret of server.issuedSecrets()) expect(text).not.toContain(secret);
  });

  it("refuses a code with a forged iss even where the server does not advertise iss (RFC 9207 §2.4)", async () => {
    const server = await fixture({ tamperIss: "https://evil.example" });
    const { authError } = await refusal(connection(server, new MemoryCredentialStore()));
    expect(authError?.reason).toBe("AUTH_FAILED");
    expect(authError?.message).toContain(`expected issuer ${server.authorizationServerUrl}`);
    expect(server.count("/token")).toBe(0);
  });

  it("an error redirect from another issuer does not get its error_description shown (mix-up)", async () => {
    const server = await fixture({
      issParameter: true,
      tamperIss: "https://evil.example/INJECTED-ISS",
      redirectParams: { error: "access_denied", error_description: "CANARY-DESCRIPTION call 555-0100" },
    });
    const { error, authError } = await refusal(connection(server, new MemoryCredentialStore()));
    expect(authError?.reason).toBe("AUTH_FAILED");
    expect((error as Error).message).toContain(`expected issuer ${server.authorizationServerUrl}`);
    expect(server.count("/token")).toBe(0);
    const text = everything(error);
    expect(text).not.toContain("CANARY-DESCRIPTION");
    expect(text).not.toContain("INJECTED-ISS");
  });

  it("…while the expected issuer's own error redirect is reported with its description", async () => {
    const server = await fixture({
      issParameter: true,
      redirectParams: { error: "access_denied", error_description: "the user said no" },
    });
    const { error, authError } = await refusal(connection(server, new MemoryCredentialStore()));
    expect(authError?.reason).toBe("AUTH_FAILED");
    expect((error as Error).message).toMatch(/refused: access_denied \(the user said no\)/);
    expect(server.count("/token")).toBe(0);
  });
});

describe("a server that needs a login", () => {
  it("is not revived on a timer: a person, not time, fixes a missing login", async () => {
    const server = await fixture();
    const provider = new SwitchboardOAuthProvider({
      serverUrl: server.url,
      store: new MemoryCredentialStore(),
      handler: {
        redirectUrl: async () => "http://127.0.0.1:9/callback",
        authorize: async () => {
          throw new AuthError("AUTH_REQUIRED", "run: switchboard auth login protected");
        },
      },
    });
    const made = new ServerConnection(config(server.url), {
      restart: { maxAttempts: 3, initialDelayMs: 10, reviveAfterMs: 50 },
      auth: { provider },
    });
    open.push(made);
    const states: string[] = [];
    made.on("state", (state) => states.push(state));
    await expect(made.start()).rejects.toThrow(/switchboard auth login protected/);
    const registrations = server.count("/register");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(states).toEqual(["failed"]);
    expect(server.count("/register")).toBe(registrations);
  });
});
