import { describe, expect, it } from "vitest";
import { loginState } from "./auth.js";

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
