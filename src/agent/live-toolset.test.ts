import { describe, expect, it } from "vitest";
import { listing, tool } from "../catalog/__fixtures__/listing.js";
import { Catalog } from "../catalog/catalog.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { liveToolset } from "./live-toolset.js";

describe("liveToolset", () => {
  it("rebuilds after a catalogue change with the same bytes as a fresh build, and reuses an unchanged one", async () => {
    const catalog = new Catalog();
    catalog.update("files", listing({ tools: [tool("read"), tool("write", { description: "v1" })] }));
    catalog.update("db", listing({ tools: [tool("query")] }));
    const next = liveToolset({
      catalog,
      target: "anthropic",
      build: { cacheControl: { type: "ephemeral" } },
    });
    const first = await next();
    expect(await next()).toBe(first);

    catalog.update("files", listing({ tools: [tool("read"), tool("write", { description: "v2" })] }));
    const second = await next();
    const fresh = buildToolset(catalog.snapshot().tools, "anthropic", {
      cacheControl: { type: "ephemeral" },
      generation: catalog.generation,
    });
    expect(second.generation).toBe(catalog.generation);
    expect(second.json).toBe(fresh.json);
    expect(second.hash).toBe(fresh.hash);
    expect(second.json).toContain('"description":"v2"');
    expect(second.hash).not.toBe(first.hash);
  });
});
