/**
 * The catalogue against real fixture servers over stdio: every page of a paged server, list_changed turning
 * into the right diff and a new generation, a no-op list_changed and a storm of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import type { CatalogChange } from "../../src/catalog/types.js";
import { fixtureServer } from "../fixtures/fixture-command.js";
import { childPids, configOf } from "./helpers.js";

function textOf(result: { content: unknown }): string {
  const [first] = result.content as Array<{ type: string; text?: string }>;
  return first?.text ?? "";
}

describe("catalogue over real servers", () => {
  let host: Host;
  const changes: CatalogChange[] = [];

  beforeAll(async () => {
    host = await connectHost(configOf(fixtureServer("paging-server"), fixtureServer("changing-server")), {
      catalog: { debounceMs: 50 },
    });
    host.catalog.on("change", (change) => changes.push(change));
  });
  afterAll(async () => {
    await host?.close();
    expect(childPids()).toEqual([]);
  });

  it("walks every page of every list", () => {
    const snapshot = host.catalog.snapshot();
    const paging = snapshot.servers.find((server) => server.server === "paging-server");
    expect(paging?.tools.map((entry) => entry.tool.name)).toEqual([
      "tool_0",
      "tool_1",
      "tool_2",
      "tool_3",
      "tool_4",
      "tool_5",
      "tool_6",
      "tool_7",
    ]);
    expect(paging?.resources).toHaveLength(7);
    expect(paging?.resourceTemplates).toHaveLength(4);
    expect(paging?.prompts).toHaveLength(5);
    expect(paging?.tools[0]?.tool).toEqual({
      name: "tool_0",
      description: "Tool number 0",
      inputSchema: { type: "object", properties: { value: { type: "string" } } },
    });
  });

  it("starts at one generation per server that listed something", () => {
    expect(host.catalog.generation).toBe(2);
    expect(host.servers.map((server) => server.state)).toEqual(["ready", "ready"]);
  });

  it("a no-op list_changed re-lists but creates no generation", async () => {
    const before = host.catalog.snapshot();
    const listsBefore = Number(textOf(await host.callTool("changing-server", "list_count", {})));
    // The server sends list_changed before its result, so the re-list is already pending when the call returns.
    await host.callTool("changing-server", "noop", {});
    await host.catalog.settled();
    const listsAfter = Number(textOf(await host.callTool("changing-server", "list_count", {})));
    expect(listsAfter).toBe(listsBefore + 1);
    expect(host.catalog.snapshot()).toBe(before);
    expect(changes).toEqual([]);
  });

  it("list_changed after a real change gives the right diff and exactly one new generation", async () => {
    const generation = host.catalog.generation;
    const old = host.catalog.snapshot();
    await host.callTool("changing-server", "mutate", {});
    await host.catalog.settled();
    expect(changes[0]).toEqual({
      generation: generation + 1,
      server: "changing-server",
      diff: {
        tools: { added: ["gamma"], removed: ["alpha"], changed: ["beta"] },
        resources: { added: [], removed: [], changed: [] },
        resourceTemplates: { added: [], removed: [], changed: [] },
        prompts: { added: [], removed: [], changed: [] },
      },
    });
    expect(host.catalog.generation).toBe(generation + 1);
    const names = host.catalog.snapshot().tools.map((entry) => entry.tool.name);
    expect(names).toContain("gamma");
    expect(names).not.toContain("alpha");
    // The previous generation is still readable and unchanged.
    expect(host.catalog.snapshot(generation)).toBe(old);
    expect(old.tools.map((entry) => entry.tool.name)).toContain("alpha");
  });

  it("a storm of list_changed notifications is debounced into one re-list and one generation", async () => {
    changes.length = 0;
    const generation = host.catalog.generation;
    const listsBefore = Number(textOf(await host.callTool("changing-server", "list_count", {})));
    await host.callTool("changing-server", "storm", {});
    await host.catalog.settled();
    const listsAfter = Number(textOf(await host.callTool("changing-server", "list_count", {})));
    expect(listsAfter - listsBefore).toBe(1);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.diff.tools.added).toEqual(["storm_6"]);
    expect(host.catalog.generation).toBe(generation + 1);
  });

  it("prompts/list_changed re-lists prompts", async () => {
    changes.length = 0;
    await host.callTool("changing-server", "mutate", { target: "prompts" });
    await host.catalog.settled();
    expect(changes[0]?.diff.prompts).toEqual({ added: ["prompt_1"], removed: [], changed: [] });
    expect(changes[0]?.diff.tools).toEqual({ added: [], removed: [], changed: [] });
  });
});

describe("host routing", () => {
  it("routes calls by server name, reports disabled servers and rejects unknown servers", async () => {
    const host = await connectHost(
      configOf(fixtureServer("paging-server"), { ...fixtureServer("slow"), name: "off", enabled: false }),
    );
    try {
      expect(host.servers.map((server) => [server.name, server.state])).toEqual([
        ["paging-server", "ready"],
        ["off", "disabled"],
      ]);
      const result = await host.callTool("paging-server", "tool_5", {});
      expect(result.content).toEqual([{ type: "text", text: "called tool_5" }]);
      await expect(host.callTool("off", "sleep", {})).rejects.toMatchObject({ code: "SERVER_NOT_FOUND" });
      await expect(host.callTool("nope", "x", {})).rejects.toMatchObject({ code: "SERVER_NOT_FOUND" });
    } finally {
      await host.close();
    }
    // Closing keeps the last catalogue readable (the CLI prints it after shutdown).
    expect(host.catalog.snapshot().tools).toHaveLength(8);
    expect(childPids()).toEqual([]);
  });
});
