import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseConfig } from "../config/load-config.js";
import { fakeHost } from "../dispatch/__fixtures__/fake-host.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import { isSwitchboardError } from "../errors.js";
import { NameHistory } from "../naming/index.js";
import type { ToolCall } from "../spec/tool-call.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { localTool } from "./local-tool.js";

const echo = localTool({
  name: "echo",
  description: "Echoes text locally",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  execute: (args) => `local: ${String(args.text)}`,
});

let ids = 0;
const call = (name: string, args: unknown = {}): ToolCall => ({ id: `c${++ids}`, name, arguments: args });

function setup(locals = [echo], target: "anthropic" | "openai-chat" = "anthropic") {
  const host = fakeHost({ files: [{ name: "echo" }, { name: "read" }] });
  const history = new NameHistory();
  const toolset = buildToolset(host.catalog.snapshot().tools, target, {
    generation: host.catalog.generation,
    localTools: locals,
    history,
  });
  return { host, history, toolset };
}

describe("local tools in the toolset", () => {
  it("share the name table with MCP tools: a collision is named by the same rules, under the local label", () => {
    const { toolset } = setup();
    expect(toolset.names.resolve("local__echo")).toEqual({ server: "local", tool: "echo" });
    expect(toolset.names.resolve("files__echo")).toEqual({ server: "files", tool: "echo" });
    const entry = toolset.entries.find((item) => item.server === "local");
    expect(entry).toMatchObject({ tool: "echo", name: "local__echo", status: "ok" });
    expect(toolset.json).toContain("Echoes text locally");
  });

  it("a zod schema becomes the tool's JSON Schema and is repaired per target like any other", () => {
    const tool = localTool({
      name: "search",
      schema: z.object({ query: z.string().min(1), limit: z.number().int().optional() }),
      execute: ({ query, limit }) => `${query}:${limit ?? 10}`,
    });
    expect(tool.tool.inputSchema).toMatchObject({ type: "object", required: ["query"] });
    expect(tool.tool.inputSchema.$schema).toBeUndefined();
    const strict = buildToolset([], "openai-responses", { localTools: [tool] });
    const entry = strict.entries[0];
    expect(entry?.strict).toBe(true);
    expect(entry?.warnings.map((warning) => warning.code)).toContain("optional-made-nullable");
  });

  it("undoes strict mode's null for an optional zod property before zod parses it", async () => {
    const host = fakeHost({});
    const tool = localTool({
      name: "search",
      schema: z.object({ query: z.string(), limit: z.number().int().optional() }),
      execute: ({ query, limit }) => `${query}:${limit ?? "all"}`,
    });
    const toolset = buildToolset([], "openai-responses", { localTools: [tool] });
    const [result] = await dispatchToolCalls([call("local__search", { query: "q", limit: null })], {
      toolset,
      host,
    });
    expect(result?.content).toEqual([{ type: "text", text: "q:all" }]);
  });

  it("refuses a server named like the local label, a repeated local name, and unusable definitions", () => {
    const host = fakeHost({ local: [{ name: "x" }] });
    const codeOf = (make: () => unknown) => {
      try {
        make();
        return "no error";
      } catch (error) {
        return isSwitchboardError(error) ? error.code : String(error);
      }
    };
    expect(
      codeOf(() => buildToolset(host.catalog.snapshot().tools, "anthropic", { localTools: [echo] })),
    ).toBe("LOCAL_TOOL_INVALID");
    expect(codeOf(() => buildToolset([], "anthropic", { localTools: [echo, echo] }))).toBe(
      "LOCAL_TOOL_INVALID",
    );
    expect(codeOf(() => localTool({ name: "s", schema: z.string(), execute: () => "" }))).toBe(
      "LOCAL_TOOL_INVALID",
    );
    expect(codeOf(() => localTool({ name: "", inputSchema: { type: "object" }, execute: () => "" }))).toBe(
      "LOCAL_TOOL_INVALID",
    );
  });
});

describe("the reserved label", () => {
  it("a config server named local still loads: only a toolset given local tools beside it is refused", () => {
    const config = JSON.stringify({ mcpServers: { local: { command: "node" } } });
    expect(Object.keys(parseConfig(config, "switchboard.json").servers)).toEqual(["local"]);
  });
});

describe("local tools through dispatch", () => {
  it("runs execute beside an MCP call of the same name; nothing reaches a server for the local one", async () => {
    const { host, toolset } = setup();
    const results = await dispatchToolCalls(
      [call("local__echo", { text: "a" }), call("files__echo", { text: "b" })],
      { toolset, host },
    );
    expect(results.map((result) => [result.outcome, result.server, result.content])).toEqual([
      ["ok", "local", [{ type: "text", text: "local: a" }]],
      ["ok", "files", [{ type: "text", text: "echo ran" }]],
    ]);
    expect(host.calls.map((item) => `${item.server}/${item.tool}`)).toEqual(["files/echo"]);
  });

  it("maps a string, a JSON value and MCP-style content; a throw is an isError result the model reads", async () => {
    const values: Record<string, unknown> = {
      text: "plain",
      json: { count: 2 },
      list: [1, 2],
      mcp: { content: [{ type: "text", text: "from content" }], isError: true },
    };
    const tools = [
      ...Object.entries(values).map(([name, value]) =>
        localTool({ name, inputSchema: { type: "object" }, execute: () => value }),
      ),
      localTool({
        name: "boom",
        inputSchema: { type: "object" },
        execute: () => {
          throw new Error("disk full");
        },
      }),
    ];
    const { host, toolset } = setup(tools);
    const results = await dispatchToolCalls(
      ["text", "json", "list", "mcp", "boom"].map((name) => call(`local__${name}`)),
      { toolset, host },
    );
    expect(results.map((result) => [result.outcome, result.content])).toEqual([
      ["ok", [{ type: "text", text: "plain" }]],
      ["ok", [{ type: "text", text: '{"count":2}' }]],
      ["ok", [{ type: "text", text: "[1,2]" }]],
      ["tool-error", [{ type: "text", text: "from content" }]],
      [
        "tool-error",
        [{ type: "text", text: 'The tool "local__boom" (local tool "boom") failed: disk full' }],
      ],
    ]);
    expect(results[1]?.structuredContent).toEqual({ count: 2 });
  });

  it("checks arguments against the JSON Schema, and parses them with zod (defaults applied)", async () => {
    const seen: unknown[] = [];
    const zodTool = localTool({
      name: "repeat",
      schema: z.object({ text: z.string(), times: z.number().int().default(2) }),
      execute: (args) => {
        seen.push(args);
        return args.text.repeat(args.times);
      },
    });
    const { host, toolset } = setup([echo, zodTool]);
    const results = await dispatchToolCalls(
      [
        call("local__echo", { text: 5 }),
        call("local__repeat", { text: "ab" }),
        call("local__repeat", { times: 1 }),
      ],
      { toolset, host },
    );
    expect(results.map((result) => result.outcome)).toEqual(["invalid-arguments", "ok", "invalid-arguments"]);
    expect(results[0]?.content[0]).toMatchObject({
      text: expect.stringMatching(/arguments\/text: must be string/),
    });
    expect(results[1]?.content).toEqual([{ type: "text", text: "abab" }]);
    expect(results[2]?.content[0]).toMatchObject({ text: expect.stringMatching(/arguments\.text/) });
    expect(seen).toEqual([{ text: "ab", times: 2 }]);
  });

  it("checks every tool's arguments when their schemas share one $id (ajv refused the third registration)", async () => {
    const ran: string[] = [];
    const tools = ["a", "b", "c"].map((name) =>
      localTool({
        name,
        inputSchema: {
          $id: "https://example.test/args.json",
          type: "object",
          properties: { [name]: { type: "string" } },
          required: [name],
        },
        execute: () => {
          ran.push(name);
          return "ran";
        },
      }),
    );
    const { host, toolset } = setup(tools);
    const results = await dispatchToolCalls(
      ["a", "b", "c"].map((name) => call(`local__${name}`, {})),
      { toolset, host },
    );
    expect(results.map((result) => result.outcome)).toEqual(Array(3).fill("invalid-arguments"));
    expect(results[2]?.content[0]).toMatchObject({
      text: expect.stringMatching(/missing required property "c"/),
    });
    expect(ran).toEqual([]);
  });

  it("times out a hung execute, aborting its signal, and answers the call", async () => {
    let aborted = false;
    const slow = localTool({
      name: "slow",
      inputSchema: { type: "object" },
      timeoutMs: 30,
      execute: (_args, { signal }) =>
        new Promise(() => {
          signal.addEventListener("abort", () => {
            aborted = true;
          });
        }),
    });
    const { host, toolset } = setup([slow]);
    const [result] = await dispatchToolCalls([call("local__slow")], { toolset, host });
    expect(result?.outcome).toBe("timeout");
    expect(result?.content[0]).toMatchObject({ text: expect.stringMatching(/timed out after 30 ms/) });
    expect(aborted).toBe(true);
  });

  it("applies approval rules and truncation as for MCP calls", async () => {
    const destroy = localTool({
      name: "wipe",
      inputSchema: { type: "object" },
      annotations: { destructiveHint: true },
      execute: () => "wiped",
    });
    const big = localTool({
      name: "big",
      inputSchema: { type: "object" },
      execute: () => "word ".repeat(5_000),
    });
    const { host, toolset } = setup([destroy, big]);
    const results = await dispatchToolCalls([call("local__wipe"), call("local__big")], {
      toolset,
      host,
      approval: { rules: { local__wipe: "deny" }, requireApprovalFor: "none" },
      maxResultTokens: 100,
    });
    expect(results[0]?.outcome).toBe("denied");
    expect(results[1]?.outcome).toBe("ok");
    expect(results[1]?.truncated).toBeDefined();
  });

  it("a local tool left out of a later toolset is answered as no longer available, never run", async () => {
    let runs = 0;
    const counted = localTool({
      name: "count",
      inputSchema: { type: "object" },
      execute: () => String(++runs),
    });
    const { host, history, toolset } = setup([echo, counted]);
    const [first] = await dispatchToolCalls([call("local__count")], { toolset, host });
    expect(first?.outcome).toBe("ok");
    const later = buildToolset(host.catalog.snapshot().tools, "anthropic", { history, localTools: [echo] });
    const [second] = await dispatchToolCalls([call("local__count")], { toolset: later, host });
    expect(second?.outcome).toBe("stale-tool");
    expect(second?.content[0]).toMatchObject({
      text: expect.stringMatching(
        /"local__count" is no longer available: the local tool "count" was removed/,
      ),
    });
    expect(runs).toBe(1);
  });
});
