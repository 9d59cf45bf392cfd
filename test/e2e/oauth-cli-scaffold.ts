/**
 * The scaffolding the `switchboard auth` e2e files share: one temp folder per file, one OAuth fixture per test
 * (closed after it), and a config plus credentials path of its own for each setup, so no test sees another's
 * tokens.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import {
  type OAuthFixture,
  type OAuthFixtureOptions,
  startOAuthFixture,
} from "../fixtures/oauth/oauth-fixture.js";

/** One test's fixture, its config file (server `docs`), its credentials file and the CLI's environment. */
export interface OAuthCliSetup {
  fixture: OAuthFixture;
  config: string;
  creds: string;
  env: Record<string, string>;
}

/**
 * Registers the file's hooks and returns `setup`, which starts a fixture (`secretPrefix: "canary"` unless
 * given) and writes a config with `docs` at its URL plus `extraServers`; `auth` goes in `docs.auth`.
 */
export function oauthCliScaffold(prefix: string): {
  dir(): string;
  setup(
    options?: OAuthFixtureOptions,
    docs?: { auth?: unknown | ((fixture: OAuthFixture) => unknown); extraServers?: Record<string, unknown> },
  ): Promise<OAuthCliSetup>;
} {
  let dir = "";
  let fixture: OAuthFixture | undefined;
  let counter = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });
  return {
    dir: () => dir,
    async setup(options = {}, docs = {}) {
      const started = await startOAuthFixture({ secretPrefix: "canary", ...options });
      fixture = started;
      const auth = typeof docs.auth === "function" ? docs.auth(started) : docs.auth;
      counter += 1;
      const config = join(dir, `sb-${counter}.json`);
      await writeFile(
        config,
        JSON.stringify({
          mcpServers: {
            docs: { url: started.url, ...(auth === undefined ? {} : { auth }), connectTimeoutMs: 10_000 },
            ...docs.extraServers,
          },
        }),
      );
      const creds = join(dir, `creds-${counter}`, "credentials.json");
      return { fixture: started, config, creds, env: { SWITCHBOARD_CREDENTIALS: creds, HOME: dir } };
    },
  };
}
