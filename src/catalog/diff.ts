/** Diffing two versions of one server's catalogue, key by key, by canonical JSON. */
import { canonicalJson } from "../schema/canonical-json.js";
import { compareKeys } from "./map-listing.js";
import type { CatalogDiff, KeyDiff, ServerCatalog } from "./types.js";

export function diffKeyed<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): KeyDiff {
  const old = new Map(before.map((item) => [key(item), item]));
  const next = new Map(after.map((item) => [key(item), item]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const [name, item] of next) {
    if (!old.has(name)) added.push(name);
    else if (!sameDefinition(old.get(name) as T, item)) changed.push(name);
  }
  const removed = [...old.keys()].filter((name) => !next.has(name));
  return {
    added: added.sort(compareKeys),
    removed: removed.sort(compareKeys),
    changed: changed.sort(compareKeys),
  };
}

/**
 * Equal canonical JSON, computed only for keys on both sides (a first listing compares nothing) and not for the
 * same object on both sides (the catalogue maps an unchanged listed tool to its previous entry).
 */
function sameDefinition(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/** `undefined` stands for "no catalogue" (not connected yet, or gone): everything added or removed. */
export function diffServerCatalog(
  before: ServerCatalog | undefined,
  after: ServerCatalog | undefined,
): CatalogDiff {
  return {
    tools: diffKeyed(before?.tools ?? [], after?.tools ?? [], (entry) => entry.tool.name),
    resources: diffKeyed(before?.resources ?? [], after?.resources ?? [], (resource) => resource.uri),
    resourceTemplates: diffKeyed(
      before?.resourceTemplates ?? [],
      after?.resourceTemplates ?? [],
      (template) => template.uriTemplate,
    ),
    prompts: diffKeyed(before?.prompts ?? [], after?.prompts ?? [], (prompt) => prompt.name),
    ...(before?.skills === undefined && after?.skills === undefined
      ? {}
      : { skills: diffKeyed(before?.skills ?? [], after?.skills ?? [], (skill) => skill.uri) }),
  };
}

export function isEmptyDiff(diff: CatalogDiff): boolean {
  return Object.values(diff).every(
    (part: KeyDiff | undefined) =>
      part === undefined ||
      (part.added.length === 0 && part.removed.length === 0 && part.changed.length === 0),
  );
}
