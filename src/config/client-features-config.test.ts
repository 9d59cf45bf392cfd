// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { parseConfig } from "./load-config.js";

const FILE = "/project/switchboard.json";

describe("client-feature keys: roots, sampling, per-server logLevel", () => {
  it("resolves relative roots against the config's folder, expands variables, keeps file:// URIs", () => {
    const config = parseConfig(
      JSON.stringify({
        mcpServers: { a: { command: "a", logLevel: "debug" } },
        roots: ["src", "/abs/path", "file:///already/uri", "${HOME_DIR}/notes"],
        sampling: { approval: "allow", maxTokens: 500, models: { fast: "claude-haiku-4-5" } },
      }),
      FILE,
      { env: { HOME_DIR: "/home/me" } },
    );
    expect(config.roots).toEqual(["/project/src", "/abs/path", "file:///already/uri", "/home/me/notes"]);
    expect(config.sampling).toEqual({
      approval: "allow",
      maxTokens: 500,
      models: { fast: "claude-haiku-4-5" },
    });
    expect(config.servers.a?.logLevel).toBe("debug");
  });

  it("leaves the keys out when absent", () => {
    const config = parseConfig(JSON.stringify({ mcpServers: { a: { command: "a" } } }), FILE, { env: {} });
    expect(config).not.toHaveProperty("roots");
    expect(config).not.toHaveProperty("sampling");
    expect(config.servers.a).not.toHaveProperty("logLevel");
  });

  it("names the path of a bad level, a bad approval and a bad token cap", () => {
    let caught: unknown;
    try {
      parseConfig(
        JSON.stringify({
          mcpServers: { a: { command: "a", logLevel: "loud" } },
          sampling: { approval: "sometimes", maxTokens: 0 },
        }),
        FILE,
        { env: {} },
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const paths = (caught as ConfigError).issues.map((issue) => issue.path).sort();
    expect(paths).toEqual(["$.mcpServers.a.logLevel", "$.sampling.approval", "$.sampling.maxTokens"]);
  });
});
