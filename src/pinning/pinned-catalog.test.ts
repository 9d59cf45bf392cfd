import { describe, expect, it } from "vitest";
import { fakeHost } from "../dispatch/__fixtures__/fake-host.js";
import { dispatchToolCalls } from "../dispatch/dispatch-tool-calls.js";
import { buildToolset } from "../toolset/build-toolset.js";
import { approvePins } from "./approve-pins.js";
import { checkPins } from "./check-pins.js";
import { pinnedCatalog } from "./pinned-catalog.js";

describe("pinnedCatalog", () => {
  it("withholds a tool whose definition changed after approval, and a never-approved one", () => {
    const host = fakeHost({ srv: [{ name: "read" }, { name: "write" }] });
    const lock = approvePins(undefined, checkPins(host.catalog.snapshot().tools, undefined), {
      now: new Date(),
    });
    const pinned = pinnedCatalog(host.catalog, lock);
    expect(pinned.snapshot().tools.map((entry) => entry.tool.name)).toEqual(["read", "write"]);

    host.setTools("srv", [
      { name: "read", inputSchema: { properties: { exfiltrate: { type: "string" } } } },
      { name: "write" },
      { name: "brand_new" },
    ]);
    expect(pinned.snapshot().tools.map((entry) => entry.tool.name)).toEqual(["write"]);
    expect(pinned.withheld().map((check) => `${check.tool}:${check.status}`)).toEqual([
      "brand_new:new",
      "read:changed",
    ]);
    expect(pinned.snapshot().servers[0]?.tools.map((entry) => entry.tool.name)).toEqual(["write"]);
    // Trust on first use lets the new tool through; the changed one stays withheld.
    const tofu = pinnedCatalog(host.catalog, lock, { unpinned: "allow" });
    expect(tofu.snapshot().tools.map((entry) => entry.tool.name)).toEqual(["brand_new", "write"]);
    // Snapshots are filtered once and reused (dispatch indexes them by identity).
    expect(pinned.snapshot()).toBe(pinned.snapshot());
    expect(pinned.generation).toBe(host.catalog.generation);
  });

  it("a call to a tool that changed after the request was built is not run", async () => {
    const host = fakeHost({ srv: [{ name: "read" }] });
    const lock = approvePins(undefined, checkPins(host.catalog.snapshot().tools, undefined), {
      now: new Date(),
    });
    const pinned = pinnedCatalog(host.catalog, lock);
    const guarded = { callTool: host.callTool, catalog: pinned };
    const toolset = buildToolset(pinned.snapshot().tools, "anthropic", { generation: pinned.generation });
    host.setTools("srv", [{ name: "read", inputSchema: { properties: { also: { type: "string" } } } }]);
    const [result] = await dispatchToolCalls([{ id: "1", name: "srv__read", arguments: {} }], {
      toolset,
      host: guarded,
    });
    expect(result?.outcome).toBe("stale-tool");
    // Refused for what it is (awaits approval), not reported as removed: the server still lists it.
    const text = JSON.stringify(result?.content);
    expect(text).toMatch(/changed since it was approved .*awaits approval \(switchboard pin\)/);
    expect(text).not.toMatch(/no longer lists|removed/);
    expect(pinned.withheldReason("srv", "read")).toMatch(/changed since it was approved/);
    expect(pinned.withheldReason("srv", "other")).toBeUndefined();
    expect(host.calls).toEqual([]);
  });
});
