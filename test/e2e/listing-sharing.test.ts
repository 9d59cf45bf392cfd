/**
 * Memory: a server's listing and the catalogue hold each tool's schemas once between them. The connection keeps
 * each listed tool as a frozen copy of its JSON, the catalogue shares those copies, and a re-list keeps the copy
 * of every tool that did not change (so the catalogue's unchanged entries still share them).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectHost, type Host } from "../../src/catalog/host.js";
import type { ServerTool } from "../../src/spec/tool.js";
import { fixtureServer } from "../fixtures/fixture-command.js";
import { childPids, configOf } from "./helpers.js";

describe("listing and catalogue share each tool's schemas", () => {
  let host: Host;

  beforeAll(async () => {
    host = await connectHost(configOf(fixtureServer("changing-server")), { catalog: { debounceMs: 0 } });
  });
  afterAll(async () => {
    await host?.close();
    expect(childPids()).toEqual([]);
  });

  const connection = () => host.pool.get("changing-server");
  const listed = (name: string) => connection()?.listing?.tools.find((tool) => tool.name === name);
  const entry = (name: string): ServerTool | undefined =>
    host.catalog.snapshot().tools.find((item) => item.tool.name === name);

  it("keeps the listed tools as frozen plain JSON, and the catalogue shares their schemas", () => {
    const beta = listed("beta");
    expect(beta).toEqual({
      name: "beta",
      description: "Second",
      inputSchema: { type: "object", properties: {} },
    });
    expect(Object.isFrozen(beta)).toBe(true);
    expect(Object.isFrozen(beta?.inputSchema.properties)).toBe(true);
    for (const name of ["mutate", "noop", "alpha", "beta"]) {
      expect(entry(name)?.tool.inputSchema).toBe(listed(name)?.inputSchema);
    }
  });

  it("a re-list that changes nothing keeps every listed tool object", async () => {
    const before = connection()?.listing?.tools ?? [];
    const listing = await connection()?.refreshListing(["tools"]);
    expect(listing?.tools).not.toBe(before);
    expect(listing?.tools).toHaveLength(before.length);
    listing?.tools.forEach((tool, index) => {
      expect(tool).toBe(before[index]);
    });
  });

  it("after a real change only the changed tools are new, and unchanged entries still share", async () => {
    const alpha = listed("alpha");
    const beta = listed("beta");
    const noop = listed("noop");
    await host.callTool("changing-server", "mutate", {});
    await host.catalog.settled();
    expect(listed("alpha")).toBeUndefined();
    expect(alpha).toBeDefined();
    expect(listed("beta")).not.toBe(beta);
    expect(listed("beta")?.description).toBe("Second, revised");
    expect(listed("noop")).toBe(noop);
    expect(entry("noop")?.tool.inputSchema).toBe(noop?.inputSchema);
    expect(entry("gamma")?.tool.inputSchema).toBe(listed("gamma")?.inputSchema);
  });
});
