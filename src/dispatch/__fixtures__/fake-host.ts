/**
 * An in-process host for dispatch unit tests: a real `Catalog` fed SDK-shaped listings, and tool handlers that
 * answer like a server would (results, or the connection layer's real error classes). Every call is recorded.
 */
import { Catalog } from "../../catalog/catalog.js";
import type { ServerListing } from "../../connect/types.js";
import type { TargetId } from "../../providers/targets.js";
import { buildToolset, type Toolset } from "../../toolset/build-toolset.js";
import type { DispatchCallOptions, DispatchHost, McpCallResultLike } from "../types.js";

export type Handler = (
  args: Record<string, unknown>,
  options: DispatchCallOptions,
) => Promise<McpCallResultLike> | McpCallResultLike;

export interface FakeTool {
  name: string;
  handler?: Handler;
  annotations?: Record<string, boolean>;
  inputSchema?: Record<string, unknown>;
}

export interface FakeHost extends DispatchHost {
  readonly catalog: Catalog;
  readonly calls: {
    server: string;
    tool: string;
    args: Record<string, unknown>;
    options: DispatchCallOptions;
  }[];
  /** Calls in flight right now, and the most there ever were. */
  readonly load: { active: number; max: number };
  setTools(server: string, tools: FakeTool[]): void;
  toolset(target?: TargetId): Toolset;
}

export function fakeHost(servers: Record<string, FakeTool[]>): FakeHost {
  const catalog = new Catalog();
  const handlers = new Map<string, Handler>();
  const calls: FakeHost["calls"] = [];
  const load = { active: 0, max: 0 };
  const setTools = (server: string, tools: FakeTool[]) => {
    for (const tool of tools)
      handlers.set(`${server}/${tool.name}`, tool.handler ?? (() => text(`${tool.name} ran`)));
    catalog.update(server, listing(tools));
  };
  for (const [server, tools] of Object.entries(servers)) setTools(server, tools);
  return {
    catalog,
    calls,
    load,
    setTools,
    toolset: (target = "anthropic") =>
      buildToolset(catalog.snapshot().tools, target, { generation: catalog.generation }),
    async callTool(server, tool, args, options = {}) {
      calls.push({ server, tool, args, options });
      const handler = handlers.get(`${server}/${tool}`);
      if (handler === undefined) throw new Error(`fake host: no handler for ${server}/${tool}`);
      load.active += 1;
      load.max = Math.max(load.max, load.active);
      try {
        return await handler(args, options);
      } finally {
        load.active -= 1;
      }
    },
  };
}

export function listing(tools: FakeTool[]): ServerListing {
  return {
    tools: tools.map((tool) => ({
      name: tool.name,
      inputSchema: { type: "object", properties: {}, ...tool.inputSchema },
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    })) as ServerListing["tools"],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
}

export function text(value: string, isError = false): McpCallResultLike {
  return { content: [{ type: "text", text: value }], ...(isError ? { isError: true } : {}) };
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
