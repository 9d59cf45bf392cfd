import { describe, expect, it } from "vitest";
import { clip, renderTable } from "./render-table.js";

describe("renderTable", () => {
  it("aligns columns, folds newlines and clips long cells", () => {
    const text = renderTable(
      [
        { name: "a", count: 3, note: "first\nline" },
        { name: "longer", count: 12, note: "x".repeat(30) },
      ],
      [
        { header: "name", value: (row) => row.name },
        { header: "n", value: (row) => String(row.count), align: "right" },
        { header: "note", value: (row) => row.note, maxWidth: 10 },
      ],
    );
    expect(text.split("\n")).toEqual([
      "name     n  note",
      "──────  ──  ──────────",
      "a        3  first line",
      "longer  12  xxxxxxxxx…",
    ]);
  });

  it("clips by code points, not UTF-16 units", () => {
    expect(clip("😀😀😀", 2)).toBe("😀…");
    expect(clip("abc", 3)).toBe("abc");
  });
});
