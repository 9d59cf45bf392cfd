/**
 * Nothing leaks (ARCHITECTURE invariant 6), for OAuth: plant distinctive values for every secret the flow
 * handles (client secret, access and refresh tokens, authorization code, PKCE verifier), make a later flow fail,
 * and assert that none of them appears in the error (message, stack, causes) or on stderr.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { HeadlessAuthorization } from "../../src/auth/headless-authorization.js";
import { MemoryCredentialStore } from "../../src/auth/memory-credential-store.js";
import { SwitchboardOAuthProvider } from "../../src/auth/oauth-provider.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
import { httpServer } from "../fixtures/fixture-command.js";
import { type OAuthFixture, startOAuthFixture } from "../fixtures/oauth/oauth-fixture.js";

const cleanup: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(cleanup.splice(0).map((item) => item.close()));
});

function connect(server: OAuthFixture, store: MemoryCredentialStore): ServerConnection {
  const config = httpServer("canary", server.url, {
    transport: "streamable-http",
    connectTimeoutMs: 10_000,
    maxConcurrentCalls: 1,
  });
  const provider = new SwitchboardOAuthProvider({
    serverUrl: server.url,
    store,
    handler: new HeadlessAuthorization(),
    tokenEndpointAuthMethod: "client_secret_post",
  });
  const connection = new ServerConnection(config, { restart: { maxAttempts: 0 }, auth: { provider } });
  cleanup.push(connection);
  return connection;
}

function everything(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 10; depth += 1) {
    if (current instanceof Error) {
      parts.push(
        current.message,
        current.stack ?? "",
        JSON.stringify(current, Object.getOwnPropertyNames(current)),
      );
      current = current.cause;
    } else {
      parts.push(String(current));
      current = undefined;
    }
  }
  return parts.join("\n");
}

describe("OAuth secrets never leak", () => {
  it("keeps tokens, client secret, codes and verifier out of errors and stderr of a failing flow", async () => {
    const server = await startOAuthFixture({ secretPrefix: "CANARY7Q", accessTokenTtlSec: 30 });
    cleanup.push(server);
    const store = new MemoryCredentialStore();
    await connect(server, store).start();
    const stored = await store.load(server.url);
    expect(stored?.client?.client_secret).toMatch(/^CANARY7Q-secret-/);

    // Second connect: the refresh is refused, the new authorization comes back with a forged state.
    server.setFailRefresh(true);
    server.setTamperState("forged");
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stderr, "write").mockImplementation(capture);
    for (const level of ["warn", "error", "log", "info", "debug"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        written.push(args.map(String).join(" "));
      });
    }
    const failing = connect(server, store);
    const errors: string[] = [];
    failing.on("error", (error) => errors.push(everything(error)));
    const error = await failing.start().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const text = [everything(error), ...errors, ...written].join("\n");
    expect(text).toContain("canary");
    // The capture works: the SDK's own warning about the refused refresh went through it.
    expect(written.join("\n")).toContain("invalid_grant");
    expect(everything(error)).toContain("state");

    const planted = [...server.issuedSecrets(), stored?.codeVerifier ?? "no-verifier"];
    expect(planted.filter((value) => value.startsWith("CANARY7Q-")).length).toBeGreaterThanOrEqual(5);
    for (const secret of planted) expect(text).not.toContain(secret);
    expect(text).not.toContain("CANARY7Q");
  });
});
