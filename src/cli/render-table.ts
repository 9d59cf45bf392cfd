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
  const cut = codePointIndex(text, Math.max(0, maxWidth - 1));
  // Fits when the text ends within one more code point of the cut.
  if (cut >= text.length || codePointIndex(text, maxWidth, cut, maxWidth - 1) >= text.length) return text;
  return `${text.slice(0, cut)}…`;
}

/**
 * The index where code point `count` starts (or `text.length`), counting from code point `from` at `start`.
 * Measures without the array of every code point `Array.from` would make (a description runs to kilobytes).
 */
function codePointIndex(text: string, count: number, start = 0, from = 0): number {
  let at = start;
  for (let seen = Math.max(0, from); seen < count && at < text.length; seen += 1) {
    const code = text.charCodeAt(at);
    at += code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
  }
  return at;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function width(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; count += 1) {
    const code = text.charCodeAt(at);
    at += code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
  }
  return count;
}

function pad(text: string, size: number, align: "left" | "right"): string {
  const gap = " ".repeat(Math.max(0, size - width(text)));
  return align === "right" ? gap + text : text + gap;
}

/**
 * `clip(terminalText(oneLine(value)), maxWidth)`, reading only as much of `value` as the cell can show: folding
 * whitespace only shortens text and escaping only lengthens it, character by character, so the cell made from a
 * long enough start of `value` is the cell of all of it.
 */
function cellText(value: string, maxWidth: number | undefined): string {
  if (maxWidth === undefined) return terminalText(oneLine(value));
  for (let take = Math.max(64, maxWidth * 4); take < value.length; take *= 4) {
    const head = terminalText(value.slice(0, take).replace(/\s+/g, " ").trimStart());
    // More than the cell holds, past the last (perhaps partial) whitespace run or half of a surrogate pair: the
    // full text's cell.
    if (width(head) > maxWidth + 1) return clip(head, maxWidth);
  }
  return clip(terminalText(oneLine(value)), maxWidth);
}

export function renderTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row), column.maxWidth)));
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
