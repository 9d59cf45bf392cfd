import { describe, expect, it } from "vitest";
import { PROFILES } from "../providers/profiles.js";
import { NameHistory } from "./name-history.js";
import { buildNameTable } from "./name-table.js";

const rule = PROFILES["openai-chat"].name;

describe("NameHistory", () => {
  it("remembers every name of every table, the latest sighting winning", () => {
    const history = new NameHistory();
    const first = buildNameTable([{ server: "a", tool: "x" }], rule);
    const second = buildNameTable([{ server: "a", tool: "y" }], rule, { aliases: { a: "b" } });
    history.record(first, 1);
    history.record(second, 2);
    history.record(first, 3); // the same frozen table again: already recorded
    expect(history.lookup("a__x")).toEqual({ name: "a__x", server: "a", tool: "x", generation: 1 });
    expect(history.lookup("b__y")).toEqual({ name: "b__y", server: "a", tool: "y", generation: 2 });
    expect(history.lookup("a__y")).toBeUndefined();
    history.record(buildNameTable([{ server: "a", tool: "x" }], rule));
    expect(history.lookup("a__x")).toEqual({ name: "a__x", server: "a", tool: "x" });
  });

  it("forgets the oldest names past its limit", () => {
    const history = new NameHistory(3);
    for (const tool of ["p", "q", "r", "s"]) history.record(buildNameTable([{ server: "a", tool }], rule), 1);
    expect(history.size).toBe(3);
    expect(history.lookup("a__p")).toBeUndefined();
    expect(history.lookup("a__s")?.tool).toBe("s");
  });
});
