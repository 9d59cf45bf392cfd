// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here, not a mistaken template.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { credentialsPath } from "./credentials-path.js";
import { parseConfig } from "./load-config.js";

const parse = (server: unknown, env: Record<string, string> = {}) =>
  parseConfig(JSON.stringify({ mcpServers: { docs: server } }), "sb.json", { env });

function issues(server: unknown, env: Record<string, string> = {}): string[] {
  try {
    parse(server, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
  throw new Error("expected a ConfigError");
}

describe("the auth key of an HTTP server", () => {
  it("grant client_credentials needs a client id and secret, and is kept", () => {
    expect(
      issues({ url: "https://docs.example.com/mcp", auth: { grant: "client_credentials", clientId: "m" } }),
    ).toEqual([
      '$.mcpServers.docs.auth.grant: "client_credentials" needs "clientId" and "clientSecret"',
      '$.mcpServers.docs.auth.issuer: "client_credentials" needs "issuer", the authorization server the client secret may be sent to',
    ]);
    expect(issues({ url: "https://docs.example.com/mcp", auth: { grant: "password" } })[0]).toMatch(
      /^\$\.mcpServers\.docs\.auth\.grant: /,
    );
    const config = parse({
      url: "https://docs.example.com/mcp",
      auth: {
        grant: "client_credentials",
        clientId: "m",
        clientSecret: "s",
        issuer: "https://as.example.com",
      },
    });
    expect(config.servers.docs).toMatchObject({ auth: { grant: "client_credentials", clientId: "m" } });
  });

  it("is normalised with ${VAR} expansion of the secret", () => {
    const config = parse(
      {
        url: "https://docs.example.com/mcp",
        auth: {
          clientId: "sb-cli",
          clientSecret: "${DOCS_SECRET}",
          scopes: ["read", "mcp:tools"],
          callbackPort: 8765,
        },
      },
      { DOCS_SECRET: "s3cret-value" },
    );
    expect(config.servers.docs).toMatchObject({
      kind: "http",
      auth: {
        clientId: "sb-cli",
        clientSecret: "s3cret-value",
        scopes: ["read", "mcp:tools"],
        callbackPort: 8765,
      },
    });
  });

  it("is absent when not configured, and an empty object means dynamic registration", () => {
    expect(parse({ url: "https://docs.example.com/mcp" }).servers.docs).not.toHaveProperty("auth");
    expect(parse({ url: "https://docs.example.com/mcp", auth: {} }).servers.docs).toMatchObject({ auth: {} });
  });

  it("accepts an https client metadata document URL with a path, nothing else", () => {
    const cimd = "https://app.example.com/oauth/client.json";
    expect(
      parse({ url: "https://d.example/mcp", auth: { clientMetadataUrl: cimd } }).servers.docs,
    ).toMatchObject({
      auth: { clientMetadataUrl: cimd },
    });
    for (const bad of ["http://app.example.com/c.json", "https://app.example.com/", "not a url"]) {
      expect(issues({ url: "https://d.example/mcp", auth: { clientMetadataUrl: bad } })).toEqual([
        "$.mcpServers.docs.auth.clientMetadataUrl: expected an absolute https:// URL with a path (the client metadata document)",
      ]);
    }
  });

  it("reports every bad field by path, with a suggestion for a typo", () => {
    expect(
      issues({
        url: "https://d.example/mcp",
        auth: { clientID: "x", scopes: ["has space"], callbackPort: 70_000 },
      }),
    ).toEqual([
      "$.mcpServers.docs.auth.scopes[0]: expected one scope token (printable ASCII, no spaces or quotes)",
      "$.mcpServers.docs.auth.callbackPort: expected a port number 1-65535, got 70000",
      '$.mcpServers.docs.auth.clientID: unknown key "clientID"; did you mean "clientId"?',
    ]);
  });

  it("needs clientId for a secret, and refuses clientId together with clientMetadataUrl", () => {
    expect(issues({ url: "https://d.example/mcp", auth: { clientSecret: "abc" } })).toEqual([
      '$.mcpServers.docs.auth.clientSecret: "clientSecret" needs "clientId"',
    ]);
    expect(
      issues({
        url: "https://d.example/mcp",
        auth: { clientId: "a", clientMetadataUrl: "https://x.example/c.json" },
      }),
    ).toEqual([
      '$.mcpServers.docs.auth.clientMetadataUrl: expected either "clientId" (pre-registered) or "clientMetadataUrl" (CIMD), not both',
    ]);
  });

  it("never echoes a secret, set or from a variable", () => {
    const text = issues(
      {
        url: "https://d.example/mcp",
        auth: { clientId: "", clientSecret: 42, clientMetadataUrl: "${UNSET_VAR}" },
      },
      {},
    ).join("\n");
    expect(text).toMatch(/auth\.clientSecret: expected string, got number/);
    expect(text).toMatch(/auth\.clientId: expected a non-empty string/);
    expect(text).toMatch(/UNSET_VAR/);
    const secretText = issues({
      url: "ftp://d.example/mcp",
      auth: { clientId: "id", clientSecret: "hunter2-canary" },
    });
    expect(secretText.join("\n")).not.toContain("hunter2-canary");
  });

  it("is an error on a stdio server", () => {
    expect(issues({ command: "node", auth: { clientId: "x" } })).toEqual([
      '$.mcpServers.docs.auth: "auth" applies only to HTTP servers; this server has "command"',
    ]);
  });
});

describe("credentialsPath", () => {
  it("prefers SWITCHBOARD_CREDENTIALS, resolved against cwd", () => {
    expect(credentialsPath({ SWITCHBOARD_CREDENTIALS: "creds.json", HOME: "/home/u" }, "/work")).toBe(
      "/work/creds.json",
    );
  });

  it("uses an absolute XDG_CONFIG_HOME, else ~/.config", () => {
    expect(credentialsPath({ XDG_CONFIG_HOME: "/xdg", HOME: "/home/u" })).toBe(
      "/xdg/switchboard/credentials.json",
    );
    expect(credentialsPath({ XDG_CONFIG_HOME: "rel", HOME: "/home/u" })).toBe(
      "/home/u/.config/switchboard/credentials.json",
    );
    expect(credentialsPath({ HOME: "/home/u" })).toBe("/home/u/.config/switchboard/credentials.json");
  });

  it("grant jwt_bearer needs a client id, an issuer and exactly one assertion source, and is kept", () => {
    const url = "https://docs.example.com/mcp";
    expect(issues({ url, auth: { grant: "jwt_bearer" } })).toEqual([
      '$.mcpServers.docs.auth.grant: "jwt_bearer" needs "clientId"',
      '$.mcpServers.docs.auth.issuer: "jwt_bearer" needs "issuer", the authorization server the workload assertion may be sent to',
      '$.mcpServers.docs.auth.grant: "jwt_bearer" needs exactly one of "assertionEnv" or "assertionFile"',
    ]);
    expect(issues({ url, auth: { clientId: "w", assertionFile: "/var/run/token" } })).toEqual([
      '$.mcpServers.docs.auth.assertionFile: "assertionFile" needs "grant": "jwt_bearer"',
    ]);
    expect(issues({ url, auth: { assertionEnv: "not a name" } })[0]).toMatch(
      /assertionEnv: expected an environment variable name/,
    );
    const config = parse(
      {
        url,
        auth: {
          grant: "jwt_bearer",
          clientId: "w",
          issuer: "https://as.example.com",
          assertionFile: "${TOKEN_DIR}/token",
          dpop: false,
        },
      },
      { TOKEN_DIR: "/var/run/secrets" },
    );
    expect(config.servers.docs).toMatchObject({
      auth: { grant: "jwt_bearer", clientId: "w", assertionFile: "/var/run/secrets/token", dpop: false },
    });
  });
});
