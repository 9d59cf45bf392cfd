import { describe, expect, it } from "vitest";
import type { CatalogSnapshot } from "../catalog/types.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import type { DispatchHost } from "../dispatch/types.js";
import type { ServerTool } from "../spec/tool.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import { toolSearchToolset } from "./tool-search-toolset.js";

const tools: ServerTool[] = [
  {
    server: "calc",
    tool: {
      name: "add",
      description: "Adds two numbers",
      inputSchema: {
        type: "object",
        properties: { a: { type: "number" }, b: { type: "number" } },
        required: ["a", "b"],
      },
    },
  },
];
const snapshot = { generation: 1, tools } as unknown as CatalogSnapshot;

/** A host whose one server adds; it records what reached it. */
function host(): DispatchHost & { received: unknown[] } {
  const received: unknown[] = [];
  return {
    received,
    callTool: async (server, tool, args) => {
      received.push({ server, tool, args });
      return { content: [{ type: "text", text: String(Number(args.a) + Number(args.b)) }] };
    },
    catalog: { generation: 1, snapshot: () => snapshot },
  };
}

async function answer(call: Omit<ToolCall, "id">, signal?: AbortSignal) {
  const toolset = await toolSearchToolset({
    catalog: { snapshot: () => snapshot },
    target: "anthropic",
    mode: "facade",
  })();
  const server = host();
  const [result] = await dispatchToolCalls([{ id: "c1", ...call }], {
    toolset,
    host: server,
    ...(signal === undefined ? {} : { signal }),
  });
  return { result: result as ToolResult, received: server.received };
}

const text = (result: ToolResult) => (result.content[0]?.type === "text" ? result.content[0].text : "");

describe("facade dispatch", () => {
  it("answers search_tools locally with names, descriptions and schemas", async () => {
    const { result, received } = await answer({ name: "search_tools", arguments: { query: "add numbers" } });
    expect(result.outcome).toBe("ok");
    expect(text(result)).toContain("1. calc__add");
    expect(text(result)).toContain('"required":["a","b"]');
    expect(received).toEqual([]);
  });

  it("unwraps call_tool into the direct call, reported against the real tool", async () => {
    const { result, received } = await answer({
      name: "call_tool",
      arguments: { name: "calc__add", arguments: { a: 1, b: 2 } },
    });
    expect(result).toMatchObject({ name: "call_tool", server: "calc", tool: "add", outcome: "ok" });
    expect(text(result)).toBe("3");
    expect(received).toEqual([{ server: "calc", tool: "add", args: { a: 1, b: 2 } }]);
  });

  it("dispatches a found tool called directly, and answers an unknown name with close matches", async () => {
    expect((await answer({ name: "calc__add", arguments: { a: 2, b: 2 } })).result.outcome).toBe("ok");
    const { result } = await answer({ name: "call_tool", arguments: { name: "calc__ad", arguments: {} } });
    expect(result.outcome).toBe("unknown-tool");
    expect(text(result)).toContain("Did you mean: calc__add?");
  });

  it("refuses malformed facade calls with what to fix, running nothing", async () => {
    const cases: [Omit<ToolCall, "id">, RegExp][] = [
      [{ name: "search_tools", arguments: {} }, /"query" must be a non-empty string/],
      [{ name: "call_tool", arguments: { arguments: {} } }, /"name" must be the exact name/],
      [
        { name: "call_tool", arguments: { name: "calc__add", arguments: [1, 2] } },
        /must be a JSON object .* not an array/,
      ],
      [
        { name: "call_tool", arguments: "{", argumentsError: "arguments are not valid JSON" },
        /not valid JSON/,
      ],
    ];
    for (const [call, message] of cases) {
      const { result, received } = await answer(call);
      expect(result.outcome).toBe("malformed-call");
      expect(text(result)).toMatch(message);
      expect(received).toEqual([]);
    }
  });

  it("answers every call not run when the turn is already stopped", async () => {
    const { result, received } = await answer(
      { name: "search_tools", arguments: { query: "add" } },
      AbortSignal.abort(),
    );
    expect(result.outcome).toBe("aborted");
    expect(received).toEqual([]);
  });
});
