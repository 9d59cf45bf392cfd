import { describe, expect, it } from "vitest";
import { Catalog } from "../catalog/catalog.js";
import { listing } from "./__fixtures__/fake-host.js";
import { findRemoval, removalLogFor, trackRemovals } from "./removal-log.js";

describe("trackRemovals", () => {
  it("records each removal with its generation and time, and forgets a tool that comes back", () => {
    const catalog = new Catalog();
    let clock = 1_000;
    const log = trackRemovals(catalog, () => clock);
    catalog.update("s", listing([{ name: "a" }, { name: "b" }]));
    clock = 2_000;
    catalog.update("s", listing([{ name: "a" }]));
    expect(log.lookup("s", "b")).toEqual({ server: "s", tool: "b", generation: 2, at: 2_000 });
    expect(log.lookup("s", "a")).toBeUndefined();
    expect(log.lookup("other", "b")).toBeUndefined();
    clock = 3_000;
    catalog.update("s", undefined);
    expect(log.lookup("s", "a")).toEqual({ server: "s", tool: "a", generation: 3, at: 3_000 });
    catalog.update("s", listing([{ name: "a" }, { name: "b" }]));
    expect(log.lookup("s", "b")).toBeUndefined();
    log.stop();
    catalog.update("s", undefined);
    expect(log.lookup("s", "b")).toBeUndefined();
  });

  it("removalLogFor attaches one log per catalogue", () => {
    const catalog = new Catalog();
    expect(removalLogFor(catalog)).toBe(removalLogFor(catalog));
    expect(catalog.listenerCount("change")).toBe(1);
  });
});

describe("findRemoval", () => {
  it("finds the first retained generation after `since` without the tool", () => {
    const catalog = new Catalog();
    catalog.update("s", listing([{ name: "a" }, { name: "b" }])); // 1
    catalog.update("t", listing([{ name: "x" }])); // 2
    catalog.update("s", listing([{ name: "a" }])); // 3
    expect(findRemoval(catalog, "s", "b", 1)).toEqual({ server: "s", tool: "b", generation: 3 });
    expect(findRemoval(catalog, "s", "b", undefined)).toBeUndefined();
    expect(findRemoval(catalog, "s", "a", 1)).toBeUndefined();
  });
});
