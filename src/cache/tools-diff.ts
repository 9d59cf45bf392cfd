/**
 * Which server and tool changed the tools array's bytes between two requests. The prompt cache is keyed on the
 * bytes of the prefix, so the first request after such a change pays to write the cache again. Each tool's own
 * wire JSON (`entries[].json`) is compared by (server, tool), with `cache_control` taken out: the marker moves
 * to whichever tool sorts last and is not part of the cache key.
 */

/** The parts of a toolset this reads (a `Toolset` fits). */
export interface ToolsetBytes {
  hash: string;
  entries: readonly { server: string; tool: string; status: "ok" | "quarantined"; json?: string }[];
}

/** How one tool differs between two tools arrays. */
export type ToolChangeKind = "added" | "removed" | "changed";

/** One tool that was added, removed or changed between two tools arrays, by server and name. */
export interface ToolChange {
  server: string;
  /** The tool's name on its server. */
  tool: string;
  kind: ToolChangeKind;
  /** For `changed`: the top-level fields of the wire definition that differ (`description`, `input_schema`, …). */
  fields?: string[];
}

/** Why two tools arrays differ in bytes: their hashes and the tools that changed. */
export interface ToolsBytesChange {
  /** Hashes of the two arrays. */
  before: string;
  after: string;
  /** Sorted by (server, tool). */
  changes: ToolChange[];
  /** The servers the changes came from, sorted. */
  servers: string[];
  /** One line for people: `server \`docs\`: \`search\` changed (description), \`fetch\` added`. */
  summary: string;
}

/**
 * What changed the bytes from `previous` to `next`, or undefined when nothing that the cache key covers did
 * (equal hashes, or only a moved `cache_control` marker).
 */
export function diffToolsBytes(previous: ToolsetBytes, next: ToolsetBytes): ToolsBytesChange | undefined {
  if (previous.hash === next.hash) return undefined;
  const before = definitions(previous);
  const after = definitions(next);
  const changes: ToolChange[] = [];
  for (const [key, old] of before) {
    const now = after.get(key);
    if (now === undefined) changes.push({ ...old.ref, kind: "removed" });
    else if (now.json !== old.json)
      changes.push({ ...old.ref, kind: "changed", fields: changedFields(old, now) });
  }
  for (const [key, now] of after) if (!before.has(key)) changes.push({ ...now.ref, kind: "added" });
  if (changes.length === 0 && sameOrder(before, after)) return undefined;
  changes.sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
  const servers = [...new Set(changes.map((change) => change.server))].sort(compare);
  return {
    before: previous.hash,
    after: next.hash,
    changes,
    servers,
    summary: summarise(changes),
  };
}

interface Definition {
  ref: { server: string; tool: string };
  json: string;
  value: Record<string, unknown>;
}

function definitions(toolset: ToolsetBytes): Map<string, Definition> {
  const map = new Map<string, Definition>();
  for (const entry of toolset.entries) {
    if (entry.status !== "ok" || entry.json === undefined) continue;
    const value = withoutMarker(JSON.parse(entry.json));
    map.set(`${entry.server}\u0000${entry.tool}`, {
      ref: { server: entry.server, tool: entry.tool },
      json: JSON.stringify(value),
      value,
    });
  }
  return map;
}

function withoutMarker(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { value };
  const { cache_control: _marker, ...rest } = value as Record<string, unknown>;
  return rest;
}

function changedFields(old: Definition, now: Definition): string[] {
  const keys = new Set([...Object.keys(old.value), ...Object.keys(now.value)]);
  return [...keys]
    .filter((key) => JSON.stringify(old.value[key]) !== JSON.stringify(now.value[key]))
    .sort(compare);
}

/** Same definitions in a different order still change the bytes (not expected: arrays are sorted by name). */
function sameOrder(before: Map<string, Definition>, after: Map<string, Definition>): boolean {
  const a = [...before.keys()];
  const b = [...after.keys()];
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

function summarise(changes: readonly ToolChange[]): string {
  if (changes.length === 0) return "the tools were reordered";
  const byServer = new Map<string, string[]>();
  for (const change of changes) {
    const what =
      change.kind === "changed" && change.fields !== undefined && change.fields.length > 0
        ? `\`${change.tool}\` changed (${change.fields.join(", ")})`
        : `\`${change.tool}\` ${change.kind}`;
    byServer.set(change.server, [...(byServer.get(change.server) ?? []), what]);
  }
  return [...byServer].map(([server, parts]) => `server \`${server}\`: ${parts.join(", ")}`).join("; ");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
