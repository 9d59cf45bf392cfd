/**
 * The upstream servers' skills as the gateway shows them (`io.modelcontextprotocol/skills`). A skill URI that one
 * server lists keeps its text, with its files; when several servers list the same skill URI, each one's skill is
 * moved under a path segment of its own: `skill://pdf-processing/SKILL.md` of `docs` becomes
 * `skill://docs/pdf-processing/SKILL.md`, its files alike (the final segment still names the skill). Digests, sizes
 * and frontmatter are passed on untouched, so a downstream client verifies the very bytes the server sent.
 */
import type { CatalogSkill } from "../catalog/types.js";
import type { SkillEntry } from "../connect/types.js";
import type { UpstreamResource } from "./resource-table.js";

const SCHEME = "skill://";

export interface SkillTable {
  /** Downstream entries, sorted by URI. */
  readonly skills: readonly SkillEntry[];
  /** The entry a downstream `SKILL.md` URI names. */
  get(uri: string): SkillEntry | undefined;
  /** Where a downstream skill file leads (listed files, and any file under a dynamic skill's folder). */
  resolveFile(uri: string): UpstreamResource | undefined;
  /** A URI the server used, as shown downstream. */
  toDownstream(server: string, uri: string): string;
}

export function buildSkillTable(skills: readonly CatalogSkill[]): SkillTable {
  const count = new Map<string, number>();
  for (const skill of skills) count.set(skill.uri, (count.get(skill.uri) ?? 0) + 1);
  const moved = new Set(
    skills.filter((skill) => (count.get(skill.uri) ?? 0) > 1).map((skill) => skill.server),
  );
  const map = (server: string, uri: string) =>
    moved.has(server) && uri.startsWith(SCHEME) ? `${SCHEME}${server}/${uri.slice(SCHEME.length)}` : uri;
  const entries = new Map<string, SkillEntry>();
  const files = new Map<string, UpstreamResource>();
  const folders: { prefix: string; server: string; upstream: string }[] = [];
  for (const skill of skills) {
    const uri = map(skill.server, skill.uri);
    if (entries.has(uri)) continue;
    const { entry } = skill;
    entries.set(uri, {
      ...entry,
      uri,
      resources: Array.isArray(entry.resources)
        ? entry.resources.map((file) => ({ ...file, uri: map(skill.server, file.uri) }))
        : entry.resources,
    });
    files.set(uri, { server: skill.server, uri: skill.uri });
    if (Array.isArray(entry.resources)) {
      for (const file of entry.resources)
        files.set(map(skill.server, file.uri), { server: skill.server, uri: file.uri });
    } else {
      folders.push({ prefix: folderOf(uri), server: skill.server, upstream: folderOf(skill.uri) });
    }
  }
  const sorted = [...entries.keys()].sort().map((uri) => entries.get(uri)!);
  return {
    skills: sorted,
    get: (uri) => entries.get(uri),
    resolveFile(uri) {
      const listed = files.get(uri);
      if (listed !== undefined) return listed;
      const folder = folders.find((candidate) => uri.startsWith(candidate.prefix));
      return folder === undefined
        ? undefined
        : { server: folder.server, uri: folder.upstream + uri.slice(folder.prefix.length) };
    },
    toDownstream: map,
  };
}

function folderOf(skillUri: string): string {
  return skillUri.slice(0, skillUri.length - "SKILL.md".length);
}
