/**
 * The gateway over Streamable HTTP on one path (`/mcp`). Every request passes the guard first (Host, Origin,
 * bearer token). In session mode a 2025-era client gets its own SDK server and transport per session
 * (`Mcp-Session-Id`), so server-to-client requests and notifications reach it; in stateless mode every request is
 * served by a fresh server and no state survives it, so several gateway processes can sit behind an ordinary load
 * balancer. 2026-07-28 clients are served per request in both modes (that revision has no sessions).
 */
import { randomUUID } from "node:crypto";
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import type { Gateway } from "../gateway.js";
import { checkBind, checkRequest, type GuardOptions } from "./http-guard.js";
import { toWebRequest, writeWebResponse } from "./node-adapter.js";

/** Where and how `serveGatewayHttp` listens. */
export interface HttpGatewayOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: any free port (read it from `url`). */
  port?: number;
  /** Bearer token every request must carry; required for a non-loopback `host`. */
  token?: string;
  /** One fresh server per request, no sessions. Server-to-client requests are then answered with an error. */
  stateless?: boolean;
  allowedHosts?: readonly string[];
  allowedOrigins?: readonly string[];
  /** Default `/mcp`. */
  path?: string;
}

/** A gateway listening on Streamable HTTP: its `url`, and `close()`. */
export interface HttpGateway {
  /** The endpoint, e.g. `http://127.0.0.1:8080/mcp`. */
  readonly url: string;
  /** Open 2025-era sessions. */
  readonly sessions: number;
  /** Stops listening and closes every session (the gateway's upstream servers stay up). */
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  close(): Promise<void>;
}

/** Serves a `Gateway` over Streamable HTTP (127.0.0.1 by default) so HTTP MCP clients can use it. */
export async function serveGatewayHttp(
  gateway: Gateway,
  options: HttpGatewayOptions = {},
): Promise<HttpGateway> {
  const guard: GuardOptions = {
    bindHost: options.host ?? "127.0.0.1",
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
  };
  checkBind(guard);
  const path = options.path ?? "/mcp";
  const stateless = options.stateless ?? false;
  const sessions = new Map<string, Session>();
  const perRequest = createMcpHandler(() => gateway.createServer({ stateless: true }), {
    legacy: stateless ? "stateless" : "reject",
  });
  const offList = gateway.on("listChanged", (kind) => {
    if (kind === "tools") perRequest.notify.toolsChanged();
    else if (kind === "resources") perRequest.notify.resourcesChanged();
    else perRequest.notify.promptsChanged();
  });
  const offUpdated = gateway.on("resourceUpdated", (uri) => perRequest.notify.resourceUpdated(uri));

  const openSession = async (request: Request): Promise<Response> => {
    const server = gateway.createServer();
    let session: Session | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        if (session !== undefined) sessions.set(id, session);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
        void server.close().catch(() => {});
      },
    });
    session = {
      transport,
      close: async () => {
        await server.close().catch(() => {});
      },
    };
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    // Anything but a successful initialize leaves no session behind.
    if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await session.close();
    return response;
  };

  const serveMcp = async (request: Request): Promise<Response> => {
    if (stateless || !(await isLegacyRequest(request))) return perRequest.fetch(request);
    const id = request.headers.get("mcp-session-id");
    if (id !== null) {
      const session = sessions.get(id);
      if (session === undefined) return jsonRpcError(404, -32001, "Session not found");
      return session.transport.handleRequest(request);
    }
    if (request.method !== "POST") return jsonRpcError(400, -32000, "Bad Request: no session id");
    return openSession(request);
  };

  // Small JSON-RPC messages: Nagle's algorithm would hold each one back waiting for an ACK.
  const http: HttpServer = createServer({ noDelay: true }, (req: IncomingMessage, res: ServerResponse) => {
    void handle(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else void writeWebResponse(jsonRpcError(500, -32603, "Internal error"), res).catch(() => res.destroy());
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refusal = checkRequest(
      { host: req.headers.host, origin: req.headers.origin, authorization: req.headers.authorization },
      guard,
    );
    if (refusal !== undefined) {
      await writeWebResponse(jsonRpcError(refusal.status, -32000, refusal.message, refusal.headers), res);
      return;
    }
    const url = new URL(req.url ?? "/", "http://gateway.invalid");
    if (url.pathname !== path) {
      await writeWebResponse(new Response("Not found\n", { status: 404 }), res);
      return;
    }
    const request = toWebRequest(req, res, `http://${req.headers.host}`);
    await writeWebResponse(await serveMcp(request), res);
  };

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, guard.bindHost, () => {
      http.off("error", reject);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}${path}`,
    get sessions() {
      return sessions.size;
    },
    close() {
      closing ??= (async () => {
        offList();
        offUpdated();
        const open = [...sessions.values()];
        sessions.clear();
        await Promise.allSettled(open.map((session) => session.close()));
        await perRequest.close().catch(() => {});
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      })();
      return closing;
    },
  };
}

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
