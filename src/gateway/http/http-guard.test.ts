import { describe, expect, it } from "vitest";
import { isSwitchboardError } from "../../errors.js";
import { allowedHostnames, checkBind, checkRequest, hostnameOf, isLoopback } from "./http-guard.js";

const loopback = { bindHost: "127.0.0.1" };

describe("checkBind", () => {
  it("allows loopback binds without a token", () => {
    for (const host of ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "localhost"]) {
      expect(isLoopback(host), host).toBe(true);
      expect(() => checkBind({ bindHost: host })).not.toThrow();
    }
  });

  it("refuses any other bind without a token, and a short token", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.10", "example.com", "128.0.0.1"]) {
      expect(isLoopback(host), host).toBe(false);
      let error: unknown;
      try {
        checkBind({ bindHost: host });
      } catch (caught) {
        error = caught;
      }
      expect(isSwitchboardError(error) && error.code === "USAGE", host).toBe(true);
      expect(error, host).toMatchObject({ problem: "token-missing", bindHost: host });
      expect((error as Error).message, host).not.toContain("--");
    }
    expect(() => checkBind({ bindHost: "0.0.0.0", token: "short" })).toThrow(/at least 16/);
    expect(() => checkBind({ bindHost: "0.0.0.0", token: "a-long-enough-token" })).not.toThrow();
  });
});

describe("checkRequest", () => {
  it("accepts loopback Host and Origin values", () => {
    expect(checkRequest({ host: "127.0.0.1:8080" }, loopback)).toBeUndefined();
    expect(
      checkRequest({ host: "localhost:8080", origin: "http://localhost:3000" }, loopback),
    ).toBeUndefined();
    expect(checkRequest({ host: "[::1]:8080", origin: "https://127.0.0.1" }, loopback)).toBeUndefined();
  });

  it("refuses rebinding attempts: a foreign Host, a foreign or opaque Origin", () => {
    expect(checkRequest({ host: "evil.example:8080" }, loopback)?.status).toBe(403);
    expect(checkRequest({ host: "localhost:8080", origin: "http://evil.example" }, loopback)?.status).toBe(
      403,
    );
    expect(checkRequest({ host: "localhost:8080", origin: "null" }, loopback)?.status).toBe(403);
    expect(checkRequest({ host: "localhost:8080", origin: "file:///x" }, loopback)?.status).toBe(403);
    expect(checkRequest({}, loopback)?.status).toBe(400);
  });

  it("accepts configured names and the bind address itself", () => {
    const options = { bindHost: "10.1.2.3", token: "t".repeat(20), allowedHosts: ["gateway.internal"] };
    expect(allowedHostnames(options).has("10.1.2.3")).toBe(true);
    const auth = { authorization: `Bearer ${"t".repeat(20)}` };
    expect(checkRequest({ host: "gateway.internal:443", ...auth }, options)).toBeUndefined();
    expect(checkRequest({ host: "other.internal", ...auth }, options)?.status).toBe(403);
    expect(
      checkRequest(
        { host: "localhost", origin: "https://app.example", ...auth },
        { ...options, allowedOrigins: ["app.example"] },
      ),
    ).toBeUndefined();
  });

  it("demands the exact bearer token when one is set", () => {
    const options = { ...loopback, token: "correct-horse-battery" };
    expect(checkRequest({ host: "localhost" }, options)).toMatchObject({
      status: 401,
      headers: { "www-authenticate": 'Bearer realm="switchboard"' },
    });
    expect(
      checkRequest({ host: "localhost", authorization: "Bearer correct-horse-batterx" }, options)?.status,
    ).toBe(401);
    expect(checkRequest({ host: "localhost", authorization: "Basic abc" }, options)?.status).toBe(401);
    expect(
      checkRequest({ host: "localhost", authorization: "bearer correct-horse-battery" }, options),
    ).toBeUndefined();
  });

  it("parses Host values with ports and IPv6 brackets", () => {
    expect(hostnameOf("Example.COM:80")).toBe("example.com");
    expect(hostnameOf("[::1]:9")).toBe("[::1]");
    expect(hostnameOf("a b")).toBeUndefined();
    // What a URL parser would read as user info, a path, a query or a fragment is not a Host value.
    for (const host of [
      "evil@127.0.0.1",
      "127.0.0.1/x",
      "127.0.0.1?x",
      "127.0.0.1#x",
      "127.0.0.1\\x",
      "[::1",
    ])
      expect(hostnameOf(host), host).toBeUndefined();
    expect(checkRequest({ host: "evil@127.0.0.1" }, loopback)?.status).toBe(400);
    expect(checkRequest({ host: "localhost", origin: "http://evil@127.0.0.1" }, loopback)?.status).toBe(403);
    expect(checkRequest({ host: "localhost", origin: "http://localhost/x" }, loopback)?.status).toBe(403);
  });
});
