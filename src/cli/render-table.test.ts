import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clip, oneLine, renderTable } from "./render-table.js";
import { terminalText } from "./terminal-text.js";

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

describe("renderTable on long cells (property)", () => {
  /** The cell as it was made before cells were cut early: every code point of the whole value. */
  const reference = (value: string, maxWidth: number) => {
    const chars = Array.from(terminalText(oneLine(value)));
    return chars.length <= maxWidth
      ? chars.join("")
      : `${chars.slice(0, Math.max(0, maxWidth - 1)).join("")}…`;
  };
  // Long whitespace runs make the start of a value fold to far less than it looked; emoji and escapes sit at cuts.
  const unit = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom("a", "b", " ", "\n", "\t", "é") },
    { weight: 2, arbitrary: fc.constantFrom(" ".repeat(60), "\n \t".repeat(40)) },
    { weight: 2, arbitrary: fc.constantFrom("😀", "\u001b", "\u202e", "\ud83d", "\ude00", "\u200b") },
  );

  it("shows a character whose surrogate pair straddles where the value was first cut", () => {
    // The first 64 units end with half of 😀.
    const value = `abcdefghij${" ".repeat(53)}😀${"x".repeat(200)}`;
    const table = renderTable([{ value }], [{ header: "h", value: (row) => row.value, maxWidth: 16 }]);
    expect(table.split("\n")[2]).toBe(reference(value, 16));
    expect(reference(value, 16)).toBe("abcdefghij 😀xxx…");
  });

  it("shows the same start of a long value as a cell made from all of it", () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 900 }), fc.integer({ min: 0, max: 80 }), (units, maxWidth) => {
        const value = units.join("");
        const table = renderTable([{ value }], [{ header: "h", value: (row) => row.value, maxWidth }]);
        const expected = reference(value, maxWidth);
        expect(table.split("\n")[2]).toBe(
          expected.padEnd(Math.max(1, Array.from(expected).length)).trimEnd(),
        );
      }),
      { numRuns: 1_000 },
    );
  });
});
