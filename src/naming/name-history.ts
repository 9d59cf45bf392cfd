import type { NameTable, ToolRef } from "./name-table.js";

/** Where an emitted name was last seen: the pair it stood for and the catalogue generation of that table. */
export interface NameSighting extends ToolRef {
  readonly name: string;
  /** The generation the table was built from, when its builder said. */
  readonly generation?: number;
}

/** Names kept at most; past it the oldest sighting is forgotten (a server renaming tools forever stays bounded). */
export const MAX_REMEMBERED_NAMES = 100_000;

/**
 * Every name the tables of one conversation carried, so that a call to a name the current request no longer has
 * can still be told apart from a name that never existed: "no longer available" versus "unknown". Recording a
 * table twice costs nothing (tables are frozen, so one is recorded once); a later table's sighting of a name
 * replaces an earlier one.
 */
export class NameHistory {
  readonly #names = new Map<string, NameSighting>();
  readonly #recorded = new WeakSet<NameTable>();
  readonly #limit: number;

  constructor(limit: number = MAX_REMEMBERED_NAMES) {
    this.#limit = limit;
  }

  /** Names remembered. */
  get size(): number {
    return this.#names.size;
  }

  /** Remembers every name of `table`, built from catalogue generation `generation` when given. */
  record(table: NameTable, generation?: number): void {
    if (this.#recorded.has(table)) return;
    this.#recorded.add(table);
    for (const { name, server, tool } of table.entries()) {
      this.#names.delete(name);
      this.#names.set(
        name,
        generation === undefined ? { name, server, tool } : { name, server, tool, generation },
      );
    }
    for (const oldest of this.#names.keys()) {
      if (this.#names.size <= this.#limit) break;
      this.#names.delete(oldest);
    }
  }

  /** The latest sighting of `name`, if any table recorded here carried it. */
  lookup(name: string): NameSighting | undefined {
    return this.#names.get(name);
  }
}
