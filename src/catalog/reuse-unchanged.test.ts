import { describe, expect, it } from "vitest";
import { listing, tool } from "./__fixtures__/listing.js";
import { Catalog } from "./catalog.js";

describe("Catalog entry reuse across generations", () => {
  it("keeps unchanged entries as the same frozen objects and replaces only the changed one", () => {
    const catalog = new Catalog();
    catalog.update(
      "files",
      listing({
        tools: [tool("read"), tool("write"), tool("list", { description: "v1" })],
        resources: [{ uri: "file:///a", name: "a" }],
        prompts: [{ name: "p" }],
      }),
    );
    catalog.update("other", listing({ tools: [tool("x")] }));
    const before = catalog.snapshot();
    // Same content with another key order still counts as unchanged; "list" changes; "new" is added.
    const change = catalog.update(
      "files",
      listing({
        tools: [
          { inputSchema: { properties: {}, type: "object" }, name: "read" } as never,
          tool("write"),
          tool("list", { description: "v2" }),
          tool("new"),
        ],
        resources: [{ name: "a", uri: "file:///a" }],
        prompts: [{ name: "p" }],
      }),
    );
    expect(change?.diff.tools).toEqual({ added: ["new"], removed: [], changed: ["list"] });
    const after = catalog.snapshot();
    const byName = (snapshot: typeof before, name: string) =>
      snapshot.tools.find((entry) => entry.server === "files" && entry.tool.name === name);
    expect(byName(after, "read")).toBe(byName(before, "read"));
    expect(byName(after, "write")).toBe(byName(before, "write"));
    expect(byName(after, "list")).not.toBe(byName(before, "list"));
    expect(byName(after, "list")?.tool.description).toBe("v2");
    expect(after.resources[0]).toBe(before.resources[0]);
    expect(after.prompts[0]).toBe(before.prompts[0]);
    // The untouched server's entries are shared too, and everything stays frozen.
    expect(after.tools.find((entry) => entry.server === "other")).toBe(
      before.tools.find((entry) => entry.server === "other"),
    );
    expect(Object.isFrozen(byName(after, "new")?.tool.inputSchema)).toBe(true);
    // The old generation still shows the old definition.
    expect(byName(catalog.snapshot(before.generation) ?? before, "list")?.tool.description).toBe("v1");
  });
});
