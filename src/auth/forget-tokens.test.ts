import { describe, expect, it } from "vitest";
import type { HttpServerConfig } from "../config/types.js";
import { createDpopKey } from "./dpop-key.js";
import { forgetTokens } from "./forget-tokens.js";
import { logoutServer } from "./logout-server.js";
import { MemoryCredentialStore } from "./memory-credential-store.js";
import type { StoredCredentials } from "./types.js";

const url = "https://docs.example/mcp";
const server: HttpServerConfig = {
  name: "docs",
  kind: "http",
  url,
  transport: "auto",
  headers: {},
  enabled: true,
  timeoutMs: 1,
  connectTimeoutMs: 1,
  maxConcurrentCalls: 1,
  tools: {},
};

/** Credentials with DPoP-bound tokens and their key, from an authorization server without revocation. */
async function bound(): Promise<StoredCredentials> {
  const key = await createDpopKey("ES256");
  return {
    client: { client_id: "client-1", redirect_uris: ["http://127.0.0.1:1/callback"] },
    tokens: { access_token: "at-1", token_type: "DPoP", refresh_token: "rt-1" },
    tokensSavedAt: 1,
    tokensBoundTo: key.keyPair.thumbprint,
    dpopKey: key.stored,
    discovery: {
      authorizationServerUrl: "https://as.example",
      authorizationServerMetadata: {
        issuer: "https://as.example",
        authorization_endpoint: "https://as.example/authorize",
        token_endpoint: "https://as.example/token",
        response_types_supported: ["code"],
      },
    },
  };
}

describe("forgetting tokens and logging out drop the DPoP key", () => {
  it("forgetTokens (login --force) keeps the client and discovery, drops the tokens, their binding and the key", async () => {
    const store = new MemoryCredentialStore();
    const stored = await bound();
    await store.save(url, stored);
    await forgetTokens(store, url, stored);
    expect(await store.load(url)).toEqual({ client: stored.client, discovery: stored.discovery });
  });

  it("logout deletes everything, the key included, and revokes nothing without an endpoint", async () => {
    const store = new MemoryCredentialStore();
    await store.save(url, await bound());
    const refused: typeof fetch = async () => {
      throw new Error("no request is expected: the stored metadata has no revocation endpoint");
    };
    const result = await logoutServer(server, store, { fetch: refused });
    expect(result).toEqual({ loggedIn: true, revocation: { outcome: "no-endpoint" } });
    expect(await store.load(url)).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });
});
