// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { loadConfig } from "./load-config.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "switchboard-load-config-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("reads, expands from the given env and records the absolute path", async () => {
    const file = path.join(dir, "ok.json");
    await writeFile(file, JSON.stringify({ mcpServers: { a: { url: "${BASE}/mcp" } } }));
    const relative = path.relative(process.cwd(), file);
    const config = await loadConfig(relative, { env: { BASE: "https://a.example" } });
    expect(config.file).toBe(file);
    expect(config.servers.a).toMatchObject({ kind: "http", url: "https://a.example/mcp" });
  });

  it("reports invalid content against the absolute file", async () => {
    const file = path.join(dir, "bad.json");
    await writeFile(file, '{\n  "mcpServers": 1\n');
    const error = await loadConfig(file, { env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).file).toBe(file);
    expect((error as ConfigError).issues).toEqual([
      {
        path: "$",
        message:
          'invalid JSON at line 3, column 1: expected "," or "}" after a property value, found end of input',
      },
    ]);
  });

  it("gives CONFIG_NOT_FOUND for a missing file and CONFIG_UNREADABLE for a directory", async () => {
    const missing = await loadConfig(path.join(dir, "missing.json")).catch((e: unknown) => e);
    expect(missing).toMatchObject({
      code: "CONFIG_NOT_FOUND",
      issues: [{ path: "$", message: "file not found" }],
    });
    const directory = await loadConfig(dir).catch((e: unknown) => e);
    expect(directory).toMatchObject({
      code: "CONFIG_UNREADABLE",
      issues: [{ path: "$", message: "cannot read file (EISDIR)" }],
    });
  });
});
