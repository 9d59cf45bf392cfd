import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { credentialKey, FileCredentialStore } from "./file-credential-store.js";
import type { StoredCredentials } from "./types.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "sb-creds-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const creds = (access: string): StoredCredentials => ({
  client: { client_id: "client-1" },
  tokens: { access_token: access, token_type: "Bearer", expires_in: 3600, refresh_token: `r-${access}` },
  tokensSavedAt: 1_700_000_000_000,
});
const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe("FileCredentialStore", () => {
  it("creates the directory 0700 and the file 0600, and reads back what it saved", async () => {
    const path = join(dir, "nested", "switchboard", "credentials.json");
    const store = new FileCredentialStore(path);
    await store.save("https://a.example/mcp", creds("tok-a"));
    expect(await modeOf(join(dir, "nested", "switchboard"))).toBe(0o700);
    expect(await modeOf(path)).toBe(0o600);
    expect(await store.load("https://a.example/mcp")).toEqual(creds("tok-a"));
    expect(await store.load("https://other.example/mcp")).toBeUndefined();
    // Written atomically: no temp file is left beside it.
    expect(await readdir(join(dir, "nested", "switchboard"))).toEqual(["credentials.json"]);
  });

  it("keeps the mode 0600 across rewrites even under a permissive umask", async () => {
    const path = join(dir, "credentials.json");
    const previous = process.umask(0o000);
    try {
      const store = new FileCredentialStore(path);
      await store.save("https://a.example/mcp", creds("one"));
      await store.save("https://a.example/mcp", creds("two"));
      expect(await modeOf(path)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it("keys by normalised URL, lists sorted, and deletes one server only", async () => {
    const store = new FileCredentialStore(join(dir, "c.json"));
    await store.save("HTTPS://B.example/mcp", creds("b"));
    await store.save("https://a.example/mcp", creds("a"));
    expect(await store.list()).toEqual(["https://a.example/mcp", "https://b.example/mcp"]);
    expect(await store.load("https://b.example/mcp")).toEqual(creds("b"));
    await store.delete("https://b.example/mcp");
    expect(await store.list()).toEqual(["https://a.example/mcp"]);
    expect(credentialKey("not a url")).toBe("not a url");
  });

  it("merges writers: two stores (as two processes would) saving different servers at once keep all", async () => {
    const path = join(dir, "c.json");
    const first = new FileCredentialStore(path);
    const second = new FileCredentialStore(path);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => first.save(`https://a${i}.example/mcp`, creds(`a${i}`))),
      ...Array.from({ length: 5 }, (_, i) => second.save(`https://b${i}.example/mcp`, creds(`b${i}`))),
    ]);
    expect(await new FileCredentialStore(path).list()).toHaveLength(10);
    expect(await readdir(dir)).toEqual(["c.json"]); // no lock or temp file left behind
  });

  it("sees another writer's change on the next load (cached parse keyed by file identity), and hands out copies", async () => {
    const path = join(dir, "c.json");
    const reader = new FileCredentialStore(path);
    const writer = new FileCredentialStore(path);
    await writer.save("https://a.example/mcp", creds("one"));
    const loaded = await reader.load("https://a.example/mcp");
    expect(loaded?.tokens?.access_token).toBe("one");
    if (loaded?.tokens !== undefined) loaded.tokens.access_token = "mutated";
    expect((await reader.load("https://a.example/mcp"))?.tokens?.access_token).toBe("one");
    await writer.save("https://a.example/mcp", creds("two"));
    expect((await reader.load("https://a.example/mcp"))?.tokens?.access_token).toBe("two");
    await writer.delete("https://a.example/mcp");
    expect(await reader.load("https://a.example/mcp")).toBeUndefined();
  });

  it("breaks a stale lock left by a crashed writer", async () => {
    const path = join(dir, "c.json");
    await writeFile(`${path}.lock`, "");
    const old = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, old, old);
    await new FileCredentialStore(path).save("https://a.example/mcp", creds("a"));
    expect(await new FileCredentialStore(path).list()).toEqual(["https://a.example/mcp"]);
  });

  it("one store's concurrent saves are serialised: none is lost", async () => {
    const store = new FileCredentialStore(join(dir, "c.json"));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.save(`https://s${i}.example/mcp`, creds(`t${i}`))),
    );
    expect(await store.list()).toHaveLength(20);
  });

  it("warns about a group/world-readable file and narrows it to 0600 (never printing its contents)", async () => {
    const path = join(dir, "c.json");
    await new FileCredentialStore(path).save("https://a.example/mcp", creds("canary-secret-token"));
    await chmod(path, 0o644);
    const warnings: string[] = [];
    const store = new FileCredentialStore(path, { onWarning: (message) => warnings.push(message) });
    expect(await store.load("https://a.example/mcp")).toEqual(creds("canary-secret-token"));
    expect(await modeOf(path)).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path);
    expect(warnings[0]).toContain("644");
    expect(warnings[0]).not.toContain("canary");
  });

  it("refuses a symbolic link at the path: neither the link's target nor the link is changed", async () => {
    const target = join(dir, "elsewhere.json");
    await new FileCredentialStore(target).save("https://a.example/mcp", creds("canary-linked"));
    await chmod(target, 0o644);
    const path = join(dir, "credentials.json");
    await symlink(target, path);
    const warnings: string[] = [];
    const store = new FileCredentialStore(path, { onWarning: (message) => warnings.push(message) });
    for (const attempt of [
      store.load("https://a.example/mcp"),
      store.save("https://b.example/mcp", creds("b")),
    ]) {
      const error = await attempt.catch((e: unknown) => e);
      expect(isSwitchboardError(error) && error.code).toBe("AUTH_STORE_UNREADABLE");
      expect((error as Error).message).toContain(`${path}: it is a symbolic link`);
      expect((error as Error).message).not.toContain("canary");
    }
    expect(warnings).toEqual([]);
    expect(await modeOf(target)).toBe(0o644);
    expect((await lstat(path)).isSymbolicLink()).toBe(true);
    expect(await new FileCredentialStore(target).list()).toEqual(["https://a.example/mcp"]);
  });

  it("refuses a directory at the path and never changes its mode", async () => {
    const path = join(dir, "credentials.json");
    await mkdir(path, { mode: 0o755 });
    await chmod(path, 0o755);
    const error = await new FileCredentialStore(path).list().catch((e: unknown) => e);
    expect(isSwitchboardError(error) && error.code).toBe("AUTH_STORE_UNREADABLE");
    expect((error as Error).message).toContain(`${path}: it is not a regular file`);
    expect(await modeOf(path)).toBe(0o755);
  });

  it("names the path of a corrupt file and does not quote its contents", async () => {
    const path = join(dir, "c.json");
    await writeFile(path, '{"servers": {"https://a.example/mcp": {"tokens": {"access_token": "canary-xyz"', {
      mode: 0o600,
    });
    const error = await new FileCredentialStore(path).load("https://a.example/mcp").catch((e: unknown) => e);
    expect(isSwitchboardError(error)).toBe(true);
    expect((error as Error).message).toContain(path);
    expect((error as Error).message).toContain("not valid JSON");
    expect((error as Error).message).not.toContain("canary");

    await writeFile(path, '["canary-array"]', { mode: 0o600 });
    const shape = await new FileCredentialStore(path).list().catch((e: unknown) => e);
    expect((shape as Error).message).toMatch(/expected an object with "servers"/);
    expect((shape as Error).message).not.toContain("canary");
  });

  it("treats a missing file as empty", async () => {
    expect(await new FileCredentialStore(join(dir, "absent.json")).list()).toEqual([]);
    expect(
      await new FileCredentialStore(join(dir, "absent.json")).load("https://a.example/mcp"),
    ).toBeUndefined();
  });
});
