/**
 * Plain-text tables for terminal output. Cells are single-line (newlines folded), control characters escaped
 * (before measuring, so escapes keep the columns aligned) and may be capped in width; widths are measured in
 * code points so that non-ASCII descriptions do not break the columns too badly.
 */
import { terminalText } from "./terminal-text.js";

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  maxWidth?: number;
  align?: "left" | "right";
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function clip(text: string, maxWidth: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxWidth) return text;
  return `${chars.slice(0, Math.max(0, maxWidth - 1)).join("")}…`;
}

function width(text: string): number {
  return Array.from(text).length;
}

function pad(text: string, size: number, align: "left" | "right"): string {
  const gap = " ".repeat(Math.max(0, size - width(text)));
  return align === "right" ? gap + text : text + gap;
}

export function renderTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const cells = rows.map((row) =>
    columns.map((column) => {
      const text = terminalText(oneLine(column.value(row)));
      return column.maxWidth === undefined ? text : clip(text, column.maxWidth);
    }),
  );
  const widths = columns.map((column, index) =>
    Math.max(width(column.header), ...cells.map((line) => width(line[index] ?? ""))),
  );
  const renderLine = (line: readonly string[]): string =>
    line
      .map((cell, index) => pad(cell, widths[index] ?? 0, columns[index]?.align ?? "left"))
      .join("  ")
      .trimEnd();
  const header = renderLine(columns.map((column) => column.header));
  const rule = widths.map((size) => "─".repeat(size)).join("  ");
  return [header, rule, ...cells.map(renderLine)].join("\n");
}
