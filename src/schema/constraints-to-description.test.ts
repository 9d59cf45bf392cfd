import { describe, expect, it } from "vitest";
import { appendNote, describeConstraint, moveToDescription } from "./constraints-to-description.js";
import { createContext } from "./repair-context.js";

describe("constraints kept as description text", () => {
  it("appends notes in a fixed keyword order, whatever the input key order", () => {
    const ctx = createContext(8);
    const node = { maximum: 9, description: "How many", format: "int32", minimum: 1, type: "integer" };
    const moved = moveToDescription(
      node,
      ["maximum", "format", "minimum"],
      "/properties/n",
      ctx,
      "is not supported",
    );
    expect(moved).toEqual({
      type: "integer",
      description: "How many (format: int32; minimum: 1; maximum: 9)",
    });
    expect(ctx.warnings.map((w) => `${w.code} ${w.path}`)).toEqual([
      "format-dropped /properties/n",
      "constraint-dropped /properties/n",
      "constraint-dropped /properties/n",
    ]);
    expect(node.format).toBe("int32");
  });

  it("uses the note as the description when there is none, and returns the node itself when nothing moves", () => {
    const ctx = createContext(8);
    expect(appendNote({ type: "string" }, "format: uri")).toEqual({
      type: "string",
      description: "format: uri",
    });
    expect(appendNote({ description: "  " }, "x")).toEqual({ description: "x" });
    const node = { type: "string" };
    expect(moveToDescription(node, ["pattern"], "", ctx, "why")).toBe(node);
    expect(ctx.warnings).toEqual([]);
  });

  it("clips huge values so a 10,000-value enum cannot become a 10,000-value description", () => {
    const values = Array.from({ length: 10_000 }, (_, i) => i);
    const text = describeConstraint("enum", values) ?? "";
    expect(text.startsWith("allowed values: 0, 1, 2")).toBe(true);
    expect(text.endsWith("... (9950 more)")).toBe(true);
    expect((describeConstraint("default", "x".repeat(1000)) ?? "").length).toBeLessThan(220);
    expect(describeConstraint("uniqueItems", false)).toBeUndefined();
  });
});
