import { describe, expect, it } from "vitest";
import { AuthError, AuthorizationRefusedError } from "./auth-error.js";
import { HeadlessAuthorization, readRedirect } from "./headless-authorization.js";

const where = "https://as.example/authorize";

function reason(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return error instanceof AuthError ? error.reason : `not an AuthError: ${String(error)}`;
  }
  return undefined;
}

describe("readRedirect", () => {
  it("returns the code when the state matches, with the RFC 9207 iss when there is one", () => {
    expect(readRedirect(new URL("http://localhost:3000/cb?code=abc&state=s1"), "s1", where)).toEqual({
      code: "abc",
    });
    const withIss = readRedirect(
      new URL("http://l/cb?code=abc&state=s1&iss=https%3A%2F%2Fas.example%2Ft1"),
      "s1",
      where,
    );
    expect(withIss).toEqual({ code: "abc", iss: "https://as.example/t1" });
    // Present but empty is still present: the SDK then compares "" with the issuer (a mismatch).
    expect(readRedirect(new URL("http://l/cb?code=abc&state=s1&iss="), "s1", where)).toEqual({
      code: "abc",
      iss: "",
    });
  });

  it("refuses a different or missing state before looking at anything else", () => {
    expect(reason(() => readRedirect(new URL("http://l/cb?code=abc&state=evil"), "s1", where))).toBe(
      "AUTH_STATE_MISMATCH",
    );
    expect(reason(() => readRedirect(new URL("http://l/cb?code=abc"), "s1", where))).toBe(
      "AUTH_STATE_MISMATCH",
    );
    expect(
      reason(() => readRedirect(new URL("http://l/cb?error=access_denied&state=evil"), "s1", where)),
    ).toBe("AUTH_STATE_MISMATCH");
  });

  it("reports an error redirect and a missing code as AUTH_FAILED", () => {
    expect(reason(() => readRedirect(new URL("http://l/cb?error=access_denied&state=s1"), "s1", where))).toBe(
      "AUTH_FAILED",
    );
    expect(reason(() => readRedirect(new URL("http://l/cb?state=s1"), "s1", where))).toBe("AUTH_FAILED");
  });

  it("reports an error redirect as AuthorizationRefusedError carrying its iss (checked before it is shown)", () => {
    let caught: unknown;
    try {
      readRedirect(
        new URL("http://l/cb?error=access_denied&error_description=no&state=s1&iss=https%3A%2F%2Fevil"),
        "s1",
        where,
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AuthorizationRefusedError);
    expect((caught as AuthorizationRefusedError).iss).toBe("https://evil");
    expect((caught as AuthorizationRefusedError).message).toContain("access_denied (no)");
  });

  it("never quotes the code or the states in its messages", () => {
    try {
      readRedirect(new URL("http://l/cb?code=SECRETCODE&state=SECRETSTATE"), "EXPECTEDSTATE", where);
    } catch (error) {
      expect(String(error)).not.toMatch(/SECRETCODE|SECRETSTATE|EXPECTEDSTATE/);
      return;
    }
    throw new Error("expected a rejection");
  });
});

describe("HeadlessAuthorization", () => {
  it("GETs without following redirects and reads the Location", async () => {
    const seen: Array<{ url: string; redirect: RequestInit["redirect"] }> = [];
    const handler = new HeadlessAuthorization({
      fetch: async (input, init) => {
        seen.push({ url: String(input), redirect: init?.redirect });
        return new Response(null, {
          status: 302,
          headers: { location: "http://localhost:3000/callback?code=c1&state=st" },
        });
      },
    });
    expect(await handler.redirectUrl()).toBe("http://localhost:3000/callback");
    expect(await handler.authorize(new URL("https://as.example/authorize?x=1"), "st")).toEqual({
      code: "c1",
    });
    expect(seen).toEqual([{ url: "https://as.example/authorize?x=1", redirect: "manual" }]);
  });

  it("fails with AUTH_FAILED when the server answers without a redirect", async () => {
    const handler = new HeadlessAuthorization({
      fetch: async () => new Response("login page", { status: 200 }),
    });
    const error = await handler
      .authorize(new URL("https://as.example/authorize"), "st")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).reason).toBe("AUTH_FAILED");
    expect((error as AuthError).message).toContain("HTTP 200");
  });
});
