import { ClientCredentialsProvider } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import type { HttpServerConfig } from "../config/types.js";
import { AuthError } from "./auth-error.js";
import { authForServer, LoginRequired, usesOAuth } from "./auth-for-server.js";
import { loadClientSdk } from "./client-sdk.js";
import { JwtBearerProvider } from "./jwt-bearer-provider.js";
import { LoopbackAuthorization } from "./loopback-authorization.js";
import { MemoryCredentialStore } from "./memory-credential-store.js";
import { SwitchboardOAuthProvider } from "./oauth-provider.js";
import type { AuthorizationHandler } from "./types.js";

const server = (auth?: HttpServerConfig["auth"]): HttpServerConfig => ({
  name: "docs",
  kind: "http",
  url: "https://docs.example/mcp",
  transport: "auto",
  headers: {},
  enabled: true,
  timeoutMs: 1,
  connectTimeoutMs: 1,
  maxConcurrentCalls: 1,
  tools: {},
  ...(auth === undefined ? {} : { auth }),
});

describe("authForServer", () => {
  it("non-interactive: a login is refused with the command to run, naming the server", async () => {
    const store = new MemoryCredentialStore();
    const { handler, provider } = authForServer(server(), { store, mode: { kind: "non-interactive" } });
    expect(handler).toBeInstanceOf(LoginRequired);
    const error = await handler
      .authorize(new URL("https://as.example/authorize"), "s")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).reason).toBe("AUTH_REQUIRED");
    expect((error as Error).message).toContain("run: switchboard auth login docs");
    // No stored client: stop before the SDK would register one.
    await expect(provider.clientInformation()).rejects.toThrow("run: switchboard auth login docs");
  });

  it("non-interactive: keeps the stored client's redirect URI, so the client survives for refresh", async () => {
    const store = new MemoryCredentialStore();
    const client = { client_id: "c-1", redirect_uris: ["http://127.0.0.1:4567/callback"] };
    await store.save("https://docs.example/mcp", { client });
    const { handler, provider } = authForServer(server(), { store, mode: { kind: "non-interactive" } });
    expect(await handler.redirectUrl()).toBe("http://127.0.0.1:4567/callback");
    if (!(provider instanceof SwitchboardOAuthProvider)) throw new Error("expected switchboard's provider");
    await provider.prepare();
    expect(await provider.clientInformation()).toEqual(client);
  });

  it("maps the config: pre-registered client with secret, scopes; browser mode uses the loopback", async () => {
    const store = new MemoryCredentialStore();
    const { provider, handler } = authForServer(
      server({ clientId: "pre", clientSecret: "shh-secret", scopes: ["a", "b"], callbackPort: 45_678 }),
      { store, mode: { kind: "browser", print: () => {} } },
    );
    expect(handler).toBeInstanceOf(LoopbackAuthorization);
    expect(await provider.clientInformation()).toMatchObject({
      client_id: "pre",
      client_secret: "shh-secret",
      token_endpoint_auth_method: "client_secret_basic",
    });
    expect(provider.clientMetadata.scope).toBe("a b");
  });

  it("client_credentials: the SDK's client-credentials provider with the configured client and scopes", async () => {
    // As connectHost does before it builds any server's auth: the provider is the SDK's own class.
    await loadClientSdk();
    const { provider } = authForServer(
      server({
        grant: "client_credentials",
        clientId: "m2m",
        clientSecret: "s3cret",
        scopes: ["read", "write"],
        issuer: "https://as.example",
      }),
      { store: new MemoryCredentialStore(), mode: { kind: "non-interactive" } },
    );
    expect(provider).toBeInstanceOf(ClientCredentialsProvider);
    expect(await provider.clientInformation()).toMatchObject({ client_id: "m2m", client_secret: "s3cret" });
    expect(provider.clientMetadata.scope).toBe("read write");
    expect(provider.clientMetadata.grant_types).toEqual(["client_credentials"]);
  });

  it("jwt_bearer: a workload provider reading the assertion from the caller's environment", async () => {
    const store = new MemoryCredentialStore();
    const jwt = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3In0.c2ln";
    const { provider } = authForServer(
      server({
        grant: "jwt_bearer",
        clientId: "workload",
        issuer: "https://as.example",
        assertionEnv: "WORKLOAD_JWT",
        scopes: ["mcp"],
      }),
      { store, mode: { kind: "non-interactive" }, env: { WORKLOAD_JWT: jwt } },
    );
    expect(provider).toBeInstanceOf(JwtBearerProvider);
    const params = await (provider as JwtBearerProvider).prepareTokenRequest("mcp");
    expect(params.get("assertion")).toBe(jwt);
    expect(provider.clientInformation()).toMatchObject({
      client_id: "workload",
      issuer: "https://as.example",
    });
    expect(await store.list()).toEqual([]);
  });

  it("dpop: false reaches the provider, which then never signs proofs", async () => {
    const store = new MemoryCredentialStore();
    const { provider } = authForServer(server({ dpop: false }), { store, mode: { kind: "non-interactive" } });
    await store.save("https://docs.example/mcp", {
      discovery: {
        authorizationServerUrl: "https://as.example",
        authorizationServerMetadata: {
          issuer: "https://as.example",
          authorization_endpoint: "https://as.example/authorize",
          token_endpoint: "https://as.example/token",
          response_types_supported: ["code"],
          dpop_signing_alg_values_supported: ["ES256"],
        },
      },
    });
    expect(await (provider as SwitchboardOAuthProvider).dpop()).toBeUndefined();
    const { provider: auto } = authForServer(server(), { store, mode: { kind: "non-interactive" } });
    expect((await (auto as SwitchboardOAuthProvider).dpop())?.alg).toBe("ES256");
  });

  it("handler mode: the injected handler is used per server", () => {
    const injected: AuthorizationHandler = {
      redirectUrl: async () => "http://x/cb",
      authorize: async () => ({ code: "code" }),
    };
    const seen: string[] = [];
    const { handler } = authForServer(server(), {
      store: new MemoryCredentialStore(),
      mode: {
        kind: "handler",
        handler: (s) => {
          seen.push(s.name);
          return injected;
        },
      },
    });
    expect(handler).toBe(injected);
    expect(seen).toEqual(["docs"]);
  });

  it("leaves a server with its own Authorization header to it, unless it has an auth key", () => {
    expect(usesOAuth(server())).toBe(true);
    expect(usesOAuth({ ...server(), headers: { authorization: "Bearer static" } })).toBe(false);
    expect(usesOAuth({ ...server({}), headers: { Authorization: "Bearer static" } })).toBe(true);
    expect(usesOAuth({ ...server(), headers: { "X-Api-Key": "k" } })).toBe(true);
  });
});
