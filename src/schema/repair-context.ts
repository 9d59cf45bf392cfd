import type { JsonObject } from "../spec/json.js";
import type { TranslationWarning } from "../spec/warning.js";

/**
 * Every warning code `repairSchema` emits. Stable: callers filter and count by code.
 * Lossless normalisations (`true` → `{}`, `["string"]` → `"string"`, removing `$schema`/`$id`/`$comment`,
 * flattening `anyOf` inside `anyOf`, removing never-matching `{not:{}}` branches) are silent.
 */
export type SchemaWarningCode =
  | "input-not-object"
  | "non-json-value"
  | "cycle-broken"
  | "depth-capped"
  | "schema-coerced"
  | "invalid-keyword-value"
  | "draft-converted"
  | "ref-inlined"
  | "ref-unresolvable"
  | "ref-recursion-truncated"
  | "ref-depth-reduced"
  | "root-combinator-lifted"
  | "root-branch-dropped"
  | "root-type-fixed"
  | "allof-merged"
  | "allof-conflict"
  | "oneof-to-anyof"
  | "combinator-described"
  | "type-array-converted"
  | "type-inferred"
  | "const-to-enum"
  | "enum-moved-to-description"
  | "enum-stringified"
  | "enum-empty-string-dropped"
  | "enum-empty-dropped"
  | "format-dropped"
  | "constraint-dropped"
  | "keyword-dropped"
  | "items-added"
  | "tuple-to-items"
  | "properties-on-non-object-dropped"
  | "required-fixed"
  | "additional-properties-closed"
  | "optional-made-nullable"
  | "strict-unrepresentable"
  | "strict-limit-exceeded";

export interface RepairContext {
  readonly maxRefDepth: number;
  /** Where each node of a working tree came from: a JSON pointer into the ORIGINAL schema. */
  readonly origins: WeakMap<object, string>;
  readonly warnings: TranslationWarning[];
  /** How many times `warn` was called, duplicates included (a repeated pass "warned" even if deduplicated). */
  readonly emitted: number;
  warn(code: SchemaWarningCode, path: string, message: string): void;
  /** The original pointer of `node`, or `fallback` for nodes the repair created. */
  pathOf(node: object, fallback: string): string;
  /** Records that `node` stands for the original location `path` (first record wins). */
  keepPath<T extends JsonObject>(node: T, path: string): T;
}

export function createContext(maxRefDepth: number): RepairContext {
  const origins = new WeakMap<object, string>();
  const warnings: TranslationWarning[] = [];
  const seen = new Set<string>();
  let emitted = 0;
  return {
    maxRefDepth,
    origins,
    warnings,
    get emitted() {
      return emitted;
    },
    warn(code, path, message) {
      emitted += 1;
      // An inlined definition reports once per original location, not once per use.
      const key = `${code}\u0000${path}\u0000${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      warnings.push({ code, path, message });
    },
    pathOf(node, fallback) {
      return origins.get(node) ?? fallback;
    },
    keepPath(node, path) {
      if (!origins.has(node)) origins.set(node, path);
      return node;
    },
  };
}

/** Thrown inside the repair to quarantine the tool; `repairSchema` turns it into `{ ok: false }`. */
export class QuarantineSignal {
  constructor(readonly reason: string) {}
}

export function quarantine(reason: string): never {
  throw new QuarantineSignal(reason);
}
