/**
 * Carries unchanged entries over from a server's previous catalogue: an entry whose canonical JSON did not
 * change stays the very same frozen object in the next generation. Consumers can then tell "unchanged" by
 * identity, for free (the toolset's translation cache re-translates only the tools that changed).
 */
import type { CatalogDiff, KeyDiff, ServerCatalog } from "./types.js";

export function reuseUnchanged(
  before: ServerCatalog | undefined,
  after: ServerCatalog,
  diff: CatalogDiff,
): ServerCatalog {
  if (before === undefined) return after;
  return {
    server: after.server,
    tools: reuse(before.tools, after.tools, diff.tools, (entry) => entry.tool.name),
    resources: reuse(before.resources, after.resources, diff.resources, (resource) => resource.uri),
    resourceTemplates: reuse(
      before.resourceTemplates,
      after.resourceTemplates,
      diff.resourceTemplates,
      (template) => template.uriTemplate,
    ),
    prompts: reuse(before.prompts, after.prompts, diff.prompts, (prompt) => prompt.name),
    ...(after.skills === undefined
      ? {}
      : { skills: reuse(before.skills ?? [], after.skills, diff.skills ?? noChange, (skill) => skill.uri) }),
  };
}

const noChange: KeyDiff = { added: [], removed: [], changed: [] };

function reuse<T>(before: readonly T[], after: readonly T[], diff: KeyDiff, key: (item: T) => string): T[] {
  const fresh = new Set([...diff.added, ...diff.changed]);
  const old = new Map(before.map((item) => [key(item), item]));
  return after.map((item) => {
    const name = key(item);
    return fresh.has(name) ? item : (old.get(name) ?? item);
  });
}
