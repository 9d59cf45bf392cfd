import { describe, expect, it } from "vitest";
import { parseConfig } from "../config/index.js";
import { logoutServer } from "./logout-server.js";
import { MemoryCredentialStore } from "./memory-credential-store.js";
import { oauthServers } from "./oauth-servers.js";

const config = parseConfig(
  JSON.stringify({
    mcpServers: {
      a: { url: "https://a.example/mcp" },
      off: { url: "https://off.example/mcp", enabled: false },
      local: { command: "x" },
    },
  }),
  "/x/switchboard.json",
);

describe("oauthServers", () => {
  it("every enabled HTTP server, or the one named (enabled or not)", () => {
    expect(oauthServers(config, undefined).map((server) => server.name)).toEqual(["a"]);
    expect(oauthServers(config, "off").map((server) => server.name)).toEqual(["off"]);
  });

  it("a USAGE error for an unknown name (listing the HTTP servers), a stdio server, or no HTTP server", () => {
    expect(() => oauthServers(config, "nope")).toThrow(
      expect.objectContaining({
        code: "USAGE",
        message: 'No server named "nope" in /x/switchboard.json (HTTP servers: a, off)',
      }),
    );
    expect(() => oauthServers(config, "local")).toThrow(/"local" is a stdio server/);
    const stdioOnly = parseConfig(JSON.stringify({ mcpServers: { l: { command: "x" } } }), "/y.json");
    expect(() => oauthServers(stdioOnly, undefined)).toThrow(/\/y\.json has no HTTP servers/);
    expect(() => oauthServers(config, "__proto__")).toThrow(/No server named/);
  });
});

describe("logoutServer", () => {
  it("with nothing stored: says so, deletes nothing it did not have, asks no server", async () => {
    const store = new MemoryCredentialStore();
    const [server] = oauthServers(config, "a");
    if (server === undefined) throw new Error("no server");
    const asked: string[] = [];
    const result = await logoutServer(server, store, {
      fetch: async (input) => {
        asked.push(String(input));
        return new Response("", { status: 500 });
      },
    });
    expect(result).toEqual({ loggedIn: false });
    expect(asked).toEqual([]);
  });
});
