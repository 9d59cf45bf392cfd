// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
/**
 * `switchboard auth` against a real OAuth-protected MCP server (test/fixtures/oauth): login through the real
 * loopback callback, token file permissions, refresh, re-registration, asking again only after a failed refresh,
 * a forged `state`, a forged RFC 9207 `iss`, logout with RFC 7009 revocation (or why not), and a canary check that
 * no token, secret or code reaches any output. The last block
 * runs the built CLI (`bin/switchboard.js`): `auth login`, then `inspect` reaching the server with the stored tokens.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FileCredentialStore } from "../../src/auth/file-credential-store.js";
import { connectHost } from "../../src/catalog/host.js";
import { type AuthOptions, type AuthStatusRow, authCommand } from "../../src/cli/commands/auth.js";
import type { CliIo } from "../../src/cli/main.js";
import { loadConfig } from "../../src/config/load-config.js";
import type { OAuthFixture, OAuthFixtureOptions } from "../fixtures/oauth/oauth-fixture.js";
import { type OAuthCliSetup, oauthCliScaffold } from "./oauth-cli-scaffold.js";
import { runCli, runCliLive } from "./run-cli.js";

const scaffold = oauthCliScaffold("sb-cli-auth-");
type Setup = OAuthCliSetup;

/** A fixture with `options`, server `docs` (its `auth` from `authKey`) and a disabled stdio server beside it. */
function setup(
  options: OAuthFixtureOptions = {},
  authKey?: unknown | ((fixture: OAuthFixture) => unknown),
): Promise<Setup> {
  return scaffold.setup(options, {
    auth: authKey,
    extraServers: { local: { command: process.execPath, args: ["-e", ""], enabled: false } },
  });
}

/** A fake terminal-less CliIo whose "browser" opens the URL the login prints (following the AS's redirect). */
function browserIo(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const visits: Promise<number>[] = [];
  const io: CliIo = {
    out: (text) => out.push(text),
    err: (text) => {
      err.push(text);
      const url = /open this URL in a browser:\s+(\S+)/.exec(text)?.[1];
      if (url !== undefined) visits.push(fetch(url).then((response) => response.status));
    },
    interactive: false,
    env,
    cwd: scaffold.dir(),
  };
  return { io, out, err, visits, all: () => [...out, ...err].join("\n") };
}

async function run(
  s: Setup,
  action: "login" | "logout" | "status",
  options: AuthOptions = {},
  server: string | undefined = "docs",
) {
  const b = browserIo(s.env);
  const code = await authCommand(action, server, { config: s.config, timeout: "10", ...options }, b.io);
  return { code, ...b, pages: await Promise.all(b.visits) };
}

function expectNoSecrets(text: string, s: Setup): void {
  const secrets = s.fixture.issuedSecrets();
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/canary-(access|refresh|code|secret)-/);
}

async function statusOf(s: Setup): Promise<AuthStatusRow> {
  const result = await run(s, "status", { json: true });
  return (JSON.parse(result.out.join("\n")) as { servers: AuthStatusRow[] }).servers[0] as AuthStatusRow;
}

/** Connects the way `inspect` does by default: stored tokens, nobody to ask. */
async function connectQuietly(s: Setup) {
  const config = await loadConfig(s.config, { env: s.env });
  const host = await connectHost(config, { oauth: { store: new FileCredentialStore(s.creds) } });
  const row = host.servers.find((server) => server.name === "docs");
  const tools = host.catalog.snapshot().tools.map((tool) => tool.tool.name);
  await host.close();
  return { state: row?.state, reason: row?.reason ?? "", tools };
}

describe("switchboard auth (command function, real fixture and loopback)", () => {
  it("logs in through the loopback callback, stores tokens 0600, and status shows them without a secret", async () => {
    const s = await setup({ requiredScopes: ["mcp:read"] });
    const login = await run(s, "login");
    expect(login.code).toBe(0);
    expect(login.pages).toEqual([200]);
    expect(login.out.join("\n")).toMatch(/^Logged in to docs, scopes: mcp:read, expires \d{4}-/);
    expect((await stat(s.creds)).mode & 0o777).toBe(0o600);
    expect((await stat(join(s.creds, ".."))).mode & 0o777).toBe(0o700);
    expect(s.fixture.count("/authorize")).toBe(1);

    const row = await statusOf(s);
    expect(row).toMatchObject({
      name: "docs",
      status: "logged in",
      refreshAvailable: true,
      scopes: ["mcp:read"],
    });
    expect(row.clientId).toBe(s.fixture.registeredClients()[0]);
    const table = await run(s, "status");
    expect(table.out.join("\n")).toMatch(
      /docs\s+logged in, refresh available\s+mcp:read\s+\d{4}-.*\(in 60 min\)/,
    );

    // The file really holds the tokens (so the canary below is meaningful), and nothing printed them.
    const file = await readFile(s.creds, "utf8");
    expect(file).toContain("canary-access-");
    expectNoSecrets(login.all() + table.all(), s);

    // A second login with good tokens changes nothing and says so.
    const again = await run(s, "login");
    expect(again.out.join("\n")).toMatch(
      /^Already logged in to docs, scopes: mcp:read, .*--force logs in again/,
    );
    expect(s.fixture.count("/authorize")).toBe(1);

    // `inspect`'s default path: the stored token reaches the server without asking anyone.
    expect(await connectQuietly(s)).toMatchObject({
      state: "ready",
      tools: expect.arrayContaining(["whoami", "echo"]),
    });
    expect(s.fixture.count("/authorize")).toBe(1);
  });

  it("a library host finds the stored tokens through the environment it is given, never the process's", async () => {
    const s = await setup();
    expect((await run(s, "login")).code).toBe(0);
    const config = await loadConfig(s.config, { env: s.env });
    const connect = async (oauth: Parameters<typeof connectHost>[1]) => {
      const host = await connectHost(config, oauth);
      const row = host.servers.find((server) => server.name === "docs");
      await host.close();
      return row?.state;
    };
    // process.env has no SWITCHBOARD_CREDENTIALS: only the given env leads to the file `auth login` wrote.
    expect(process.env.SWITCHBOARD_CREDENTIALS).toBeUndefined();
    expect(await connect({ oauth: { env: s.env, cwd: scaffold.dir() } })).toBe("ready");
    expect(await connect({})).toBe("failed");
    expect(s.fixture.count("/authorize")).toBe(1);
  });

  it("without a login, connecting fails with `run: switchboard auth login docs`, and no browser is involved", async () => {
    const s = await setup();
    const result = await connectQuietly(s);
    expect(result.state).toBe("failed");
    expect(result.reason).toContain("run: switchboard auth login docs");
    expect(s.fixture.count("/authorize")).toBe(0);
    // Nobody could use a client registered now: none is, and nothing is written.
    expect(s.fixture.count("/register")).toBe(0);
    expect(await new FileCredentialStore(s.creds).list()).toEqual([]);
    expect((await statusOf(s)).status).toBe("not logged in");
  });

  it("an expired access token is refreshed silently; only a failed refresh needs the user again", async () => {
    const s = await setup({ accessTokenTtlSec: 1 });
    expect((await run(s, "login")).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await statusOf(s)).status).toBe("expired, refresh available");

    expect((await connectQuietly(s)).state).toBe("ready");
    expect(s.fixture.count("/token", "refresh_token")).toBeGreaterThanOrEqual(1);
    expect(s.fixture.count("/authorize")).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    s.fixture.setFailRefresh(true);
    const refused = await connectQuietly(s);
    expect(refused.state).toBe("failed");
    expect(refused.reason).toContain("run: switchboard auth login docs");
    expect(s.fixture.count("/authorize")).toBe(1);

    // A one-second token could expire again during the login's own connect on a busy machine, and with
    // refresh still failing that would (rightly) ask once more: the new login's token lives long.
    s.fixture.setAccessTokenTtl(3600);
    const again = await run(s, "login");
    expect(again.code).toBe(0);
    expect(s.fixture.count("/authorize")).toBe(2);
    expectNoSecrets(refused.reason + again.all(), s);
  });

  it("re-registers when the authorization server rejects the stored client id", async () => {
    const s = await setup();
    expect((await run(s, "login")).code).toBe(0);
    const [first] = s.fixture.registeredClients();
    s.fixture.revokeClient(first as string);
    const again = await run(s, "login", { force: true });
    expect(again.code).toBe(0);
    expect(s.fixture.registeredClients()).toHaveLength(2);
    expect((await statusOf(s)).clientId).toBe(s.fixture.registeredClients()[1]);
  });

  it("uses a pre-registered client (secret from ${VAR}, fixed callbackPort) without printing the secret", async () => {
    const s = await setup({ revocation: true });
    // The fixture only knows DCR clients: register one, then configure it as if issued out of band.
    expect((await run(s, "login")).code).toBe(0);
    const stored = await new FileCredentialStore(s.creds).load(s.fixture.url);
    const registered =
      stored?.client !== undefined && "redirect_uris" in stored.client ? stored.client.redirect_uris : [];
    const port = new URL(registered[0] ?? "").port;
    await run(s, "logout");
    await writeFile(
      s.config,
      JSON.stringify({
        mcpServers: {
          docs: {
            url: s.fixture.url,
            // The client was registered with one exact redirect URI: pin the callback to its port.
            auth: {
              clientId: stored?.client?.client_id,
              clientSecret: "${DOCS_SECRET}",
              callbackPort: Number(port),
            },
          },
        },
      }),
    );
    const login = await run({ ...s, env: { ...s.env, DOCS_SECRET: "canary-secret-configured" } }, "login");
    expect(login.code).toBe(0);
    // Pre-registered: no second dynamic registration, and the configured client id is the one in use.
    expect(s.fixture.registeredClients()).toHaveLength(1);
    expect(s.fixture.count("/authorize")).toBe(2);
    expect(s.fixture.requests.filter((r) => r.path === "/authorize").at(-1)?.params.client_id).toBe(
      stored?.client?.client_id,
    );
    expect(login.all()).not.toContain("canary-secret-configured");
    // Logout revokes as the configured client authenticates: client_secret_basic.
    const logout = await run({ ...s, env: { ...s.env, DOCS_SECRET: "canary-secret-configured" } }, "logout");
    expect(logout.out.join("\n")).toMatch(/the tokens were revoked at the authorization server\.$/);
    expect(s.fixture.revocations().slice(-2)).toEqual([
      { kind: "refresh", hint: "refresh_token", clientId: stored?.client?.client_id, auth: "basic" },
      { kind: "access", hint: "access_token", clientId: stored?.client?.client_id, auth: "basic" },
    ]);
    expect(logout.all()).not.toContain("canary-secret-configured");
  });

  it("refuses a redirect with a forged state: exit 1, the code is not exchanged or printed", async () => {
    const s = await setup({ tamperState: "forged-state" });
    const login = await run(s, "login");
    expect(login.code).toBe(1);
    expect(login.pages).toEqual([400]);
    expect(login.err.join("\n")).toMatch(/docs: login failed: .*state/);
    expect(s.fixture.count("/token", "authorization_code")).toBe(0);
    expectNoSecrets(login.all(), s);
    expect((await statusOf(s)).status).toBe("not logged in");
  });

  it("logout forgets the server; status and unknown names behave", async () => {
    const s = await setup();
    expect((await run(s, "login")).code).toBe(0);
    const out = await run(s, "logout");
    expect(out.out).toEqual([
      "Logged out of docs: its stored tokens and client registration are deleted; the tokens were not revoked at the authorization server: it advertises no revocation endpoint.",
    ]);
    expect(s.fixture.count("/revoke")).toBe(0);
    expect((await run(s, "logout")).out).toEqual(["docs: was not logged in."]);
    expect((await statusOf(s)).status).toBe("not logged in");
    expect(await new FileCredentialStore(s.creds).list()).toEqual([]);
    await expect(run(s, "status", {}, "nope")).rejects.toThrow(/No server named "nope".*HTTP servers: docs/);
    await expect(run(s, "login", {}, "local")).rejects.toThrow(/stdio server/);
  });
});

/** What the RS answers an `initialize` carrying `token` (401: unknown or revoked). */
async function bearerStatus(s: Setup, token: string): Promise<number> {
  const response = await fetch(s.fixture.url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });
  await response.body?.cancel();
  return response.status;
}

describe("switchboard auth: RFC 9207 iss on login, RFC 7009 revocation on logout", () => {
  it("logs in through the loopback callback against an authorization server that requires iss", async () => {
    const s = await setup({ issParameter: true, revocation: true });
    const login = await run(s, "login");
    expect(login.code).toBe(0);
    expect(login.pages).toEqual([200]);
    expect(login.out.join("\n")).toMatch(/^Logged in to docs/);
    expect(s.fixture.count("/token", "authorization_code")).toBe(1);
    expect((await connectQuietly(s)).state).toBe("ready");
    expectNoSecrets(login.all(), s);
  });

  it("refuses a redirect from another issuer: exit 1, names the expected issuer, no /token, no injected text", async () => {
    const s = await setup({
      issParameter: true,
      tamperIss: "https://evil.example/INJECTED-ISS",
      redirectParams: { error: "access_denied", error_description: "CANARY-DESCRIPTION visit evil.example" },
    });
    const login = await run(s, "login");
    expect(login.code).toBe(1);
    expect(login.err.join("\n")).toContain(
      `docs: login failed: Server "docs" could not be authorized at ${s.fixture.url}`,
    );
    expect(login.err.join("\n")).toContain(`expected issuer ${s.fixture.authorizationServerUrl}`);
    expect(login.all()).not.toMatch(/CANARY-DESCRIPTION|INJECTED-ISS/);
    expect(s.fixture.count("/token")).toBe(0);

    // A code with the forged iss: same refusal, the code never redeemed.
    s.fixture.setRedirectParams(undefined);
    const withCode = await run(s, "login");
    expect(withCode.code).toBe(1);
    expect(withCode.err.join("\n")).toContain(`expected issuer ${s.fixture.authorizationServerUrl}`);
    expect(s.fixture.count("/authorize")).toBe(2);
    expect(s.fixture.count("/token")).toBe(0);
    expectNoSecrets(login.all() + withCode.all(), s);
    expect((await statusOf(s)).status).toBe("not logged in");
  });

  it("logout revokes the refresh then the access token; the old tokens no longer work anywhere", async () => {
    const s = await setup({ revocation: true });
    expect((await run(s, "login")).code).toBe(0);
    const saved = await readFile(s.creds, "utf8");
    const old = (await new FileCredentialStore(s.creds).load(s.fixture.url))?.tokens;
    expect(await bearerStatus(s, old?.access_token ?? "")).toBe(200);

    const logout = await run(s, "logout");
    expect(logout.code).toBe(0);
    expect(logout.out).toEqual([
      "Logged out of docs: its stored tokens and client registration are deleted; the tokens were revoked at the authorization server.",
    ]);
    const [clientId] = s.fixture.registeredClients();
    expect(s.fixture.revocations()).toEqual([
      { kind: "refresh", hint: "refresh_token", clientId, auth: "body" },
      { kind: "access", hint: "access_token", clientId, auth: "body" },
    ]);
    expect(await new FileCredentialStore(s.creds).list()).toEqual([]);

    // The old access token is refused by the RS; put the old file back: the refresh token is dead too.
    expect(await bearerStatus(s, old?.access_token ?? "")).toBe(401);
    await writeFile(s.creds, saved, { mode: 0o600 });
    await new FileCredentialStore(s.creds).save(s.fixture.url, {
      ...(await new FileCredentialStore(s.creds).load(s.fixture.url)),
      tokensSavedAt: 0,
    });
    const refused = await connectQuietly(s);
    expect(refused.state).toBe("failed");
    expect(refused.reason).toContain("run: switchboard auth login docs");
    expect(s.fixture.requests.filter((r) => r.grantType === "refresh_token").map((r) => r.status)).toEqual([
      400,
    ]);
    expectNoSecrets(logout.all() + refused.reason, s);
  });

  it("revokes through a fresh discovery when none is stored", async () => {
    const s = await setup({ revocation: true });
    expect((await run(s, "login")).code).toBe(0);
    const store = new FileCredentialStore(s.creds);
    const { discovery: _discovery, ...rest } = (await store.load(s.fixture.url)) ?? {};
    await store.save(s.fixture.url, rest);
    const logout = await run(s, "logout");
    expect(logout.out.join("\n")).toMatch(/the tokens were revoked at the authorization server\.$/);
    expect(s.fixture.revocations().map((r) => r.kind)).toEqual(["refresh", "access"]);
  });

  it("logout still deletes locally when the authorization server refuses or cannot be reached, and says why", async () => {
    const s = await setup({ revocation: true, revocationStatus: 503 });
    expect((await run(s, "login")).code).toBe(0);
    const refused = await run(s, "logout");
    expect(refused.code).toBe(0);
    expect(refused.out.join("\n")).toMatch(
      /deleted; the tokens were not revoked at the authorization server: it answered HTTP 503 \(temporarily_unavailable\)\.$/,
    );
    expect(s.fixture.count("/revoke")).toBe(2);
    expect(await new FileCredentialStore(s.creds).list()).toEqual([]);

    s.fixture.setRevocationStatus(undefined);
    expect((await run(s, "login")).code).toBe(0);
    const secrets = s.fixture.issuedSecrets();
    await s.fixture.close();
    const down = await run(s, "logout");
    expect(down.code).toBe(0);
    expect(down.out.join("\n")).toMatch(
      /not revoked at the authorization server: unreachable \(ECONNREFUSED\)\.$/,
    );
    expect(await new FileCredentialStore(s.creds).list()).toEqual([]);
    for (const secret of secrets) expect(refused.all() + down.all()).not.toContain(secret);
  });
});

describe("the built CLI (needs `auth` registered in src/cli/main.ts)", () => {
  it("auth login --no-browser prints the URL, then inspect reaches the server with the stored tokens", async () => {
    const s = await setup({ requiredScopes: ["mcp:read"] });
    let visited: Promise<number> | undefined;
    const login = await runCliLive(
      ["auth", "login", "docs", "--no-browser", "--config", s.config],
      s.env,
      (text) => {
        const url = /open this URL in a browser:\s+(\S+)/.exec(text)?.[1];
        if (url !== undefined && visited === undefined)
          visited = fetch(url).then((response) => response.status);
      },
    );
    expect(login.stderr).toContain("open this URL in a browser");
    expect(await visited).toBe(200);
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/Logged in to docs, scopes: mcp:read/);
    expect((await stat(s.creds)).mode & 0o777).toBe(0o600);

    const inspect = await runCli(["inspect", "--config", s.config, "--json"], { env: s.env });
    expect(inspect.code).toBe(0);
    const report = JSON.parse(inspect.stdout) as {
      servers: { name: string; status: string }[];
      tools: { name: string }[];
    };
    expect(report.servers.find((server) => server.name === "docs")?.status).toBe("ready");
    expect(report.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["whoami", "echo"]));

    const status = await runCli(["auth", "status", "--config", s.config], { env: s.env });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/docs\s+logged in/);

    // Canary: no token, secret or code in anything any of the three commands printed.
    expectNoSecrets([login, inspect, status].map((r) => r.stdout + r.stderr).join("\n"), s);
  });

  it("auth login --no-browser takes the pasted address of the page the browser ended on (a browser elsewhere)", async () => {
    const s = await setup({ requiredScopes: ["mcp:read"] });
    let pasted = false;
    const login = await runCliLive(
      ["auth", "login", "docs", "--no-browser", "--config", s.config],
      s.env,
      (text, type) => {
        const url = /open this URL in a browser:\s+(\S+)/.exec(text)?.[1];
        if (url === undefined || pasted) return;
        pasted = true;
        // The browser on another machine: it is sent to 127.0.0.1 there, which does not load; the user copies
        // that address (never followed here, so this machine's loopback callback is never reached).
        void fetch(url, { redirect: "manual" }).then((response) => {
          type("I have no idea what to paste");
          type(response.headers.get("location") ?? "");
        });
      },
      true,
    );
    expect(pasted).toBe(true);
    expect(login.stderr).toContain("paste that page's address here");
    expect(login.stderr).toContain("Not used: that is not a URL");
    // The stdin pipe is still open: exiting proves the login stopped reading it.
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/Logged in to docs, scopes: mcp:read/);
    expect(s.fixture.count("/authorize")).toBe(1);
    expectNoSecrets(login.stdout + login.stderr, s);
  });

  it("client_credentials: inspect reaches the server with no login and nothing stored; the secret is never printed", async () => {
    const s = await setup(
      { machineClients: { "machine-1": "canary-secret-machine" } },
      (f: OAuthFixture) => ({
        grant: "client_credentials",
        clientId: "machine-1",
        clientSecret: "${MACHINE_SECRET}",
        scopes: ["mcp:read"],
        issuer: f.authorizationServerUrl,
      }),
    );
    const env = { ...s.env, MACHINE_SECRET: "canary-secret-machine" };
    const inspect = await runCli(["inspect", "--config", s.config, "--json"], { env });
    expect(inspect.code).toBe(0);
    const report = JSON.parse(inspect.stdout) as { tools: { name: string }[] };
    expect(report.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["whoami", "echo"]));
    expect(s.fixture.count("/authorize")).toBe(0);
    expect(s.fixture.count("/register")).toBe(0);
    expect(s.fixture.count("/token", "client_credentials")).toBeGreaterThan(0);
    await expect(stat(s.creds)).rejects.toMatchObject({ code: "ENOENT" });
    const login = await run({ ...s, env }, "login");
    expect(login.code).toBe(0);
    expect(login.out.join("\n")).toContain("docs: client credentials work; no login is needed");
    expect((await statusOf({ ...s, env })).status).toBe("client credentials (no login)");
    expect(s.fixture.count("/authorize")).toBe(0);
    expectNoSecrets(inspect.stdout + inspect.stderr + login.all(), s);
    expect(inspect.stdout + inspect.stderr).not.toContain("canary-secret-machine");
  });

  it("inspect without a login fails the server with the login hint and prints no secret", async () => {
    const s = await setup();
    const inspect = await runCli(["inspect", "--config", s.config], { env: s.env });
    expect(inspect.code).toBe(1);
    expect(inspect.stdout + inspect.stderr).toContain("run: switchboard auth login docs");
  });
});
