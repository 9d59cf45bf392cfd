import { isRecord, type JsonRecord } from "./json-values.js";

/** What a `$ref` points at inside the document that holds it. */
export type RefTarget =
  | { kind: "local"; pointer: string; value: unknown }
  | { kind: "dangling" }
  | { kind: "external" };

/**
 * Resolves a `$ref` against its own document only: `#`, JSON pointers (`#/$defs/Name`, with `~0`/`~1` and
 * percent escapes) and plain-name anchors (`#name` matching `$anchor`). Anything else is external; the
 * providers never fetch remote schemas.
 */
export function resolveLocalRef(root: unknown, ref: string): RefTarget {
  if (!ref.startsWith("#")) return { kind: "external" };
  const fragment = safeDecode(ref.slice(1));
  if (fragment === "") return { kind: "local", pointer: "", value: root };
  if (!fragment.startsWith("/")) {
    const found = findAnchor(root, fragment);
    return found === undefined
      ? { kind: "dangling" }
      : { kind: "local", pointer: `#${fragment}`, value: found };
  }
  let current: unknown = root;
  for (const raw of fragment.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < current.length) {
      current = current[Number(token)];
    } else if (isRecord(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      return { kind: "dangling" };
    }
  }
  return { kind: "local", pointer: fragment, value: current };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function findAnchor(node: unknown, anchor: string): JsonRecord | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findAnchor(item, anchor);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(node)) return undefined;
  if (node.$anchor === anchor) return node;
  for (const value of Object.values(node)) {
    const found = findAnchor(value, anchor);
    if (found) return found;
  }
  return undefined;
}
