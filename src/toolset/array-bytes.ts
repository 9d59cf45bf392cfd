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
  if (parts.length === 0) return layout.empty;
  // One flat string: a template around the join would be a rope that the first slice copies again.
  const framed = parts.slice();
  framed[0] = layout.prefix + framed[0];
  framed[framed.length - 1] = framed[framed.length - 1] + layout.suffix;
  return framed.join(",");
}

export function joinedBytes(parts: readonly string[], layout: ArrayLayout): JoinedBytes {
  const json = joinParts(parts, layout);
  const cut = cutParts(json, parts, layout);
  // Hashed after cutting: the cut flattens `json` once, and the hash then reads the flat string.
  return { json, hash: createHash("sha256").update(json).digest("hex"), parts: cut };
}

/**
 * The array's bytes made in one `JSON.stringify` of the wrapped definitions (`json`), cut into each definition's
 * bytes by a scan for the commas between them: a first build makes no string per definition, where the join made
 * two thousand (held until the array was joined, so they outlived a scavenge). Undefined when `json` is not
 * `count` definitions framed by `layout`, which a `JSON.stringify` of `layout.wrap(definitions)` always is.
 */
export function bytesOfWhole(json: string, count: number, layout: ArrayLayout): JoinedBytes | undefined {
  const parts = splitTopLevel(json, count, layout);
  if (parts === undefined) return undefined;
  return { json, hash: createHash("sha256").update(json).digest("hex"), parts };
}

const COMMA = 44;
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

function splitTopLevel(json: string, count: number, layout: ArrayLayout): string[] | undefined {
  if (count === 0) return json === layout.empty ? [] : undefined;
  if (!json.startsWith(layout.prefix) || !json.endsWith(layout.suffix)) return undefined;
  const end = json.length - layout.suffix.length;
  const parts: string[] = [];
  let start = layout.prefix.length;
  let depth = 0;
  let inString = false;
  for (let at = start; at < end; at += 1) {
    const code = json.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth -= 1;
    else if (code === COMMA && depth === 0) {
      parts.push(json.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(json.slice(start, end));
  return parts.length === count && depth === 0 && !inString ? parts : undefined;
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
