/**
 * The HTTP gateway's front door and its stateless mode: DNS-rebinding protection (foreign Host and Origin are
 * refused), bearer tokens, the refusal to expose the gateway beyond loopback without one, sessions that end when
 * the client leaves, and stateless serving that needs no session at all.
 */
import { request } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSwitchboardError } from "../../src/errors.js";
import { serveGatewayHttp } from "../../src/gateway/http/serve-http.js";
import {
  configWith,
  httpClient,
  type RunningGateway,
  startHttpGateway,
  textOf,
  twinServer,
} from "./gateway-harness.js";
import { runCli } from "./run-cli.js";

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

/** A raw POST with chosen Host/Origin headers (fetch cannot set Host). */
function post(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(initialize);
  });
}

let running: RunningGateway;
const token = "s3cret-token-for-tests-0123456789";

beforeAll(async () => {
  running = await startHttpGateway(configWith([twinServer("twin", "A")]));
}, 30_000);

afterAll(async () => {
  await running?.close();
});

describe("DNS rebinding protection", () => {
  it("refuses a foreign Origin and a foreign Host, and accepts loopback ones", async () => {
    const { url } = running.http;
    const port = new URL(url).port;
    const foreignOrigin = await post(url, { origin: "http://evil.example" });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.body).toMatch(/Origin http:\/\/evil\.example is not allowed/);
    const foreignHost = await post(url, { host: `evil.example:${port}` });
    expect(foreignHost.status).toBe(403);
    expect(foreignHost.body).toMatch(/Host evil\.example is not allowed/);
    const nullOrigin = await post(url, { origin: "null" });
    expect(nullOrigin.status).toBe(403);
    const local = await post(url, { host: `localhost:${port}`, origin: `http://localhost:${port}` });
    expect(local.status).toBe(200);
    expect(local.body).toMatch(/"protocolVersion"/);
  });
});

describe("malformed Host and Origin headers", () => {
  it("answers each with a 4xx JSON-RPC error body, never a 500 or an empty body", async () => {
    const { url } = running.http;
    const port = new URL(url).port;
    const hosts = [
      `evil@127.0.0.1:${port}`,
      `user:pass@localhost:${port}`,
      `127.0.0.1:${port}/evil`,
      `127.0.0.1:${port}?evil`,
      `127.0.0.1:${port}#evil`,
      `127.0.0.1\\evil:${port}`,
      "127.0.0.1:99999",
      "[::1",
    ];
    for (const host of hosts) {
      const answer = await post(url, { host });
      expect(answer.status, host).toBe(400);
      expect(JSON.parse(answer.body), host).toEqual({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Missing or malformed Host header" },
        id: null,
      });
    }
    const origins = [
      "http://evil@127.0.0.1",
      `http://user:pass@localhost:${port}`,
      `http://localhost:${port}/path`,
      "http://localhost?x",
      "http://127.0.0.1:abc",
    ];
    for (const origin of origins) {
      const answer = await post(url, { origin });
      expect(answer.status, origin).toBe(403);
      expect(JSON.parse(answer.body).error.message, origin).toBe(`Origin ${origin} is not allowed`);
    }
  });
});

describe("binding beyond loopback", () => {
  it("refuses to start on a non-loopback address without a token", async () => {
    const error = await serveGatewayHttp(running.gateway, { host: "0.0.0.0", port: 0 }).catch(
      (caught) => caught,
    );
    expect(isSwitchboardError(error) && error.code === "USAGE").toBe(true);
    expect((error as Error).message).toMatch(
      /Refusing to listen on 0\.0\.0\.0: a non-loopback address needs a bearer token/,
    );
  });

  it("exits with a usage error from the CLI before starting any server", async () => {
    const result = await runCli(["serve", "--http", "0.0.0.0:0", "--config", "/nonexistent.json"], {
      timeoutMs: 20_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Refusing to listen on 0\.0\.0\.0/);
  });
});

describe("bearer token", () => {
  it("turns away requests without the token and serves the official client that sends it", async () => {
    const http = await serveGatewayHttp(running.gateway, { token });
    try {
      expect((await post(http.url, {})).status).toBe(401);
      expect((await post(http.url, { authorization: "Bearer wrong-token-wrong-token-xx" })).status).toBe(401);
      const client = await httpClient(http.url, { headers: { authorization: `Bearer ${token}` } });
      expect(textOf(await client.callTool({ name: "twin__whoami", arguments: {} }))).toBe("A");
      await client.close();
    } finally {
      await http.close();
    }
  });
});

describe("sessions and stateless mode", () => {
  it("opens one session per client and ends it when the client terminates it", async () => {
    const before = running.http.sessions;
    const client = new Client({ name: "session-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(running.http.url));
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(running.http.sessions).toBe(before + 1);
    await transport.terminateSession();
    expect(running.http.sessions).toBe(before);
    await client.close();
  });

  it("serves a 2026-07-28 client per request, in session mode and in stateless mode", async () => {
    const stateless = await serveGatewayHttp(running.gateway, { stateless: true });
    try {
      for (const url of [running.http.url, stateless.url]) {
        const modern = new Client(
          { name: "modern", version: "1.0.0" },
          { versionNegotiation: { mode: { pin: "2026-07-28" } } },
        );
        await modern.connect(new StreamableHTTPClientTransport(new URL(url)));
        expect(modern.getProtocolEra()).toBe("modern");
        expect(textOf(await modern.callTool({ name: "twin__whoami", arguments: {} }))).toBe("A");
        const read = await modern.readResource({ uri: "twin://A/own" });
        expect(read.contents[0]).toMatchObject({ text: "A reads twin://A/own" });
        await modern.close();
      }
    } finally {
      await stateless.close();
    }
  });

  it("refuses a 2026-07-28 call whose inputResponses or requestState is malformed, instead of completing it", async () => {
    const stateless = await serveGatewayHttp(running.gateway, { stateless: true });
    const call = async (extra: Record<string, unknown>) => {
      const response = await fetch(stateless.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "twin__whoami",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: {
            name: "twin__whoami",
            arguments: {},
            ...extra,
            _meta: {
              "io.modelcontextprotocol/protocolVersion": "2026-07-28",
              "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
              "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
            },
          },
        }),
      });
      const text = await response.text();
      const data = text.split("\n").find((line) => line.startsWith("data: "));
      return JSON.parse(data === undefined ? text : data.slice(6)) as {
        result?: { content?: unknown };
        error?: { code: number; message: string };
      };
    };
    try {
      expect(textOf((await call({})).result ?? {})).toBe("A");
      expect(textOf((await call({ inputResponses: { user_name: { action: "accept" } } })).result ?? {})).toBe(
        "A",
      );
      const cases: [Record<string, unknown>, string][] = [
        [
          { inputResponses: { user_name: 12345 } },
          'tools/call: inputResponses["user_name"] must be an object, not a number',
        ],
        [
          { inputResponses: null },
          "tools/call: inputResponses must be an object of input responses, not null",
        ],
        [
          { inputResponses: [] },
          "tools/call: inputResponses must be an object of input responses, not an array",
        ],
        [{ requestState: 7 }, "tools/call: requestState must be a string, not a number"],
      ];
      for (const [extra, message] of cases) {
        const answer = await call(extra);
        expect(answer.result).toBeUndefined();
        expect(answer.error?.code).toBe(-32602);
        expect(answer.error?.message).toContain(message);
      }
    } finally {
      await stateless.close();
    }
  });

  it("serves without sessions and refuses server-to-client requests it could not carry", async () => {
    const http = await serveGatewayHttp(running.gateway, { stateless: true });
    try {
      const client = await httpClient(http.url, { capabilities: { sampling: {} } });
      client.setRequestHandler("sampling/createMessage", async () => ({
        model: "m",
        role: "assistant",
        content: { type: "text", text: "never asked" },
      }));
      expect(textOf(await client.callTool({ name: "twin__whoami", arguments: {} }))).toBe("A");
      expect((await client.listTools()).tools.length).toBeGreaterThan(5);
      const sampling = await client.callTool({ name: "twin__ask_sampling", arguments: {} });
      expect(sampling.isError).toBe(true);
      expect(textOf(sampling)).toMatch(/served per request/);
      expect(http.sessions).toBe(0);
      await client.close();
    } finally {
      await http.close();
    }
  });
});
