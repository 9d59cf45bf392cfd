import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolCallError } from "../connect/call-errors.js";
import { ConnectionError, SwitchboardError } from "../errors.js";
import type { ToolCall, ToolResult } from "../spec/tool-call.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { fakeHost, listing, sleep, text } from "./__fixtures__/fake-host.js";
import { dispatchToolCalls } from "./dispatch-tool-calls.js";
import type { RemovalLog } from "./removal-log.js";
import type { ToolsetResolution } from "./types.js";

const call = (id: string, name: string, args: unknown = {}, extra: Partial<ToolCall> = {}): ToolCall => ({
  id,
  name,
  arguments: args,
  ...extra,
});
const textOf = (result: ToolResult | undefined) =>
  (result?.content ?? []).map((part) => ("text" in part ? part.text : `<${part.type}>`)).join("\n");

describe("dispatchToolCalls", () => {
  it("answers every call, in order, running them concurrently", async () => {
    const host = fakeHost({
      files: [
        {
          name: "read",
          handler: async (args) => {
            await sleep(30);
            return text(`read ${String(args.path)}`);
          },
        },
        {
          name: "stat",
          handler: async () => {
            await sleep(5);
            return text("stat ok");
          },
        },
      ],
    });
    const toolset = host.toolset();
    const results = await dispatchToolCalls(
      [
        call("a", "files__read", { path: "/a" }),
        call("b", "files__stat"),
        call("c", "files__read", { path: "/c" }),
      ],
      { toolset, host },
    );
    expect(results.map((result) => [result.callId, result.outcome, textOf(result)])).toEqual([
      ["a", "ok", "read /a"],
      ["b", "ok", "stat ok"],
      ["c", "ok", "read /c"],
    ]);
    // All three were in flight at once: none waited for another.
    expect(host.load.max).toBe(3);
    expect(results[0]).toMatchObject({ server: "files", tool: "read", isError: false });
  });

  it("passes the server's own tool name, never the emitted one", async () => {
    const host = fakeHost({ "my.server": [{ name: "get/item" }] });
    const toolset = host.toolset("openai-chat");
    const [entry] = toolset.names.entries();
    expect(entry?.name).not.toBe("get/item");
    await dispatchToolCalls([call("1", entry?.name ?? "")], { toolset, host });
    expect(host.calls.map((c) => [c.server, c.tool])).toEqual([["my.server", "get/item"]]);
  });

  it("answers an unknown name with close matches and never reaches a server", async () => {
    const host = fakeHost({ weather: [{ name: "get_forecast" }, { name: "get_alerts" }] });
    const [result] = await dispatchToolCalls([call("1", "weather__get_forcast")], {
      toolset: host.toolset(),
      host,
    });
    expect(result).toMatchObject({ outcome: "unknown-tool", isError: true });
    expect(textOf(result)).toContain('no tool named "weather__get_forcast"');
    expect(textOf(result)).toContain("Did you mean: weather__get_forecast");
    expect(host.calls).toEqual([]);
  });

  it("a bare server tool name (no prefix) is unknown too: names are only ever looked up", async () => {
    const host = fakeHost({ weather: [{ name: "get_forecast" }] });
    const [result] = await dispatchToolCalls([call("1", "get_forecast")], { toolset: host.toolset(), host });
    expect(result?.outcome).toBe("unknown-tool");
    expect(host.calls).toEqual([]);
  });

  it("says a quarantined tool was withheld, and why", async () => {
    const host = fakeHost({ db: [{ name: "query" }] });
    // A schema no dialect accepts (the catalogue would have replaced it; a toolset can be built from anything).
    const weird = { server: "db", tool: { name: "weird", inputSchema: "not a schema" as never } };
    const toolset = buildToolset([...host.catalog.snapshot().tools, weird], "anthropic");
    const quarantined = toolset.entries.find((entry) => entry.status === "quarantined");
    expect(quarantined?.tool).toBe("weird");
    const [result] = await dispatchToolCalls([call("1", "db__weird")], { toolset, host });
    expect(result?.outcome).toBe("unknown-tool");
    expect(textOf(result)).toContain(
      '"weird" of server "db" is not available to you: it was withheld because',
    );
    expect(host.calls).toEqual([]);
  });

  it("answers a tool removed since the request was built as stale, naming server, generation and time", async () => {
    const host = fakeHost({ notes: [{ name: "add" }, { name: "purge" }] });
    const toolset = host.toolset();
    // The first dispatch attaches the removal log; the removal happens after it, as in a live loop.
    await dispatchToolCalls([call("0", "notes__add")], { toolset, host });
    const before = Date.now();
    host.setTools("notes", [{ name: "add" }]);
    const [result] = await dispatchToolCalls([call("1", "notes__purge")], { toolset, host });
    expect(result).toMatchObject({ outcome: "stale-tool", server: "notes", tool: "purge" });
    const message = textOf(result);
    expect(message).toContain('server "notes" removed "purge"');
    expect(message).toContain(`catalogue generation ${host.catalog.generation}`);
    expect(message).toContain(`built from catalogue generation ${toolset.generation}`);
    const at = /at (\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(message)?.[1];
    expect(Date.parse(at ?? "")).toBeGreaterThanOrEqual(before - 1);
    expect(host.calls.map((c) => c.tool)).toEqual(["add"]);
  });

  it("without a live record, finds the removal's generation in the retained snapshots", async () => {
    const host = fakeHost({ notes: [{ name: "add" }, { name: "purge" }] });
    const toolset = host.toolset();
    host.setTools("notes", [{ name: "add" }]);
    host.setTools("notes", [{ name: "add" }, { name: "later" }]);
    const none: RemovalLog = { lookup: () => undefined, stop: () => {} };
    const [result] = await dispatchToolCalls([call("1", "notes__purge")], { toolset, host, removals: none });
    const message = textOf(result);
    expect(message).toContain(
      `in catalogue generation ${(toolset.generation ?? 0) + 1} (this request's tools`,
    );
    expect(message).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it("answers malformed arguments with the parse problem and does not run the tool", async () => {
    const host = fakeHost({ calc: [{ name: "add" }] });
    const results = await dispatchToolCalls(
      [
        call("1", "calc__add", '{"a": 1,', {
          argumentsError: "arguments are not valid JSON (Unexpected end of JSON input)",
        }),
        call("2", "calc__add", [1, 2]),
      ],
      { toolset: host.toolset(), host },
    );
    expect(results.map((result) => result.outcome)).toEqual(["malformed-call", "malformed-call"]);
    expect(textOf(results[0])).toContain("Unexpected end of JSON input");
    expect(textOf(results[1])).toContain("must be a JSON object");
    expect(host.calls).toEqual([]);
  });

  it("runs only the first of two calls sharing an id", async () => {
    const host = fakeHost({ calc: [{ name: "add" }] });
    const results = await dispatchToolCalls(
      [call("x", "calc__add"), call("x", "calc__add", {}, { duplicateId: true })],
      { toolset: host.toolset(), host },
    );
    expect(results.map((result) => result.outcome)).toEqual(["ok", "malformed-call"]);
    expect(textOf(results[1])).toContain("reuses the id x");
    expect(host.calls).toHaveLength(1);
  });

  it("maps the connection layer's failures to distinct outcomes", async () => {
    const protocol = (code: number, message: string) =>
      new ToolCallError("srv", "t", "protocol", `Server "srv" rejected tools/call "t": ${message}`, {
        cause: Object.assign(new Error(message), { code }),
      });
    const host = fakeHost({
      srv: [
        {
          name: "slow",
          handler: () =>
            Promise.reject(new ToolCallError("srv", "slow", "timeout", "timed out after 250 ms")),
        },
        {
          name: "picky",
          handler: () => Promise.reject(protocol(-32602, "MCP error -32602: count must be a number")),
        },
        { name: "broken", handler: () => Promise.reject(protocol(-32603, "MCP error -32603: internal")) },
        {
          name: "gone",
          handler: () =>
            Promise.reject(
              new ConnectionError("srv", "stdio", 'Server "srv" exited with code 3 unexpectedly', {
                code: "CONNECTION_CLOSED",
              }),
            ),
        },
        {
          name: "missing",
          handler: () => Promise.reject(new SwitchboardError("SERVER_NOT_FOUND", "no server")),
        },
        { name: "buggy", handler: () => Promise.reject(new TypeError("x is undefined")) },
        { name: "failing", handler: () => text("disk full", true) },
      ],
    });
    const names = ["slow", "picky", "broken", "gone", "missing", "buggy", "failing"];
    const results = await dispatchToolCalls(
      names.map((name, index) => call(String(index), `srv__${name}`)),
      { toolset: host.toolset(), host, timeoutMs: 250 },
    );
    expect(results.map((result) => result.outcome)).toEqual([
      "timeout",
      "invalid-arguments",
      "server-error",
      "server-crashed",
      "server-crashed",
      "server-error",
      "tool-error",
    ]);
    expect(textOf(results[0])).toContain("timed out after 250 ms");
    expect(textOf(results[1])).toContain('Server "srv" rejected the arguments');
    expect(textOf(results[1])).toContain("count must be a number");
    expect(textOf(results[3])).toContain('Server "srv" is unavailable');
    expect(textOf(results[3])).toContain("exited with code 3");
    expect(textOf(results[5])).toContain("x is undefined");
    expect(results[6]).toMatchObject({ isError: true, content: [{ type: "text", text: "disk full" }] });
    expect(host.calls.every((c) => c.options.timeoutMs === 250)).toBe(true);
  });

  it("an abort answers every pending call at once, even if the host ignores the signal", async () => {
    const host = fakeHost({
      srv: [
        { name: "stuck", handler: () => new Promise(() => {}) },
        { name: "quick", handler: () => text("done") },
      ],
    });
    const controller = new AbortController();
    const pending = dispatchToolCalls(
      [call("1", "srv__stuck"), call("2", "srv__quick"), call("3", "srv__stuck")],
      {
        toolset: host.toolset(),
        host,
        signal: controller.signal,
      },
    );
    setTimeout(() => controller.abort(new Error("stop")), 20);
    const results = await pending;
    expect(results.map((result) => result.outcome)).toEqual(["aborted", "ok", "aborted"]);
    expect(textOf(results[0])).toContain("was aborted before it finished");
    expect(host.calls.every((c) => c.options.signal === controller.signal)).toBe(true);
  });

  it("runs nothing when the turn was aborted before dispatch", async () => {
    const host = fakeHost({ srv: [{ name: "quick" }] });
    const results = await dispatchToolCalls([call("1", "srv__quick")], {
      toolset: host.toolset(),
      host,
      signal: AbortSignal.abort(),
    });
    expect(results[0]?.outcome).toBe("aborted");
    expect(textOf(results[0])).toContain("was not run");
    expect(host.calls).toEqual([]);
  });

  it("answers a result that is not a CallToolResult as a server error", async () => {
    const host = fakeHost({ srv: [{ name: "odd", handler: () => "nope" as never }] });
    const [result] = await dispatchToolCalls([call("1", "srv__odd")], { toolset: host.toolset(), host });
    expect(result?.outcome).toBe("server-error");
    expect(textOf(result)).toContain("unusable result");
  });

  it("truncates an oversized result to maxResultTokens and says so", async () => {
    const long = Array.from({ length: 3_000 }, (_, index) => `row ${index}`).join("\n");
    const host = fakeHost({ srv: [{ name: "dump", handler: () => text(long) }] });
    const [result] = await dispatchToolCalls([call("1", "srv__dump")], {
      toolset: host.toolset(),
      host,
      maxResultTokens: 500,
    });
    expect(result?.truncated).toMatchObject({ limitTokens: 500 });
    expect(result?.truncated?.keptTokens).toBeLessThanOrEqual(500);
    expect(textOf(result)).toMatch(/^row 0\nrow 1/);
    expect(textOf(result)).toContain("[Result truncated:");
    expect(textOf(result).length).toBeLessThan(long.length / 5);
  });

  it("keeps structuredContent and uses it as text when content is empty", async () => {
    const host = fakeHost({
      srv: [{ name: "data", handler: () => ({ content: [], structuredContent: { n: 1 } }) }],
    });
    const [result] = await dispatchToolCalls([call("1", "srv__data")], { toolset: host.toolset(), host });
    expect(result).toMatchObject({
      structuredContent: { n: 1 },
      content: [{ type: "text", text: '{"n":1}' }],
    });
  });

  it("property: whatever the calls, one result per call with the call's id, and it never rejects", async () => {
    const host = fakeHost({
      a: [{ name: "ok" }, { name: "bad", handler: () => text("no", true) }],
      b: [{ name: "boom", handler: () => Promise.reject(new Error("boom")) }],
    });
    const toolset = host.toolset();
    const names = ["a__ok", "a__bad", "b__boom", "a__nope", "", "b__ok"];
    const arbitraryCall = fc.record({
      id: fc.constantFrom("c1", "c2", "c3", "c4"),
      name: fc.constantFrom(...names),
      arguments: fc.oneof(
        fc.constant({}),
        fc.constant(null),
        fc.constant("x"),
        fc.dictionary(fc.string(), fc.integer()),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryCall, { maxLength: 8 }), async (calls) => {
        const results = await dispatchToolCalls(calls, { toolset, host });
        expect(results.map((result) => result.callId)).toEqual(calls.map((c) => c.id));
        expect(results.map((result) => result.name)).toEqual(calls.map((c) => c.name));
        for (const result of results) expect(result.isError).toBe(result.outcome !== "ok");
      }),
      { numRuns: 60 },
    );
  });
});

describe("dispatchToolCalls with approval", () => {
  const tools = () =>
    fakeHost({
      fs: [
        { name: "read_file", annotations: { readOnlyHint: true } },
        { name: "delete_file", annotations: { destructiveHint: true } },
        { name: "touch" },
      ],
    });

  it("runs read-only tools, and denies the rest when nobody can be asked", async () => {
    const host = tools();
    const results = await dispatchToolCalls(
      [call("1", "fs__read_file"), call("2", "fs__delete_file"), call("3", "fs__touch")],
      { toolset: host.toolset(), host, approval: {} },
    );
    expect(results.map((result) => result.outcome)).toEqual(["ok", "denied", "denied"]);
    expect(textOf(results[1])).toContain(
      "was denied and not run: approval required (the tool is marked destructive)",
    );
    expect(textOf(results[1])).toContain("no approval hook is configured");
    expect(host.calls.map((c) => c.tool)).toEqual(["read_file"]);
  });

  it("asks the hook one call at a time, in call order, and honours each answer", async () => {
    const host = tools();
    const asked: string[] = [];
    let concurrent = 0;
    const results = await dispatchToolCalls(
      [
        call("1", "fs__delete_file", { path: "/x" }),
        call("2", "fs__touch", { path: "/y" }),
        call("3", "fs__delete_file"),
      ],
      {
        toolset: host.toolset(),
        host,
        approval: {
          ask: async (request) => {
            concurrent += 1;
            expect(concurrent).toBe(1);
            asked.push(`${request.server}/${request.tool} ${JSON.stringify(request.arguments)}`);
            await sleep(5);
            concurrent -= 1;
            if (request.tool === "touch") return "allow";
            return asked.length === 1 ? { deny: "the user wants to keep /x" } : "deny";
          },
        },
      },
    );
    expect(asked).toEqual(['fs/delete_file {"path":"/x"}', 'fs/touch {"path":"/y"}', "fs/delete_file {}"]);
    expect(results.map((result) => result.outcome)).toEqual(["denied", "ok", "denied"]);
    expect(textOf(results[0])).toContain("the user wants to keep /x");
    expect(textOf(results[2])).toContain("the user declined it");
    expect(host.calls.map((c) => c.tool)).toEqual(["touch"]);
  });

  it("rules beat annotations, and a hook that throws denies", async () => {
    const host = tools();
    const results = await dispatchToolCalls(
      [call("1", "fs__read_file"), call("2", "fs__touch"), call("3", "fs__delete_file")],
      {
        toolset: host.toolset(),
        host,
        approval: {
          rules: { "fs__read_*": "deny", fs__touch: "allow", "*delete*": "ask" },
          ask: () => {
            throw new Error("UI closed");
          },
        },
      },
    );
    expect(results.map((result) => result.outcome)).toEqual(["denied", "ok", "denied"]);
    expect(textOf(results[0])).toContain('approval rule "fs__read_*": deny');
    expect(textOf(results[2])).toContain("the approval hook failed: UI closed");
  });

  it("an abort while waiting for approval answers aborted without asking again", async () => {
    const host = tools();
    const controller = new AbortController();
    let asks = 0;
    const pending = dispatchToolCalls([call("1", "fs__delete_file"), call("2", "fs__delete_file")], {
      toolset: host.toolset(),
      host,
      signal: controller.signal,
      approval: {
        ask: () => {
          asks += 1;
          return new Promise(() => {});
        },
      },
    });
    setTimeout(() => controller.abort(), 10);
    const results = await pending;
    expect(results.map((result) => result.outcome)).toEqual(["aborted", "aborted"]);
    expect(asks).toBe(1);
    expect(host.calls).toEqual([]);
  });
});

describe("dispatch for strict OpenAI targets", () => {
  it("drops the nulls strict mode made the model send for optional properties", async () => {
    const host = fakeHost({
      srv: [
        {
          name: "search",
          inputSchema: { properties: { q: { type: "string" }, page: { type: "integer" } }, required: ["q"] },
        },
      ],
    });
    const toolset = host.toolset("openai-responses");
    expect(toolset.entries[0]?.warnings.map((warning) => warning.code)).toContain("optional-made-nullable");
    await dispatchToolCalls([call("1", "srv__search", { q: "x", page: null })], { toolset, host });
    expect(host.calls[0]?.args).toEqual({ q: "x" });
    // A non-strict toolset passes arguments as the model sent them.
    await dispatchToolCalls([call("2", "srv__search", { q: "x", page: null })], {
      toolset: host.toolset("openai-chat"),
      host,
    });
    expect(host.calls[1]?.args).toEqual({ q: "x", page: null });
  });
});

describe("dispatch against a generation it was not built from", () => {
  it("a tool that changed (not removed) still runs", async () => {
    const host = fakeHost({ srv: [{ name: "t" }] });
    const toolset = host.toolset();
    host.catalog.update(
      "srv",
      listing([{ name: "t", inputSchema: { properties: { x: { type: "string" } } } }]),
    );
    const [result] = await dispatchToolCalls([call("1", "srv__t")], { toolset, host });
    expect(result?.outcome).toBe("ok");
  });
});

describe("a toolset's own resolution", () => {
  /** Answers "wrap" calls by unwrapping their `inner` name into a direct call; anything else is direct. */
  const wrapping: ToolsetResolution = {
    answer: async (c, _context, direct) => {
      if (c.name !== "wrap") return direct(c);
      const inner = String((c.arguments as { inner?: unknown }).inner);
      return { ...(await direct({ ...c, name: inner })), name: c.name };
    },
  };

  it("answers its calls, asking every direct call's question through one queue in call order", async () => {
    const host = fakeHost({ fs: [{ name: "delete_file" }, { name: "touch" }] });
    const asked: string[] = [];
    let concurrent = 0;
    const results = await dispatchToolCalls(
      [
        call("1", "wrap", { inner: "fs__delete_file" }),
        call("2", "fs__touch"),
        call("3", "wrap", { inner: "fs__touch" }),
      ],
      {
        toolset: { ...host.toolset(), resolution: wrapping },
        host,
        approval: {
          requireApprovalFor: "all",
          ask: async (request) => {
            concurrent += 1;
            expect(concurrent).toBe(1);
            asked.push(request.name);
            await sleep(5);
            concurrent -= 1;
            return "allow" as const;
          },
        },
      },
    );
    expect(asked).toEqual(["fs__delete_file", "fs__touch", "fs__touch"]);
    expect(results.map((result) => [result.name, result.tool, result.outcome])).toEqual([
      ["wrap", "delete_file", "ok"],
      ["fs__touch", "touch", "ok"],
      ["wrap", "touch", "ok"],
    ]);
  });

  it("a resolution that throws still leaves the call answered, and the others run", async () => {
    const host = fakeHost({ srv: [{ name: "t" }] });
    const broken: ToolsetResolution = {
      answer: (c, _context, direct) => (c.name === "boom" ? Promise.reject(new Error("bug")) : direct(c)),
    };
    const results = await dispatchToolCalls([call("1", "boom"), call("2", "srv__t")], {
      toolset: { ...host.toolset(), resolution: broken },
      host,
    });
    expect(results.map((result) => result.outcome)).toEqual(["server-error", "ok"]);
    expect(textOf(results[0])).toBe('The call to "boom" failed inside switchboard: bug');
  });

  it("hooks hear each call start and end; a hook that throws changes nothing", async () => {
    const host = fakeHost({ srv: [{ name: "t" }] });
    const heard: string[] = [];
    const results = await dispatchToolCalls(
      [call("1", "srv__t"), call("2", "nope")],
      { toolset: host.toolset(), host },
      {
        onStart: (c) => {
          heard.push(`start ${c.id}`);
          throw new Error("listener bug");
        },
        onEnd: (c, result) => {
          heard.push(`end ${c.id} ${result.outcome}`);
          throw new Error("listener bug");
        },
      },
    );
    expect(results.map((result) => result.outcome)).toEqual(["ok", "unknown-tool"]);
    expect(heard.slice(0, 2)).toEqual(["start 1", "start 2"]);
    expect(heard.slice(2).sort()).toEqual(["end 1 ok", "end 2 unknown-tool"]);
  });
});
