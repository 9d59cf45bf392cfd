import type { NameRule } from "../spec/provider-profile.js";
import type { TranslationWarning } from "../spec/warning.js";
import { type CompiledNameRule, compileNameRule, HASH_START } from "./compile-rule.js";
import {
  type LegalBody,
  legaliseBody,
  legaliseWarnings,
  needsHash,
  quoteName,
  withHash,
  withHashKeepingTool,
} from "./legalise-name.js";
import { identityOf, sha256Hex } from "./short-hash.js";

/** A tool as its server knows it. */
export interface ToolRef {
  readonly server: string;
  readonly tool: string;
}

/** One row of a name table: the pair, the name a provider sees, and what legalising it changed. */
export interface NameEntry extends ToolRef {
  readonly name: string;
  readonly warnings: readonly TranslationWarning[];
}

/** A legalisation warning together with the tool it belongs to. `path` is always `""` (names are not schema). */
export interface NameWarning extends TranslationWarning {
  readonly server: string;
  readonly tool: string;
  readonly name: string;
}

export interface NameTableOptions {
  /** Between server (or alias) and tool in emitted names. Default `"__"`. Legalised like the rest. */
  separator?: string;
  /** Per-server replacement for the server name inside emitted names; hashes still use the real server. */
  aliases?: Readonly<Record<string, string>>;
  /** Default true. False emits bare tool names, still legalised and made unique. */
  prefix?: boolean;
}

/**
 * A bijection between (server, tool) pairs and provider-legal names. Dispatch goes through `resolve`, a table
 * lookup: nothing ever parses a prefix back out of a name.
 */
export interface NameTable {
  readonly size: number;
  /** Every legalisation warning, in the order of `entries()`. */
  readonly warnings: readonly NameWarning[];
  nameOf(server: string, tool: string): string | undefined;
  resolve(emitted: string): ToolRef | undefined;
  /** All rows, sorted by emitted name (UTF-16 code unit order, not locale order). */
  entries(): readonly NameEntry[];
}

interface Work {
  readonly server: string;
  readonly tool: string;
  /** The name before legalisation: `alias-or-server + separator + tool`, or the bare tool. */
  readonly raw: string;
  readonly legal: LegalBody;
  /**
   * Prefixed names only: the legal server part and the legal separator-plus-tool, so that a name too long for
   * the rule is fitted by cutting the server part and the tool's own name survives.
   */
  readonly parts: { readonly head: string; readonly tail: string } | undefined;
  /** The current name was fitted by cutting the server part (see `parts`). */
  keptTool: boolean;
  /** Hex digits of hash suffix: 0 = plain name. Only ever grows. */
  level: number;
  readonly initialLevel: number;
  hash: string | undefined;
  name: string;
  /** Allocated on first collision: most entries never collide. */
  collidedWith: Set<Work> | undefined;
}

/**
 * Builds the name table for one provider rule. The result is a pure function of the *set* of pairs:
 * - exact duplicate pairs are merged (the same tool listed twice is still one tool);
 * - names compare case-sensitively, as every provider does;
 * - when distinct pairs legalise to the same name, EVERY member of the group gets a hash of its own identity
 *   (no first-come-first-served), except that a single plain name keeps its name against hashed ones;
 * - hashes grow one digit at a time until every name is unique, so adding a server renames an existing tool
 *   only if the two now collide.
 */
export function buildNameTable(
  entries: readonly ToolRef[],
  rule: NameRule,
  options: NameTableOptions = {},
): NameTable {
  const compiled = compileNameRule(rule);
  const separator = options.separator ?? "__";
  const prefix = options.prefix ?? true;
  const aliases = options.aliases ?? {};
  const byServer = new Map<string, Map<string, Work>>();
  const works: Work[] = [];
  for (const { server, tool } of entries) {
    let tools = byServer.get(server);
    if (tools === undefined) {
      tools = new Map();
      byServer.set(server, tools);
    }
    if (tools.has(tool)) continue;
    const shown = (Object.hasOwn(aliases, server) ? aliases[server] : undefined) ?? server;
    const raw = prefix ? `${shown}${separator}${tool}` : tool;
    const legal = legaliseBody(raw, compiled);
    const level = needsHash(legal.body, compiled) ? HASH_START : 0;
    const work: Work = {
      server,
      tool,
      raw,
      legal,
      parts: prefix ? splitParts(shown, `${separator}${tool}`, compiled) : undefined,
      keptTool: false,
      level,
      initialLevel: level,
      hash: undefined,
      name: "",
      collidedWith: undefined,
    };
    work.name = nameAt(work, compiled);
    tools.set(tool, work);
    works.push(work);
  }
  settleCollisions(works, compiled);
  return freezeTable(works, byServer, compiled);
}

function nameAt(work: Work, rule: CompiledNameRule): string {
  work.keptTool = false;
  if (work.level === 0) return work.legal.body;
  work.hash ??= sha256Hex(identityOf(work.server, work.tool));
  const hash = work.hash.slice(0, work.level);
  const body = work.legal.body;
  if (work.parts === undefined || body.length + hash.length + 1 <= rule.maxLength) {
    return withHash(body, hash, rule);
  }
  // Too long even before the hash: the server part gives way first, so the model still reads the tool's name.
  const kept = withHashKeepingTool(work.parts.head, work.parts.tail, hash, rule);
  if (kept === undefined) return withHash(body, hash, rule);
  work.keptTool = true;
  return kept;
}

/** The legal server part (first character fixed) and the legal separator-plus-tool of a prefixed name. */
function splitParts(shown: string, tail: string, rule: CompiledNameRule): Work["parts"] {
  return { head: legaliseBody(shown, rule).body, tail: tail.replace(rule.illegal, "_") };
}

/** Rounds of: group by name; every member of a shared name moves to a longer hash (a lone plain name stays). */
function settleCollisions(works: readonly Work[], rule: CompiledNameRule): void {
  for (;;) {
    // Only names held twice get an array: almost every name is held once.
    const holders = new Map<string, Work>();
    const groups = new Map<string, Work[]>();
    for (const work of works) {
      const first = holders.get(work.name);
      if (first === undefined) holders.set(work.name, work);
      else {
        const group = groups.get(work.name);
        if (group === undefined) groups.set(work.name, [first, work]);
        else group.push(work);
      }
    }
    const moving: Work[] = [];
    for (const group of groups.values()) {
      const plain = group.filter((work) => work.level === 0).length;
      for (const work of group) {
        if (plain === 1 && work.level === 0) continue;
        moving.push(work);
        work.collidedWith ??= new Set();
        for (const other of group) if (other !== work) work.collidedWith.add(other);
      }
    }
    if (moving.length === 0) return;
    for (const work of moving) {
      work.level = work.level === 0 ? HASH_START : work.level + 1;
      // Reaching this needs two identities whose SHA-256 agree on maxHashLength (>= 8) hex digits AND whose
      // bodies agree; checked rather than looping forever.
      if (work.level > rule.maxHashLength) {
        throw new Error(`Name collision could not be resolved for ${quoteName(work.raw)}`);
      }
      work.name = nameAt(work, rule);
    }
  }
}

function collisionWarning(work: Work): TranslationWarning {
  const others = [...(work.collidedWith ?? [])].map((other) => `${other.server}/${other.tool}`).sort();
  const listed = others.slice(0, 3).map(quoteName).join(", ") + (others.length > 3 ? ", ..." : "");
  return {
    code: "name-collision",
    path: "",
    message: `Name ${quoteName(work.raw)} collides with ${listed}; suffixed with a hash of its server and tool`,
  };
}

function freezeTable(
  works: readonly Work[],
  byServer: ReadonlyMap<string, ReadonlyMap<string, Work>>,
  rule: CompiledNameRule,
): NameTable {
  const workByName = new Map<string, Work>();
  for (const work of works) workByName.set(work.name, work);
  // The default sort compares UTF-16 code units, natively: several times faster than a comparator callback.
  const names = [...workByName.keys()].sort();
  const byName = new Map<string, ToolRef>();
  const rows: NameEntry[] = [];
  const warnings: NameWarning[] = [];
  for (const name of names) {
    const work = workByName.get(name)!;
    const { server, tool } = work;
    const own = legaliseWarnings(work.legal, work.level, rule, work.keptTool);
    if (work.level > work.initialLevel) own.push(collisionWarning(work));
    rows.push(Object.freeze({ server, tool, name, warnings: Object.freeze(own) }));
    for (const { code, path, message } of own) {
      // A literal, not a spread: frozen spread copies cost microseconds each in V8 (10,000 rows: 60 ms -> 16 ms).
      warnings.push(Object.freeze({ code, path, message, server, tool, name }));
    }
    byName.set(name, Object.freeze({ server, tool }));
  }
  Object.freeze(rows);
  Object.freeze(warnings);
  return Object.freeze({
    size: rows.length,
    warnings,
    nameOf: (server: string, tool: string) => byServer.get(server)?.get(tool)?.name,
    resolve: (emitted: string) => byName.get(emitted),
    entries: () => rows,
  });
}
