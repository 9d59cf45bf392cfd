/**
 * One downstream connection's SDK server: the low-level `Server` (the gateway serves dynamic lists, so it needs
 * raw handlers rather than registered tools), with every request either answered from the gateway's view or
 * passed to the one upstream server the tables name.
 */
import type { LoggingLevel, ServerContext } from "@modelcontextprotocol/server";
import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import * as z from "zod";
import type { Gateway } from "./gateway.js";
import { refuseMalformedInputResponses } from "./input-responses.js";
import { rewritePromptResult, rewriteReadResult } from "./rewrite-uris.js";
import { serveSkills, skillFileTarget } from "./serve-skills.js";
import { passThrough } from "./upstream-errors.js";

const MODERN_REVISION = "2026-07-28";

const taskIdParams = z.object({ taskId: z.string().max(200) });

/**
 * The SDK's `Server` (2.4.0) validates every `tools/call` answer as a `CallToolResult`; a task-augmented call
 * (2025-11-25) is answered with a `CreateTaskResult`, which that SDK parses but has no runtime for. Its documented
 * subclass hook lets that one answer through unchanged; every other call is validated as before.
 */
class TaskReceivingServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: Parameters<Server["_wrapHandler"]>[1],
  ): ReturnType<Server["_wrapHandler"]> {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== "tools/call") return wrapped;
    return (request, context) =>
      typeof request.params === "object" && request.params !== null && "task" in request.params
        ? handler(request, context)
        : wrapped(request, context);
  }
}

export function createGatewayServer(gateway: Gateway, stateless: boolean): Server {
  // The SDK's low-level Server is marked deprecated in favour of McpServer, which cannot serve lists that change
  // shape at run time; it remains the documented choice for proxies.
  const server = new TaskReceivingServer(gateway.serverInfo, {
    // The 2025 revisions (initialize) and, per request, 2026-07-28 (server/discover).
    supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS, MODERN_REVISION],
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
      // 2025-11-25 tasks for tools/call (the 2026-07-28 codec strips this, and tools' `execution`, for its clients).
      // No `list`: the store is shared by every downstream connection and a task id is the right to its task.
      tasks: { cancel: {}, requests: { tools: { call: {} } } },
    },
  });
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(refuseMalformedInputResponses(transport));
  serveSkills(server, gateway);
  const peer = gateway.peers.add(server, stateless);
  server.oninitialized = () => {
    peer.initialized = true;
  };
  server.onclose = () => gateway.release(peer);

  server.setRequestHandler("tools/list", () => ({
    tools: gateway.toolSurface.listTools(gateway.view()) as never,
  }));

  server.setRequestHandler("tools/call", async (request, context) => {
    const view = gateway.view();
    const { name } = request.params;
    const task = (request.params as { task?: { ttl?: number } }).task;
    if (task !== undefined) {
      const listed = gateway.toolSurface.listTools(view).find((tool) => tool.name === name);
      if (listed?.execution?.taskSupport === undefined) {
        throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Tool ${name} does not run as a task`);
      }
      const created = gateway.tasks.create(
        (signal, onStatus) =>
          gateway.toolSurface
            .callTool(name, request.params.arguments ?? {}, {
              view,
              signal,
              dispatch: (callName, args, toolset) =>
                gateway.dispatch(callName, args, view, { peer, context }, undefined, toolset, {
                  signal,
                  onStatus,
                }),
            })
            .then((result) => server.projectCallToolResult(result, listed.outputSchema)),
        task.ttl,
      );
      return { task: created } as never;
    }
    const progressToken = progressTokenOf(request.params._meta, context);
    const result = await gateway.toolSurface.callTool(name, request.params.arguments ?? {}, {
      view,
      signal: context.mcpReq.signal,
      dispatch: (callName, args, toolset) =>
        gateway.dispatch(callName, args, view, { peer, context }, progressToken, toolset),
    });
    const listed = gateway.toolSurface.listTools(view).find((tool) => tool.name === name);
    return server.projectCallToolResult(result, listed?.outputSchema);
  });

  const byId = { params: taskIdParams };
  server.setRequestHandler("tasks/get", byId, ({ taskId }) => gateway.tasks.get(taskId));
  server.setRequestHandler("tasks/result", byId, ({ taskId }) => gateway.tasks.result(taskId));
  server.setRequestHandler("tasks/cancel", byId, ({ taskId }) => gateway.tasks.cancel(taskId));

  server.setRequestHandler("resources/list", () => ({
    resources: gateway.view().resources.resources as never,
  }));

  server.setRequestHandler("resources/templates/list", () => ({
    resourceTemplates: gateway.view().resources.templates as never,
  }));

  server.setRequestHandler("resources/read", async (request, context) => {
    const skill = skillFileTarget(gateway, request.params.uri);
    const target = skill ?? gateway.resolveUri(request.params.uri);
    const result = await passThrough(() =>
      gateway.upstream(target.server).readResource(target.uri, { signal: context.mcpReq.signal }),
    );
    return rewriteReadResult(
      result,
      (uri) => skill?.downstream(uri) ?? gateway.downstreamUri(target.server, uri),
    );
  });

  server.setRequestHandler("resources/subscribe", async (request) => {
    await gateway.subscribe(peer, request.params.uri);
    return {};
  });

  server.setRequestHandler("resources/unsubscribe", async (request) => {
    await gateway.unsubscribe(peer, request.params.uri);
    return {};
  });

  server.setRequestHandler("prompts/list", () => ({ prompts: gateway.view().prompts.prompts as never }));

  server.setRequestHandler("prompts/get", async (request, context) => {
    const target = gateway.view().prompts.resolve(request.params.name);
    if (target === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${request.params.name} not found`);
    }
    const result = await passThrough(() =>
      gateway
        .upstream(target.server)
        .getPrompt(target.prompt, request.params.arguments ?? {}, { signal: context.mcpReq.signal }),
    );
    return rewritePromptResult(result, (uri) => gateway.downstreamUri(target.server, uri));
  });

  server.setRequestHandler("completion/complete", async (request, context) => {
    const { ref, argument } = request.params;
    const contextArgs = request.params.context;
    let server: string;
    let upstreamRef: typeof ref;
    if (ref.type === "ref/prompt") {
      const target = gateway.view().prompts.resolve(ref.name);
      if (target === undefined)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${ref.name} not found`);
      server = target.server;
      upstreamRef = { type: "ref/prompt", name: target.prompt };
    } else {
      const template = gateway.view().resources.resolveTemplate(ref.uri);
      const target =
        template === undefined
          ? gateway.resolveUri(ref.uri)
          : { server: template.server, uri: template.uriTemplate };
      server = target.server;
      upstreamRef = { type: "ref/resource", uri: target.uri };
    }
    const params = {
      ref: upstreamRef,
      argument,
      ...(contextArgs === undefined ? {} : { context: contextArgs }),
    };
    return passThrough(() => gateway.upstream(server).complete(params, { signal: context.mcpReq.signal }));
  });

  server.setRequestHandler("logging/setLevel", async (request) => {
    const level: LoggingLevel = request.params.level;
    peer.logLevel = level;
    // Servers that log decide what to send by the level they were given; the newest request wins for all.
    await Promise.allSettled(
      gateway.host.servers
        .filter((status) => status.state === "ready" && status.info?.capabilities.logging !== undefined)
        .map((status) => gateway.upstream(status.name).setLoggingLevel(level)),
    );
    return {};
  });

  return server;
}

function progressTokenOf(meta: unknown, context: ServerContext): string | number | undefined {
  const fromParams = (meta as { progressToken?: unknown } | undefined)?.progressToken;
  const token =
    fromParams ?? (context.mcpReq._meta as { progressToken?: unknown } | undefined)?.progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}
