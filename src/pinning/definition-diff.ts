/**
 * A line diff between an approved tool definition and the one a server lists now, for a person to review. The
 * definition is shown field by field (description text line by line, schemas as indented canonical JSON), and
 * every line is made inert first: it is text the server wrote.
 */
import { canonicalJson } from "../schema/canonical-json.js";
import type { PinnedDefinition } from "./tool-definition.js";
import { untrustedLine } from "./untrusted-text.js";

export interface DiffOptions {
  /** Unchanged lines shown around each change. Default 2. */
  context?: number;
}

/** Lines prefixed `- ` (approved), `+ ` (now) or `  ` (both), with `…` where unchanged lines are skipped. */
export function diffDefinitions(
  approved: PinnedDefinition,
  current: PinnedDefinition,
  options: DiffOptions = {},
): string[] {
  const before = displayLines(approved);
  const after = displayLines(current);
  const edits = lineEdits(before, after);
  const context = options.context ?? 2;
  const keep = new Set<number>();
  edits.forEach((edit, index) => {
    if (edit.kind === "same") return;
    for (let near = index - context; near <= index + context; near += 1) keep.add(near);
  });
  const out: string[] = [];
  let skipped = false;
  edits.forEach((edit, index) => {
    if (!keep.has(index)) {
      if (!skipped) out.push("  …");
      skipped = true;
      return;
    }
    skipped = false;
    out.push(`${edit.kind === "add" ? "+" : edit.kind === "remove" ? "-" : " "} ${edit.line}`);
  });
  return out;
}

/** The definition as reviewable lines. */
export function displayLines(definition: PinnedDefinition): string[] {
  const lines: string[] = [];
  if (definition.title !== undefined) lines.push(`title: ${untrustedLine(definition.title)}`);
  if (definition.description !== undefined) {
    lines.push("description:");
    for (const line of definition.description.split("\n")) lines.push(`  ${untrustedLine(line)}`);
  }
  lines.push("inputSchema:", ...jsonLines(definition.inputSchema));
  if (definition.outputSchema !== undefined)
    lines.push("outputSchema:", ...jsonLines(definition.outputSchema));
  if (definition.annotations !== undefined) lines.push("annotations:", ...jsonLines(definition.annotations));
  return lines;
}

function jsonLines(value: unknown): string[] {
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2)
    .split("\n")
    .map((line) => `  ${untrustedLine(line)}`);
}

interface Edit {
  kind: "same" | "add" | "remove";
  line: string;
}

/** Longest-common-subsequence edit script; past ~4M cells, everything removed then everything added. */
function lineEdits(before: readonly string[], after: readonly string[]): Edit[] {
  const n = before.length;
  const m = after.length;
  if (n * m > 4_000_000) {
    return [
      ...before.map((line): Edit => ({ kind: "remove", line })),
      ...after.map((line): Edit => ({ kind: "add", line })),
    ];
  }
  // lengths[i][j]: LCS length of before[i..] and after[j..], in one flat array.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        before[i] === after[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const edits: Edit[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      edits.push({ kind: "same", line: before[i]! });
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      edits.push({ kind: "remove", line: before[i]! });
      i += 1;
    } else {
      edits.push({ kind: "add", line: after[j]! });
      j += 1;
    }
  }
  while (i < n) edits.push({ kind: "remove", line: before[i++]! });
  while (j < m) edits.push({ kind: "add", line: after[j++]! });
  return edits;
}
