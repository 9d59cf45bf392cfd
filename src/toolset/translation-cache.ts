/**
 * Per-tool translations kept across builds of one stream of toolsets (a live toolset, the gateway), so that
 * after a `list_changed` only the tools that changed are repaired and serialised again.
 *
 * Key: (target, server, tool name). A slot is reused when the tool is the very same frozen object as last time
 * (the catalogue deep-freezes its entries and carries unchanged ones over from generation to generation, so this
 * is the usual case and costs nothing), else when the definition's content fingerprint (a hash of its JSON,
 * key order included, since repair warnings follow key order) is equal. A tool that is not frozen is never
 * trusted by identity: it could have been edited in place.
 *
 * Memory: each build replaces the target's slots with the ones it used, so a tool that left the catalogue (or
 * the selection) is dropped at the next build; the cache holds at most one build's tools per target, plus that
 * build's name table and array bytes (a re-list that changed nothing reuses both instead of recomputing them).
 */
import { createHash } from "node:crypto";
import { buildNameTable, type NameTable, type NameTableOptions, type ToolRef } from "../naming/index.js";
import type { Target, TargetId } from "../providers/targets.js";
import type { McpTool, ServerTool } from "../spec/tool.js";
import type { JoinedBytes } from "./array-bytes.js";
import { TranslatedTool, translatingBatch } from "./translated-tool.js";

interface Slot {
  /** The definition the translation was last matched against. */
  tool: McpTool;
  translated: TranslatedTool;
  /** Trusted by identity: the tool and its input schema were frozen when cached. */
  frozen: boolean;
  /** Content hash, taken eagerly for tools that are not frozen, lazily for frozen ones. */
  fingerprint?: string;
}

/** What the last build did with the cache. */
export interface TranslationCacheStats {
  /** Tools whose translation was reused. */
  hits: number;
  /** Tools translated afresh. */
  misses: number;
}

/**
 * Remembers translated tools per target so a rebuild translates only what changed; pass one to
 * `buildToolset`'s `cache` option and keep it for the life of a stream.
 */
export class ToolTranslationCache {
  readonly #targets = new Map<TargetId, Map<string, Slot>>();
  /** Per target, the last array's per-tool bytes, joined bytes and digest: a re-list that changed nothing
   * joins and hashes nothing. */
  readonly #bytes = new Map<TargetId, { parts: readonly string[]; json: string; hash: string }>();
  /** Per target, the last name table and the pairs and options it was built from. */
  readonly #names = new Map<TargetId, NamesMemo>();
  #last: TranslationCacheStats = { hits: 0, misses: 0 };

  /** Hits and misses of the most recent build. */
  get lastBuild(): TranslationCacheStats {
    return this.#last;
  }

  /** Cached translations, over every target. */
  get size(): number {
    let size = 0;
    for (const slots of this.#targets.values()) size += slots.size;
    return size;
  }

  clear(): void {
    this.#targets.clear();
    this.#bytes.clear();
    this.#names.clear();
  }

  /**
   * The array's bytes (`join(parts)`) and their SHA-256 (hex), reused when every tool's bytes are the last
   * build's for this target (the same strings: unchanged translations hand back their remembered bytes).
   */
  arrayBytes(target: TargetId, parts: readonly string[], join: (parts: readonly string[]) => string) {
    const last = this.#bytes.get(target);
    if (last !== undefined && sameList(last.parts, parts)) return { json: last.json, hash: last.hash };
    const json = join(parts);
    const hash = createHash("sha256").update(json).digest("hex");
    this.#bytes.set(target, { parts, json, hash });
    return { json, hash };
  }

  /**
   * `arrayBytes` for a build that also keeps each part as a slice of the array's bytes (`join` makes both, see
   * array-bytes.ts): the slices are remembered in place of `parts`, so the next build that hands them back (the
   * translations adopt them) matches by identity, and the per-tool strings they replaced can be collected.
   */
  joinedBytes(
    target: TargetId,
    parts: readonly string[],
    join: (parts: readonly string[]) => JoinedBytes,
  ): JoinedBytes {
    const last = this.#bytes.get(target);
    if (last !== undefined && sameList(last.parts, parts)) return last;
    const joined = join(parts);
    this.#bytes.set(target, joined);
    return joined;
  }

  /**
   * The name table for these (server, tool) pairs under `target`'s rule, reused when the pairs (in order) and
   * the options are the last build's: a table is a pure function of them, and frozen.
   */
  names(target: Target, refs: readonly ToolRef[], options: NameTableOptions | undefined): NameTable {
    const memo = namesFor(this.#names.get(target.id), target, refs, options);
    this.#names.set(target.id, memo);
    return memo.table;
  }

  /**
   * The translation of each tool for `target`, reused where the tool is unchanged. Slots of tools not in
   * `tools` are dropped.
   */
  translateAll(tools: readonly ServerTool[], target: Target): TranslatedTool[] {
    const previous = this.#targets.get(target.id);
    const next = new Map<string, Slot>();
    let hits = 0;
    const out = translatingBatch(() =>
      tools.map((item) => {
        const key = `${item.server}\0${item.tool.name}`;
        const slot = next.get(key) ?? previous?.get(key);
        if (slot !== undefined && reusable(slot, item.tool)) {
          // Follow the new object, so the next build can match it by identity.
          next.set(key, slot.tool === item.tool ? slot : withTool(slot, item.tool));
          hits += 1;
          return slot.translated;
        }
        const fresh = newSlot(item, target);
        next.set(key, fresh);
        return fresh.translated;
      }),
    );
    this.#targets.set(target.id, next);
    this.#last = { hits, misses: tools.length - hits };
    return out;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

function sameRefs(a: readonly ToolRef[], b: readonly ToolRef[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    const x = a[index] as ToolRef;
    const y = b[index] as ToolRef;
    if (x.server !== y.server || x.tool !== y.tool) return false;
  }
  return true;
}

function newSlot(item: ServerTool, target: Target): Slot {
  const translated = sharedTranslation(item, target);
  return slotFor(item.tool, translated, undefined);
}

function withTool(slot: Slot, tool: McpTool): Slot {
  return slotFor(tool, slot.translated, slot.fingerprint);
}

function slotFor(tool: McpTool, translated: TranslatedTool, known: string | undefined): Slot {
  const frozen = isFrozenTool(tool);
  if (frozen)
    return known === undefined
      ? { tool, translated, frozen }
      : { tool, translated, frozen, fingerprint: known };
  return { tool, translated, frozen, fingerprint: known ?? fingerprint(tool) };
}

function reusable(slot: Slot, tool: McpTool): boolean {
  if (slot.tool === tool && slot.frozen) return true;
  slot.fingerprint ??= fingerprint(slot.tool);
  return slot.fingerprint === fingerprint(tool);
}

function isFrozenTool(tool: McpTool): boolean {
  return Object.isFrozen(tool) && Object.isFrozen(tool.inputSchema);
}

function fingerprint(tool: McpTool): string {
  return createHash("sha1").update(JSON.stringify(tool)).digest("base64");
}

/**
 * The default path's cache: translations keyed by the catalogue's own frozen objects (a `ServerTool` and its
 * tool, deep-frozen, carried over unchanged from generation to generation) and the target object. A plain
 * `buildToolset(host.catalog.snapshot().tools, target)` thus repairs and serialises only the tools it has not
 * seen before, with no cache to pass. Weak keys bound the memory by what the caller still holds: a tool that
 * left every retained snapshot is collected with its translations. An object that is not frozen could be edited
 * in place, so it is never cached here (it is translated afresh, as before).
 */
const shared = new WeakMap<ServerTool, WeakMap<Target, TranslatedTool>>();

/** The translation of `item` for `target`, shared by every build that sees the same frozen object. */
export function sharedTranslation(item: ServerTool, target: Target): TranslatedTool {
  if (!Object.isFrozen(item) || !isFrozenTool(item.tool)) return new TranslatedTool(item, target);
  let perTarget = shared.get(item);
  if (perTarget === undefined) {
    perTarget = new WeakMap();
    shared.set(item, perTarget);
  }
  let translated = perTarget.get(target);
  if (translated === undefined) {
    translated = new TranslatedTool(item, target);
    perTarget.set(target, translated);
  }
  return translated;
}

/** `sharedTranslation` over a list, in order. */
export function sharedTranslations(tools: readonly ServerTool[], target: Target): TranslatedTool[] {
  return translatingBatch(() => tools.map((item) => sharedTranslation(item, target)));
}

/**
 * The default path's last array bytes, keyed by the translation of the array's first tool (so they go when it
 * does; the per-tool bytes are slices of them and keep them alive anyway): a re-list that changed nothing hands
 * back the same per-tool strings, and then joins, cuts and hashes nothing.
 */
const sharedBytes = new WeakMap<TranslatedTool, JoinedBytes>();

/** `join(parts)`, or the last default-path build's bytes when its parts were these very strings. */
export function sharedJoinedBytes(
  first: TranslatedTool | undefined,
  parts: readonly string[],
  join: (parts: readonly string[]) => JoinedBytes,
): JoinedBytes {
  if (first === undefined) return join(parts);
  const last = sharedBytes.get(first);
  if (last !== undefined && sameList(last.parts, parts)) return last;
  const joined = join(parts);
  sharedBytes.set(first, joined);
  return joined;
}

/** A name table and what it was built from: its (server, tool) pairs in order and its options' JSON. */
interface NamesMemo {
  refs: readonly ToolRef[];
  options: string;
  table: NameTable;
}

/** `last` when its pairs and options are these (a table is a pure function of them, and frozen), else a new one. */
function namesFor(
  last: NamesMemo | undefined,
  target: Target,
  refs: readonly ToolRef[],
  options: NameTableOptions | undefined,
): NamesMemo {
  const key = JSON.stringify(options ?? {});
  if (last !== undefined && last.options === key && sameRefs(last.refs, refs)) return last;
  return { refs, options: key, table: buildNameTable(refs, target.profile.name, options) };
}

/**
 * The default path's last name table, keyed by the translation of the array's first tool (as `sharedJoinedBytes`
 * is): a re-list that changed no (server, tool) pair and no option hands back the same frozen table instead of
 * naming every tool again.
 */
const sharedTables = new WeakMap<TranslatedTool, NamesMemo>();

/** `buildNameTable(refs, ...)`, or the last default-path table when its pairs and options were these. */
export function sharedNames(
  first: TranslatedTool | undefined,
  target: Target,
  refs: readonly ToolRef[],
  options: NameTableOptions | undefined,
): NameTable {
  const memo = namesFor(first === undefined ? undefined : sharedTables.get(first), target, refs, options);
  if (first !== undefined) sharedTables.set(first, memo);
  return memo.table;
}
