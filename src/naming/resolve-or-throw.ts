import { SwitchboardError } from "../errors.js";
import { closeMatches } from "./close-matches.js";
import { quoteName } from "./legalise-name.js";
import type { NameTable, ToolRef } from "./name-table.js";

/** A model called a name the table never emitted (hallucinated, stale, or still wearing someone's prefix). */
export class NameNotInTableError extends SwitchboardError {
  override name = "NameNotInTableError";
  readonly emitted: string;
  /** Up to five emitted names that look like `emitted`, best first. */
  readonly suggestions: readonly string[];

  constructor(emitted: string, suggestions: readonly string[], tableSize: number) {
    const hint = suggestions.length === 0 ? "" : ` Did you mean: ${suggestions.join(", ")}?`;
    super(
      "NAME_NOT_IN_TABLE",
      `No tool named ${quoteName(emitted)} among ${tableSize} emitted names.${hint}`,
    );
    this.emitted = emitted;
    this.suggestions = suggestions;
  }
}

/** The dispatch-side assert: look the name up, or throw `NAME_NOT_IN_TABLE` with close matches. */
export function resolveOrThrow(table: NameTable, emitted: string): ToolRef {
  const target = table.resolve(emitted);
  if (target !== undefined) return target;
  const names = table.entries().map((entry) => entry.name);
  throw new NameNotInTableError(emitted, closeMatches(emitted, names, 5), table.size);
}
