// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${VAR}" is config syntax here.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config/load-config.js";
import { configSecrets, serverSecrets } from "./server-secrets.js";

function load(servers: Record<string, unknown>, env: Record<string, string> = {}) {
  return parseConfig(JSON.stringify({ mcpServers: servers }), "/x/switchboard.json", { env });
}

describe("serverSecrets", () => {
  it("finds ${VAR} values and the values of secret-looking flags in args, not other arguments", () => {
    const config = load(
      {
        s: {
          command: "srv",
          args: [
            "--token=${TOKEN}",
            "--api-key",
            "literal-key",
            "--name",
            "plain-name",
            "${HOME}/notes",
            "${DB}",
          ],
        },
      },
      { TOKEN: "tok-from-env", HOME: "/home/someone", DB: "postgres://u:p@db" },
    );
    const { credentials } = serverSecrets(config.servers.s!);
    expect(credentials).toEqual(expect.arrayContaining(["tok-from-env", "literal-key", "postgres://u:p@db"]));
    expect(credentials).not.toContain("plain-name");
    expect(credentials).not.toContain("/home/someone");
  });

  it("finds secret-looking query values (decoded and as written) and credential headers", () => {
    const config = load({
      h: {
        url: "https://api.example/mcp?region=eu-west&api_key=a%2Fb%22c&access_token=t+o+k",
        headers: { Authorization: "Bearer header-token", "X-Team": "team-one" },
      },
    });
    const { credentials } = serverSecrets(config.servers.h!);
    expect(credentials).toEqual(
      expect.arrayContaining(["a%2Fb%22c", 'a/b"c', "t+o+k", "t o k", "Bearer header-token", "header-token"]),
    );
    expect(credentials).not.toContain("eu-west");
    // A header not named like a credential is kept out of results, but not out of stderr and errors.
    expect(credentials).not.toContain("team-one");
    expect(serverSecrets(config.servers.h!).all).toContain("team-one");
  });

  it("keeps plainly named env values out of the credentials but in the set redacted from stderr", () => {
    const config = load({ s: { command: "srv", env: { LOG_LEVEL: "info", GITHUB_TOKEN: "ghp-literal" } } });
    const secrets = serverSecrets(config.servers.s!);
    expect(secrets.credentials).toEqual(["ghp-literal"]);
    expect(secrets.all).toEqual(expect.arrayContaining(["ghp-literal", "info"]));
  });

  it("unions every server's credentials for the CLI", () => {
    const config = load({
      a: { command: "a", args: ["--secret", "aaaa-1"] },
      b: { url: "https://b.example/?key=bbbb-2" },
    });
    expect(configSecrets(config)).toEqual(expect.arrayContaining(["aaaa-1", "bbbb-2"]));
  });
});

describe("a URL with credentials", () => {
  it("is a config error naming the server and key, without the password", () => {
    expect(() => load({ withUser: { url: "https://user:hunter2-pw@api.example/mcp" } })).toThrow(
      /mcpServers\.withUser\.url: expected a URL without credentials/,
    );
    try {
      load({ withUser: { url: "https://user:hunter2-pw@api.example/mcp" } });
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });
});
