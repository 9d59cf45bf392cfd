import { describe, expect, it } from "vitest";
import { JWT_BEARER_GRANT, JwtBearerProvider } from "./jwt-bearer-provider.js";

describe("JwtBearerProvider", () => {
  it("asks for tokens with the jwt-bearer grant and the assertion read at request time", async () => {
    let reads = 0;
    const provider = new JwtBearerProvider({
      clientId: "workload",
      scope: "mcp:read",
      expectedIssuer: "https://as.example",
      assertion: async () => `a.b.${++reads}`,
    });
    expect(provider.redirectUrl).toBeUndefined();
    expect(provider.clientMetadata).toMatchObject({
      grant_types: [JWT_BEARER_GRANT],
      token_endpoint_auth_method: "none",
      scope: "mcp:read",
    });
    expect(provider.clientInformation({ issuer: "https://other.example" })).toEqual({
      client_id: "workload",
      token_endpoint_auth_method: "none",
      issuer: "https://as.example",
    });
    const first = await provider.prepareTokenRequest("mcp:read");
    expect(Object.fromEntries(first)).toEqual({
      grant_type: JWT_BEARER_GRANT,
      assertion: "a.b.1",
      scope: "mcp:read",
    });
    expect((await provider.prepareTokenRequest()).get("assertion")).toBe("a.b.2");
    expect(provider.secretValues()).toContain("a.b.2");
  });

  it("never falls back to a browser login and keeps tokens in memory", () => {
    const provider = new JwtBearerProvider({ clientId: "w", assertion: async () => "a.b.c" });
    expect(() => provider.redirectToAuthorization()).toThrow(/no browser login/);
    expect(provider.clientInformation({ issuer: "https://as.example" }).issuer).toBe("https://as.example");
    provider.saveTokens({ access_token: "at", token_type: "Bearer" });
    expect(provider.tokens()?.access_token).toBe("at");
  });
});
