import { describe, expect, it } from "vitest";
import { smitheryCorpus } from "../../test/support/smithery-corpus.js";
import type { CatalogSnapshot } from "../catalog/types.js";
import { estimateToolsetTokens } from "../cost/estimate-tokens.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import type { DispatchHost } from "../dispatch/types.js";
import { localTool } from "../local-tools/local-tool.js";
import { validateAnthropicTools } from "../providers/anthropic/validate-tools.js";
import type { ServerTool } from "../spec/tool.js";
import type { ToolCall } from "../spec/tool-call.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { arrayTokens, autoBudgetTokens, toolSearchToolset } from "./tool-search-toolset.js";
import type { SearchToolset } from "./types.js";

function catalog(initial: readonly ServerTool[]) {
  let snapshot = { generation: 1, tools: initial } as unknown as CatalogSnapshot;
  return {
    snapshot: () => snapshot,
    set(tools: readonly ServerTool[]) {
      snapshot = { generation: snapshot.generation + 1, tools } as unknown as CatalogSnapshot;
    },
  };
}

const tool = (server: string, name: string, description: string): ServerTool => ({
  server,
  tool: { name, description, inputSchema: { type: "object", properties: { q: { type: "string" } } } },
});

const small = [
  tool("weather", "get_forecast", "Weather forecast for a city"),
  tool("mail", "send_email", "Send an email message"),
  tool("mail", "list_inbox", "List the emails in the inbox"),
];

/** Runs one search_tools call through the toolset's own dispatch; returns the answer text. */
async function search(toolset: SearchToolset, query: string): Promise<string> {
  const call: ToolCall = { id: "c1", name: "search_tools", arguments: { query } };
  const host: DispatchHost = {
    callTool: () => Promise.reject(new Error("no server here")),
    catalog: { generation: 1, snapshot: () => undefined },
  };
  const [result] = await dispatchToolCalls([call], { toolset, host });
  const part = result?.content[0];
  return part?.type === "text" ? part.text : "";
}

describe("toolSearchToolset", () => {
  it("facade: at 1,000 Smithery tools the array costs at least 95% less than the full array", async () => {
    const tools = smitheryCorpus().slice(0, 1_000);
    const build = toolSearchToolset({
      catalog: catalog(tools),
      target: "anthropic",
      mode: "facade",
      settle: false,
    });
    const facade = await build();
    const full = buildToolset(tools, "anthropic");
    const model = "claude-sonnet-5";
    const facadeEstimate = estimateToolsetTokens(facade, { model });
    const facadeTokens = facadeEstimate.total;
    const fullTokens = estimateToolsetTokens(full, { model }).total;
    expect(facade.tools).toHaveLength(2);
    // The definitions themselves; `total` adds Anthropic's fixed tool-use system prompt, paid either way.
    expect(facadeEstimate.toolTokens).toBeLessThan(400);
    expect(1 - facadeTokens / fullTokens).toBeGreaterThanOrEqual(0.95);
  });

  it("facade: the array bytes do not depend on the catalogue", async () => {
    const a = await toolSearchToolset({ catalog: catalog(small), target: "openai-chat", mode: "facade" })();
    const b = await toolSearchToolset({
      catalog: catalog(small.slice(1)),
      target: "openai-chat",
      mode: "facade",
    })();
    expect(a.json).toBe(b.json);
    expect(a.hash).toBe(b.hash);
  });

  it("auto: direct while the estimate fits the budget, the facade one token past it", async () => {
    const estimate = arrayTokens(buildToolset(small, "anthropic"));
    const at = await toolSearchToolset({
      catalog: catalog(small),
      target: "anthropic",
      mode: "auto",
      budgetTokens: Math.ceil(estimate),
    })();
    const under = await toolSearchToolset({
      catalog: catalog(small),
      target: "anthropic",
      mode: "auto",
      budgetTokens: Math.ceil(estimate) - 1,
    })();
    expect(at.mode).toBe("direct");
    expect(at.tools).toHaveLength(3);
    expect(under.mode).toBe("facade");
    expect(under.tools).toHaveLength(2);
    expect(under.warnings.map((warning) => warning.code)).toEqual(["tool-search-auto-facade"]);
  });

  it("auto without a budget: a tenth of the model's context window, not a fixed 20,000 tokens", async () => {
    const corpus = smitheryCorpus();
    // The smallest prefix of the corpus whose array costs over 30,000 tokens on gpt-4.1 (1,047,576-token window).
    let count = 50;
    while (arrayTokens(buildToolset(corpus.slice(0, count), "openai-chat"), "gpt-4.1") <= 30_000) count += 50;
    const tools = corpus.slice(0, count);
    const mode = async (model: string) =>
      (await toolSearchToolset({ catalog: catalog(tools), target: "openai-chat", mode: "auto", model })())
        .mode;
    expect(autoBudgetTokens("gpt-4.1", "openai")).toBe(104_757);
    expect(autoBudgetTokens("gpt-4o", "openai")).toBe(12_800);
    expect(autoBudgetTokens("no-such-model", "no-such-family")).toBe(20_000);
    expect(await mode("gpt-4.1")).toBe("direct");
    expect(await mode("gpt-4o")).toBe("facade");
  });

  it("re-indexes a changed server: a new tool is found, a removed one is not", async () => {
    const source = catalog(small);
    const build = toolSearchToolset({ catalog: source, target: "anthropic", mode: "facade" });
    expect(await search(await build(), "forecast")).toContain("weather__get_forecast");
    source.set([tool("weather", "air_quality", "Air quality index for a city"), ...small.slice(1)]);
    const next = await build();
    expect(await search(next, "forecast")).not.toContain("get_forecast");
    expect(await search(next, "air quality")).toMatch(/^1\. weather__air_quality$/m);
  });

  it("dynamic: a search adds the found tools to the next array and reports their cost once", async () => {
    const build = toolSearchToolset({ catalog: catalog(small), target: "anthropic", mode: "dynamic" });
    const first = await build();
    expect(first.tools).toHaveLength(2);
    await search(first, "send email");
    const second = await build();
    const names = (second.tools as { name: string }[]).map((item) => item.name);
    expect(names.slice(0, 2)).toEqual(["call_tool", "search_tools"]);
    expect(names).toContain("mail__send_email");
    expect(second.warnings.map((warning) => warning.code)).toEqual(["tool-search-joined"]);
    expect(second.warnings[0]!.message).toMatch(/about \d+ more tokens on every request/);
    const third = await build();
    expect(third).toBe(second);
  });

  it("dynamic: local tools are in every array, beside the facade and the found tools, and search never returns them", async () => {
    const clock = localTool({
      name: "clock",
      description: "Send the time of a city by email",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
      execute: () => "noon",
    });
    const build = toolSearchToolset({
      catalog: catalog(small),
      target: "anthropic",
      mode: "dynamic",
      build: { localTools: [clock] },
    });
    const first = await build();
    const firstNames = (first.tools as { name: string }[]).map((item) => item.name);
    expect(firstNames).toEqual(["call_tool", "search_tools", "local__clock"]);
    expect(first.entries.map((entry) => entry.name)).toEqual(firstNames);
    const found = await search(first, "send email");
    expect(found).toContain("mail__send_email");
    expect(found).not.toContain("local__clock");
    const second = await build();
    const names = (second.tools as { name: string }[]).map((item) => item.name);
    expect(names.slice(0, 3)).toEqual(["call_tool", "search_tools", "local__clock"]);
    expect(names).toContain("mail__send_email");
  });

  it("native: a valid Anthropic array with every tool deferred behind a non-deferred search tool", async () => {
    const tools = smitheryCorpus().slice(0, 200);
    const native = await toolSearchToolset({
      catalog: catalog(tools),
      target: "anthropic",
      mode: "native",
      build: { cacheControl: { type: "ephemeral" } },
    })();
    expect(validateAnthropicTools(native.tools)).toEqual([]);
    const [first, ...rest] = native.tools as unknown[] as Record<string, unknown>[];
    expect(first).toMatchObject({
      type: "tool_search_tool_bm25_20251119",
      cache_control: { type: "ephemeral" },
    });
    expect(rest.every((item) => item.defer_loading === true && item.cache_control === undefined)).toBe(true);
    expect(rest.length).toBe(native.entries.filter((entry) => entry.status === "ok").length);
    const empty = await toolSearchToolset({ catalog: catalog([]), target: "anthropic", mode: "native" })();
    expect(validateAnthropicTools(empty.tools)).toEqual([]);
  });

  it("native falls back to the facade where the provider has no tool search", async () => {
    const toolset = await toolSearchToolset({ catalog: catalog(small), target: "gemini", mode: "native" })();
    expect(toolset.mode).toBe("facade");
    expect(toolset.warnings.map((warning) => warning.code)).toEqual(["tool-search-native-unavailable"]);
  });
});
