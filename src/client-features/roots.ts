/**
 * The client's roots: configured paths (default: the working directory) as `file://` URIs. Changing them tells
 * every listener, and the host glue turns that into `notifications/roots/list_changed` for each server.
 */
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Root } from "../connect/types.js";

/**
 * The client roots servers may ask for (`roots/list`): paths as `file://` URIs, default the working directory.
 * Changing them notifies every listener, which the host turns into `roots/list_changed`.
 */
export class RootsRegistry {
  readonly #cwd: string;
  #roots: Root[];
  readonly #listeners = new Set<(roots: readonly Root[]) => void>();

  /** `paths` relative to `cwd`; absent or empty means `[cwd]`. A `file://` URI is kept as given. */
  constructor(paths: readonly string[] | undefined, cwd: string) {
    this.#cwd = cwd;
    this.#roots = toRoots(paths, cwd);
  }

  list(): Root[] {
    return this.#roots.map((root) => ({ ...root }));
  }

  /** Replaces the roots; listeners hear about it only when the list actually changed. */
  set(paths: readonly string[] | undefined): boolean {
    const next = toRoots(paths, this.#cwd);
    if (JSON.stringify(next) === JSON.stringify(this.#roots)) return false;
    this.#roots = next;
    for (const listener of this.#listeners) listener(this.list());
    return true;
  }

  onChange(listener: (roots: readonly Root[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export function toRoots(paths: readonly string[] | undefined, cwd: string): Root[] {
  const list = paths === undefined || paths.length === 0 ? [cwd] : paths;
  const seen = new Set<string>();
  const roots: Root[] = [];
  for (const path of list) {
    const uri = path.startsWith("file://") ? path : pathToFileURL(resolve(cwd, path)).href;
    if (seen.has(uri)) continue;
    seen.add(uri);
    const name = basename(decodeURIComponent(new URL(uri).pathname)) || uri;
    roots.push({ uri, name });
  }
  return roots;
}
