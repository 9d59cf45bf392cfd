import { describe, expect, it } from "vitest";
import { isSwitchboardError } from "../errors.js";
import { PROFILES } from "../providers/profiles.js";
import { buildNameTable } from "./name-table.js";
import { NameNotInTableError, resolveOrThrow } from "./resolve-or-throw.js";

const table = buildNameTable(
  ["search", "create", "list", "close", "comment", "assign"].map((tool) => ({ server: "tickets", tool })),
  PROFILES.anthropic.name,
);

function thrown(run: () => unknown): NameNotInTableError {
  try {
    run();
  } catch (error) {
    if (error instanceof NameNotInTableError) return error;
    throw error;
  }
  throw new Error("expected a throw");
}

describe("resolveOrThrow", () => {
  it("returns the pair for an emitted name", () => {
    expect(resolveOrThrow(table, "tickets__search")).toEqual({ server: "tickets", tool: "search" });
  });

  it("throws NAME_NOT_IN_TABLE with close matches for a still-prefixed name", () => {
    const error = thrown(() => resolveOrThrow(table, "mcp__tickets__search"));
    expect(isSwitchboardError(error)).toBe(true);
    expect(error.code).toBe("NAME_NOT_IN_TABLE");
    expect(error.emitted).toBe("mcp__tickets__search");
    expect(error.suggestions[0]).toBe("tickets__search");
    expect(error.suggestions).toHaveLength(5);
    expect(error.message).toContain("Did you mean: tickets__search, ");
  });

  it("suggests the full name for a bare tool name and nothing for noise", () => {
    expect(thrown(() => resolveOrThrow(table, "search")).suggestions).toEqual(["tickets__search"]);
    const noise = thrown(() => resolveOrThrow(table, "qqqqqqqqqq"));
    expect(noise.suggestions).toEqual([]);
    expect(noise.message).toBe('No tool named "qqqqqqqqqq" among 6 emitted names.');
  });
});
