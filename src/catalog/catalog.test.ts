import { describe, expect, it } from "vitest";
import { TypedEmitter } from "../connect/typed-emitter.js";
import type { ConnectionEvents, ConnectionState, ListKind, ServerListing } from "../connect/types.js";
import { listing, tool } from "./__fixtures__/listing.js";
import { Catalog, type CatalogSource } from "./catalog.js";
import type { CatalogChange } from "./types.js";

/** An in-process stand-in for a ServerConnection: it serves `serverListing` and counts re-lists. */
class FakeSource extends TypedEmitter<ConnectionEvents> implements CatalogSource {
  state: ConnectionState = "connecting";
  listing: ServerListing | undefined;
  serverListing: ServerListing = listing();
  refreshes: Array<readonly ListKind[]> = [];

  constructor(readonly name: string) {
    super();
  }

  async refreshListing(kinds: readonly ListKind[]): Promise<ServerListing> {
    this.refreshes.push(kinds);
    if (this.state !== "ready") throw new Error("not ready");
    this.listing = structuredClone(this.serverListing);
    return this.listing;
  }

  become(state: ConnectionState): void {
    const previous = this.state;
    this.state = state;
    if (state === "ready") this.listing = structuredClone(this.serverListing);
    this.emit("state", state, previous);
  }

  signal(kind: ListKind): void {
    this.emit("listChanged", kind);
  }
}

function setup(options: ConstructorParameters<typeof Catalog>[0] = {}) {
  const catalog = new Catalog({ debounceMs: 10, ...options });
  const changes: CatalogChange[] = [];
  catalog.on("change", (change) => changes.push(change));
  return { catalog, changes };
}

describe("Catalog", () => {
  it("starts empty at generation 0", () => {
    const { catalog } = setup();
    expect(catalog.generation).toBe(0);
    expect(catalog.snapshot().tools).toEqual([]);
  });

  it("enters a server's listing when it becomes ready and bumps the generation once", () => {
    const { catalog, changes } = setup();
    const source = new FakeSource("files");
    source.serverListing = listing({ tools: [tool("read"), tool("write")] });
    catalog.attach(source);
    source.become("ready");
    expect(catalog.generation).toBe(1);
    expect(catalog.snapshot().tools.map((entry) => `${entry.server}/${entry.tool.name}`)).toEqual([
      "files/read",
      "files/write",
    ]);
    expect(changes).toEqual([
      {
        generation: 1,
        server: "files",
        diff: {
          tools: { added: ["read", "write"], removed: [], changed: [] },
          resources: { added: [], removed: [], changed: [] },
          resourceTemplates: { added: [], removed: [], changed: [] },
          prompts: { added: [], removed: [], changed: [] },
        },
      },
    ]);
  });

  it("picks up a source that is already ready when attached", () => {
    const { catalog } = setup();
    const source = new FakeSource("early");
    source.serverListing = listing({ tools: [tool("t")] });
    source.become("ready");
    catalog.attach(source);
    expect(catalog.snapshot().tools).toHaveLength(1);
  });

  it("orders tools by server then name, whatever order servers connect in", () => {
    const build = (order: string[]) => {
      const { catalog } = setup();
      for (const name of order) {
        const source = new FakeSource(name);
        source.serverListing = listing({ tools: [tool("z"), tool("a")] });
        catalog.attach(source);
        source.become("ready");
      }
      return JSON.stringify(catalog.snapshot().tools);
    };
    expect(build(["b", "a", "c"])).toBe(build(["c", "b", "a"]));
  });

  it("re-lists after list_changed, debounces a storm into one re-list, and reports the diff", async () => {
    const { catalog, changes } = setup();
    const source = new FakeSource("s");
    source.serverListing = listing({ tools: [tool("a"), tool("b", { description: "old" })] });
    catalog.attach(source);
    source.become("ready");
    source.serverListing = listing({ tools: [tool("b", { description: "new" }), tool("c")] });
    for (let index = 0; index < 25; index += 1) source.signal("tools");
    source.signal("prompts");
    await catalog.settled();
    expect(source.refreshes).toEqual([["prompts", "tools"]]);
    expect(catalog.generation).toBe(2);
    expect(changes.at(-1)?.diff.tools).toEqual({ added: ["c"], removed: ["a"], changed: ["b"] });
  });

  it("keeps the generation when a list_changed changes nothing", async () => {
    const { catalog, changes } = setup();
    const source = new FakeSource("s");
    source.serverListing = listing({ tools: [tool("a")] });
    catalog.attach(source);
    source.become("ready");
    const before = catalog.snapshot();
    source.signal("tools");
    await catalog.settled();
    expect(source.refreshes).toHaveLength(1);
    expect(catalog.generation).toBe(1);
    expect(catalog.snapshot()).toBe(before);
    expect(changes).toHaveLength(1);
  });

  it("a storm longer than maxWaitMs still re-lists along the way", async () => {
    const { catalog } = setup({ debounceMs: 20, maxWaitMs: 30 });
    const source = new FakeSource("s");
    catalog.attach(source);
    source.become("ready");
    const until = performance.now() + 120;
    while (performance.now() < until) {
      source.signal("tools");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await catalog.settled();
    expect(source.refreshes.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps the listing while restarting, diffs the restarted listing, and removes a failed server", () => {
    const { catalog, changes } = setup();
    const source = new FakeSource("s");
    source.serverListing = listing({ tools: [tool("a")] });
    catalog.attach(source);
    source.become("ready");
    source.become("restarting");
    expect(catalog.snapshot().tools).toHaveLength(1);
    source.become("ready");
    expect(catalog.generation).toBe(1);
    source.become("restarting");
    source.serverListing = listing({ tools: [tool("a"), tool("b")] });
    source.become("ready");
    expect(catalog.generation).toBe(2);
    expect(changes.at(-1)?.diff.tools.added).toEqual(["b"]);
    source.become("failed");
    expect(catalog.generation).toBe(3);
    expect(catalog.snapshot().tools).toEqual([]);
    expect(changes.at(-1)?.diff.tools.removed).toEqual(["a", "b"]);
  });

  it("keeps old generations readable and frozen, retaining the last K", () => {
    const { catalog } = setup({ keepGenerations: 3 });
    const source = new FakeSource("s");
    catalog.attach(source);
    source.serverListing = listing({ tools: [tool("v1")] });
    source.become("ready");
    const first = catalog.snapshot();
    for (const version of ["v2", "v3", "v4"]) {
      catalog.update("s", listing({ tools: [tool(version)] }));
    }
    expect(catalog.generation).toBe(4);
    expect(catalog.retainedGenerations()).toEqual([2, 3, 4]);
    expect(catalog.snapshot(1)).toBeUndefined();
    expect(catalog.snapshot(2)?.tools[0]?.tool.name).toBe("v2");
    // A caller holding generation 1 still reads it intact.
    expect(first.tools[0]?.tool.name).toBe("v1");
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.tools[0]?.tool.inputSchema)).toBe(true);
    expect(() => {
      (first.tools as unknown as unknown[]).push(1);
    }).toThrow(TypeError);
  });

  it("stops following a detached source", async () => {
    const { catalog } = setup();
    const source = new FakeSource("s");
    const detach = catalog.attach(source);
    source.become("ready");
    detach();
    source.signal("tools");
    source.become("failed");
    await catalog.settled();
    expect(source.refreshes).toEqual([]);
    expect(catalog.generation).toBe(0);
  });

  it("reports a failed re-list as an error and keeps the previous entries", async () => {
    const { catalog } = setup();
    const source = new FakeSource("s");
    source.serverListing = listing({ tools: [tool("a")] });
    catalog.attach(source);
    source.become("ready");
    const errors: string[] = [];
    catalog.on("error", (server) => errors.push(server));
    source.refreshListing = async () => {
      throw new Error("tools/list failed");
    };
    source.signal("tools");
    await catalog.settled();
    expect(errors).toEqual(["s"]);
    expect(catalog.snapshot().tools).toHaveLength(1);
  });
  it("settled() returns during an endless list_changed storm instead of waiting for it to stop", async () => {
    const { catalog } = setup({ debounceMs: 5, maxWaitMs: 20 });
    const source = new FakeSource("storm");
    catalog.attach(source);
    source.become("ready");
    // A server that announces a change every time it is listed: a re-list is always pending.
    const list = source.refreshListing.bind(source);
    source.refreshListing = async (kinds) => {
      source.signal("tools");
      return list(kinds);
    };
    source.signal("tools");
    const started = performance.now();
    await catalog.settled();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(source.refreshes.length).toBeGreaterThanOrEqual(2);
  }, 5_000);
});
