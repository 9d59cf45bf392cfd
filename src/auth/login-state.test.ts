import { describe, expect, it } from "vitest";
import type { HttpServerConfig } from "../config/types.js";
import { forgetTokens } from "./forget-tokens.js";
import { loginOutcome, loginState, loginStatus } from "./login-state.js";
import { MemoryCredentialStore } from "./memory-credential-store.js";

const NOW = Date.parse("2026-11-30T12:00:00Z");
const tokens = (extra: Record<string, unknown> = {}) => ({
  access_token: "a",
  token_type: "Bearer",
  ...extra,
});

describe("loginState", () => {
  it("not logged in without tokens (a client alone is not a login)", () => {
    expect(loginState(undefined, NOW)).toEqual({
      status: "not logged in",
      refreshAvailable: false,
      scopes: [],
    });
    expect(loginState({ client: { client_id: "c" } }, NOW)).toMatchObject({
      status: "not logged in",
      clientId: "c",
    });
  });

  it("logged in until expiry, then expired with or without a refresh token", () => {
    const saved = NOW - 30 * 60_000;
    const live = loginState(
      { tokens: tokens({ expires_in: 3600, scope: "r w" }), tokensSavedAt: saved },
      NOW,
    );
    expect(live).toEqual({
      status: "logged in",
      refreshAvailable: false,
      scopes: ["r", "w"],
      expiresAt: "2026-11-30T12:30:00.000Z",
    });
    const old = NOW - 2 * 3600_000;
    expect(
      loginState({ tokens: tokens({ expires_in: 3600, refresh_token: "r" }), tokensSavedAt: old }, NOW),
    ).toMatchObject({ status: "expired, refresh available", refreshAvailable: true });
    expect(loginState({ tokens: tokens({ expires_in: 3600 }), tokensSavedAt: old }, NOW).status).toBe(
      "expired",
    );
  });

  it("a token without expires_in counts as logged in and reports no expiry; nothing secret is returned", () => {
    const state = loginState({ tokens: tokens({ refresh_token: "secret-refresh" }) }, NOW);
    expect(state).toEqual({ status: "logged in", refreshAvailable: true, scopes: [] });
    expect(JSON.stringify(state)).not.toContain("secret");
  });
});

const http = (name: string, extra: Partial<HttpServerConfig> = {}) =>
  ({ name, kind: "http", url: `https://${name}.example/mcp`, enabled: true, ...extra }) as HttpServerConfig;

describe("loginStatus", () => {
  it("one row per server in order; a client-credentials server shows its client and scopes, not the store", async () => {
    const store = new MemoryCredentialStore();
    await store.save("https://a.example/mcp", { tokens: tokens({ scope: "read" }) });
    await store.save("https://m2m.example/mcp", { tokens: tokens() });
    const servers = [
      http("a"),
      http("m2m", { auth: { grant: "client_credentials", clientId: "bot", scopes: ["x"] } } as never),
      http("b"),
      http("wl", { auth: { grant: "jwt_bearer", clientId: "pod", assertionEnv: "T" } } as never),
    ];
    const rows = await loginStatus(servers, store, () => NOW);
    expect(rows.map((row) => [row.name, row.status, row.scopes])).toEqual([
      ["a", "logged in", ["read"]],
      ["m2m", "client credentials (no login)", ["x"]],
      ["b", "not logged in", []],
      ["wl", "workload identity (no login)", []],
    ]);
    expect(rows[1]).toMatchObject({ clientId: "bot", url: "https://m2m.example/mcp" });
  });
});

describe("loginOutcome", () => {
  const stored = (access: string) => ({ tokens: tokens({ access_token: access, scope: "r" }) });
  it("fresh, unchanged (unless forced), no authorization, or client credentials", () => {
    const server = http("a");
    const at = { forced: false, now: NOW };
    expect(loginOutcome(server, undefined, stored("new"), at)).toEqual({ kind: "logged-in", scopes: ["r"] });
    expect(loginOutcome(server, stored("same"), stored("same"), at)).toMatchObject({ kind: "unchanged" });
    expect(loginOutcome(server, stored("same"), stored("same"), { ...at, forced: true })).toMatchObject({
      kind: "logged-in",
    });
    expect(loginOutcome(server, undefined, undefined, at)).toEqual({ kind: "no-authorization" });
    const m2m = http("m", { auth: { grant: "client_credentials" } } as never);
    expect(loginOutcome(m2m, undefined, stored("x"), at)).toEqual({ kind: "client-credentials" });
  });
});

describe("forgetTokens", () => {
  it("drops the tokens and keeps the client registration; writes nothing without tokens", async () => {
    const store = new MemoryCredentialStore();
    const url = "https://a.example/mcp";
    const before = { client: { client_id: "c" }, tokens: tokens(), tokensSavedAt: NOW };
    await store.save(url, before);
    await forgetTokens(store, url, before);
    expect(await store.load(url)).toEqual({ client: { client_id: "c" } });
    await forgetTokens(store, "https://none.example/mcp", undefined);
    expect(await store.load("https://none.example/mcp")).toBeUndefined();
  });
});
