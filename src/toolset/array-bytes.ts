/**
 * The tools array's bytes, joined from each tool's own canonical bytes, with each tool's bytes handed back as a
 * slice of the joined string. V8 keeps a slice of a long flat string as a view into it (a few dozen bytes), so a
 * toolset holds every byte once instead of twice: the per-tool strings `JSON.stringify` made (kept by the entries
 * and the translation cache) are dropped for views into the array's bytes. Same characters, so the same bytes.
 */
import { createHash } from "node:crypto";

/** The array's bytes are `prefix + parts.join(",") + suffix`, or `empty` when there are no parts. */
export interface ArrayLayout {
  prefix: string;
  suffix: string;
  empty: string;
}

export interface JoinedBytes {
  json: string;
  /** SHA-256 (hex) of `json`. */
  hash: string;
  /** Each part, as a slice of `json` (equal strings). */
  parts: readonly string[];
}

export function joinParts(parts: readonly string[], layout: ArrayLayout): string {
  return parts.length === 0 ? layout.empty : `${layout.prefix}${parts.join(",")}${layout.suffix}`;
}

export function joinedBytes(parts: readonly string[], layout: ArrayLayout): JoinedBytes {
  const json = joinParts(parts, layout);
  const cut = cutParts(json, parts, layout);
  // Hashed after cutting: the cut flattens `json` once, and the hash then reads the flat string.
  return { json, hash: createHash("sha256").update(json).digest("hex"), parts: cut };
}

/**
 * `parts` re-cut from `json` (which must be `joinParts(parts, layout)`); the parts themselves when the lengths do
 * not add up, which cannot happen for a json made by `joinParts`, but costs nothing to check.
 */
export function cutParts(json: string, parts: readonly string[], layout: ArrayLayout): readonly string[] {
  if (parts.length === 0) return parts;
  let total = layout.prefix.length + layout.suffix.length + parts.length - 1;
  for (const part of parts) total += part.length;
  if (total !== json.length) return parts;
  const out = new Array<string>(parts.length);
  let at = layout.prefix.length;
  for (let index = 0; index < parts.length; index += 1) {
    const end = at + (parts[index] as string).length;
    out[index] = json.slice(at, end);
    at = end + 1;
  }
  return out;
}
