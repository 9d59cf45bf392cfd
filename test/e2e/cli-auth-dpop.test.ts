/**
 * DPoP (RFC 9449, SEP-1932) across processes, against the OAuth fixture with `dpop` on (its authorization server
 * binds tokens to the proof key; its resource server checks every proof with node:crypto): `switchboard auth
 * login` stores the key pair beside the tokens it bound, so a later `inspect` (a new process) presents them with
 * proofs by that key instead of asking for a login again; a refresh in a new process proves the same key; logout
 * deletes the key; the private key is never printed.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { FileCredentialStore } from "../../src/auth/file-credential-store.js";
import { connectHost } from "../../src/catalog/host.js";
import { authCommand } from "../../src/cli/commands/auth.js";
import type { CliIo } from "../../src/cli/main.js";
import { loadConfig } from "../../src/config/load-config.js";
import { type OAuthCliSetup, oauthCliScaffold } from "./oauth-cli-scaffold.js";
import { runCli, runCliLive } from "./run-cli.js";

const scaffold = oauthCliScaffold("sb-cli-dpop-");
type Setup = OAuthCliSetup;

/** A fixture whose authorization server binds tokens to DPoP proofs, and a config naming it `docs`. */
function setup(): Promise<Setup> {
  return scaffold.setup({ dpop: true, requiredScopes: ["mcp:read"] });
}

/** `auth login docs --no-browser` in a child process, the printed URL opened as a browser would. */
async function loginCli(s: Setup) {
  let visited: Promise<number> | undefined;
  const login = await runCliLive(
    ["auth", "login", "docs", "--no-browser", "--config", s.config],
    s.env,
    (text) => {
      const url = /open this URL in a browser:\s+(\S+)/.exec(text)?.[1];
      if (url !== undefined && visited === undefined) visited = fetch(url).then((r) => r.status);
    },
  );
  expect(await visited).toBe(200);
  return login;
}

/** `auth login` through the command function (this process), its "browser" a fetch of the printed URL. */
async function loginHere(s: Setup, action: "login" | "logout" = "login") {
  const out: string[] = [];
  const visits: Promise<number>[] = [];
  const io: CliIo = {
    out: (text) => out.push(text),
    err: (text) => {
      out.push(text);
      const url = /open this URL in a browser:\s+(\S+)/.exec(text)?.[1];
      if (url !== undefined) visits.push(fetch(url).then((response) => response.status));
    },
    interactive: false,
    env: s.env,
    cwd: scaffold.dir(),
  };
  const code = await authCommand(action, "docs", { config: s.config, timeout: "10" }, io);
  await Promise.all(visits);
  return { code, out: out.join("\n") };
}

/** Connects the way `inspect` does: a new provider (a new DPoP session) over the stored credentials. */
async function connectQuietly(s: Setup) {
  const config = await loadConfig(s.config, { env: s.env });
  const host = await connectHost(config, { oauth: { store: new FileCredentialStore(s.creds) } });
  const row = host.servers.find((server) => server.name === "docs");
  await host.close();
  return { state: row?.state, reason: row?.reason ?? "" };
}

interface StoredFile {
  servers: Record<string, { tokens?: { token_type?: string }; dpopKey?: { privateJwk?: { d?: string } } }>;
}

async function storedEntry(s: Setup) {
  const file = JSON.parse(await readFile(s.creds, "utf8")) as StoredFile;
  return Object.values(file.servers)[0];
}

/** Every private JWK member of the stored key: none may appear in anything printed. */
async function privateParts(s: Setup): Promise<string[]> {
  const jwk = ((await storedEntry(s))?.dpopKey?.privateJwk ?? {}) as Record<string, unknown>;
  return ["d", "p", "q", "dp", "dq", "qi"]
    .map((member) => jwk[member])
    .filter((value): value is string => typeof value === "string");
}

function expectAllProofsByOneKey(s: Setup): string {
  const checks = s.fixture.dpopChecks;
  expect(checks.filter((check) => check.refused !== undefined)).toEqual([]);
  const keys = new Set(checks.map((check) => check.jkt));
  expect(keys.size).toBe(1);
  return [...keys][0] as string;
}

describe("DPoP-bound tokens outlive the process that bound them", () => {
  it("auth login, then inspect in a new process: proofs by the stored key reach the server, no second login", async () => {
    const s = await setup();
    const login = await loginCli(s);
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/Logged in to docs, scopes: mcp:read/);
    expect((await storedEntry(s))?.tokens?.token_type).toBe("DPoP");
    expect((await stat(s.creds)).mode & 0o777).toBe(0o600);

    const inspect = await runCli(["inspect", "--config", s.config, "--json"], { env: s.env });
    expect(inspect.stderr).not.toContain("auth login");
    expect(inspect.code).toBe(0);
    const report = JSON.parse(inspect.stdout) as {
      servers: { name: string; status: string }[];
      tools: { name: string }[];
    };
    expect(report.servers.find((server) => server.name === "docs")?.status).toBe("ready");
    expect(report.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["whoami", "echo"]));
    expect(s.fixture.count("/authorize")).toBe(1);
    // The token request and every resource request of both processes carried a verified proof by one key.
    expect(s.fixture.dpopChecks.filter((check) => check.server === "rs").length).toBeGreaterThan(0);
    expectAllProofsByOneKey(s);

    const status = await runCli(["auth", "status", "--config", s.config, "--json"], { env: s.env });
    const table = await runCli(["auth", "status", "--config", s.config], { env: s.env });
    expect(table.stdout).toMatch(/docs\s+logged in/);
    const printed = [login, inspect, status, table].map((r) => r.stdout + r.stderr).join("\n");
    const secrets = await privateParts(s);
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(printed).not.toContain(secret);
    for (const secret of s.fixture.issuedSecrets()) expect(printed).not.toContain(secret);
    expect(printed).not.toMatch(/privateJwk|dpopKey/);
  }, 60_000);

  it("an expired DPoP-bound token is refreshed in a new process with a proof by the same key", async () => {
    const s = await setup();
    const login = await loginHere(s);
    expect(login.code, login.out).toBe(0);
    s.fixture.expireAccessTokens();
    const after = await connectQuietly(s);
    expect(after, after.reason).toMatchObject({ state: "ready" });
    expect(s.fixture.count("/token", "refresh_token")).toBeGreaterThan(0);
    expect(s.fixture.count("/authorize")).toBe(1);
    expectAllProofsByOneKey(s);
  });

  it("a second login finds the bound tokens good; logout deletes the key with them; the next login binds a new key", async () => {
    const s = await setup();
    expect((await loginHere(s)).code).toBe(0);
    const again = await loginHere(s);
    expect(again.out).toMatch(/^Already logged in to docs/);
    expect(s.fixture.count("/authorize")).toBe(1);
    const first = expectAllProofsByOneKey(s);
    expect((await storedEntry(s))?.dpopKey).toBeDefined();
    expect((await loginHere(s, "logout")).code).toBe(0);
    expect(await readFile(s.creds, "utf8")).not.toContain("dpopKey");
    expect((await connectQuietly(s)).reason).toContain("run: switchboard auth login docs");

    expect((await loginHere(s)).code).toBe(0);
    const second = s.fixture.dpopChecks.at(-1)?.jkt;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it("a stored key of the wrong shape is ignored: no crash, its tokens are not sent, a login binds a fresh key", async () => {
    const s = await setup();
    expect((await loginHere(s)).code).toBe(0);
    const file = JSON.parse(await readFile(s.creds, "utf8")) as {
      servers: Record<string, Record<string, unknown>>;
    };
    for (const entry of Object.values(file.servers))
      entry.dpopKey = { alg: "ES256", privateJwk: { kty: "EC" } };
    await writeFile(s.creds, JSON.stringify(file), { mode: 0o600 });
    const checksBefore = s.fixture.dpopChecks.length;

    const quiet = await connectQuietly(s);
    expect(quiet.state).toBe("failed");
    expect(quiet.reason).toContain("run: switchboard auth login docs");
    // The tokens the unusable key bound never went out (with another key's proofs, or as Bearer).
    expect(s.fixture.dpopChecks.slice(checksBefore)).toEqual([]);

    const again = await loginHere(s);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/Logged in to docs/);
    expect(s.fixture.count("/authorize")).toBe(2);
    expect(await connectQuietly(s)).toMatchObject({ state: "ready" });
    expect(s.fixture.dpopChecks.filter((check) => check.refused !== undefined)).toEqual([]);
  });
});
