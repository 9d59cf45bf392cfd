/**
 * The real npm servers over real transports: stdio for all three, server-everything over Streamable HTTP and
 * legacy SSE on a loopback port (explicit and via `auto` fallback), and configured headers on both HTTP wires.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionPool } from "../../src/connect/connection-pool.js";
import { ServerConnection } from "../../src/connect/server-connection.js";
import { isSwitchboardError } from "../../src/errors.js";
import { httpServer, npmStdioServer } from "../fixtures/fixture-command.js";
import { childPids, configOf, freePort, type RunningHttpServer, startEverythingHttp } from "./helpers.js";

const scratch = mkdtempSync(join(tmpdir(), "switchboard-npm-"));
writeFileSync(join(scratch, "hello.txt"), "hello from switchboard\n");

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("npm servers over stdio", () => {
  it("connects all three in one pool and lists everything", async () => {
    const pool = await ConnectionPool.connect(
      configOf(
        npmStdioServer("everything", ["stdio"]),
        npmStdioServer("filesystem", [scratch]),
        npmStdioServer("memory", [], { env: { MEMORY_FILE_PATH: join(scratch, "memory.jsonl") } }),
      ),
    );
    try {
      expect(pool.statuses().map((status) => [status.name, status.state])).toEqual([
        ["everything", "ready"],
        ["filesystem", "ready"],
        ["memory", "ready"],
      ]);
      const everything = pool.get("everything")!;
      expect(everything.info?.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(everything.info?.serverInfo.name).toBe("mcp-servers/everything");
      expect(everything.info?.readyInMs).toBeGreaterThan(0);
      expect(everything.listing?.tools.map((tool) => tool.name)).toContain("echo");
      expect(everything.listing?.resources.length).toBeGreaterThan(0);
      expect(everything.listing?.resourceTemplates.length).toBeGreaterThan(0);
      expect(everything.listing?.prompts.length).toBeGreaterThan(0);
      expect(pool.get("filesystem")?.listing?.tools.map((tool) => tool.name)).toContain("list_directory");
      expect(pool.get("memory")?.listing?.tools.map((tool) => tool.name)).toContain("read_graph");

      const echoed = await everything.callTool("echo", { message: "hi" });
      expect(JSON.stringify(echoed.content)).toContain("hi");
      const listed = await pool.get("filesystem")!.callTool("list_directory", { path: scratch });
      expect(JSON.stringify(listed.content)).toContain("hello.txt");
    } finally {
      await pool.closeAll();
    }
    expect(childPids()).toEqual([]);
  });
});

describe("server-everything over HTTP", () => {
  let streamable: RunningHttpServer;
  let sse: RunningHttpServer;

  beforeAll(async () => {
    [streamable, sse] = await Promise.all([
      startEverythingHttp("streamableHttp"),
      startEverythingHttp("sse"),
    ]);
  });
  afterAll(async () => {
    await Promise.all([streamable?.stop(), sse?.stop()]);
  });

  it("speaks Streamable HTTP, explicitly and under auto", async () => {
    for (const transport of ["streamable-http", "auto"] as const) {
      const connection = new ServerConnection(httpServer("everything-http", streamable.url, { transport }));
      try {
        await connection.start();
        expect(connection.info?.transport).toBe("streamable-http");
        expect(connection.listing?.tools.map((tool) => tool.name)).toContain("echo");
        const result = await connection.callTool("echo", { message: "over http" });
        expect(JSON.stringify(result.content)).toContain("over http");
      } finally {
        await connection.close();
      }
    }
  });

  it("speaks legacy SSE when forced, and falls back to it under auto", async () => {
    for (const transport of ["sse", "auto"] as const) {
      const connection = new ServerConnection(httpServer("everything-sse", sse.url, { transport }));
      try {
        await connection.start();
        expect(connection.info?.transport).toBe("sse");
        expect(connection.listing?.tools.map((tool) => tool.name)).toContain("echo");
        const result = await connection.callTool("echo", { message: "over sse" });
        expect(JSON.stringify(result.content)).toContain("over sse");
      } finally {
        await connection.close();
      }
    }
  });

  it("does not fall back when Streamable HTTP is forced", async () => {
    const connection = new ServerConnection(httpServer("forced", sse.url, { transport: "streamable-http" }));
    await expect(connection.start()).rejects.toMatchObject({
      code: "CONNECTION_FAILED",
      transport: "streamable-http",
    });
    expect(connection.state).toBe("failed");
    await connection.close();
  });
});

describe("HTTP headers", () => {
  it("sends configured headers on the Streamable HTTP POST and the SSE GET, and keeps them out of errors", async () => {
    const seen: Array<{ method: string; headers: IncomingHttpHeaders }> = [];
    const server = createServer((request, response) => {
      seen.push({ method: request.method ?? "", headers: request.headers });
      response.statusCode = 404;
      response.end("not here");
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      const secret = "Bearer super-secret-token";
      const connection = new ServerConnection(
        httpServer("refusing", `http://127.0.0.1:${port}/mcp?key=query-secret`, {
          headers: { Authorization: secret, "X-Team": "blue" },
          connectTimeoutMs: 5_000,
        }),
      );
      const error = await connection.start().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isSwitchboardError(error) && error.code).toBe("CONNECTION_FAILED");
      expect(seen.map((request) => request.method)).toEqual(["POST", "GET"]);
      for (const request of seen) {
        expect(request.headers.authorization).toBe(secret);
        expect(request.headers["x-team"]).toBe("blue");
      }
      const message = (error as Error).message;
      expect(message).toContain(`http://127.0.0.1:${port}/mcp`);
      expect(message).not.toContain("super-secret-token");
      expect(message).not.toContain("query-secret");
      await connection.close();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
