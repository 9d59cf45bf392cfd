/**
 * One shared object per distinct frozen subschema. Tools of one server repeat the same parameter schemas (a
 * `cursor`, a `limit`, a `filter` object) again and again; frozen, two equal subtrees can be one object, and the
 * translations of a whole listing then hold each distinct subschema once. Equal means equal JSON key order
 * included (the bytes serialised from either are the same), and `-0` apart from `0`.
 *
 * Bottom-up: a node is shared after its members are, so its key names members by id and stays as small as the
 * node itself (the walk is linear in the schema, not quadratic in its depth).
 */
export class SchemaInterner {
  readonly #ids = new WeakMap<object, number>();
  readonly #table = new Map<string, object>();

  /** `node` (frozen, its object members already shared through this interner), or an equal node seen before. */
  share<T extends object>(node: T): T {
    const key = Array.isArray(node) ? this.#arrayKey(node) : this.#objectKey(node as Record<string, unknown>);
    if (key === undefined) return node;
    const known = this.#table.get(key);
    if (known !== undefined) return known as T;
    this.#table.set(key, node);
    this.#ids.set(node, this.#table.size);
    return node;
  }

  #arrayKey(node: readonly unknown[]): string | undefined {
    let key = "[";
    for (const item of node) {
      const part = this.#memberKey(item);
      if (part === undefined) return undefined;
      key += `${part},`;
    }
    return `${key}]`;
  }

  #objectKey(node: Record<string, unknown>): string | undefined {
    let key = "{";
    for (const name of Object.keys(node)) {
      const part = this.#memberKey(node[name]);
      if (part === undefined) return undefined;
      key += `${JSON.stringify(name)}:${part},`;
    }
    return `${key}}`;
  }

  /** A member's share of its parent's key; undefined for an object this interner has not shared (kept apart). */
  #memberKey(value: unknown): string | undefined {
    switch (typeof value) {
      case "string":
        return JSON.stringify(value);
      case "number":
        return Object.is(value, -0) ? "-0" : String(value);
      case "boolean":
        return value ? "true" : "false";
      case "object": {
        if (value === null) return "null";
        const id = this.#ids.get(value);
        return id === undefined ? undefined : `#${id}`;
      }
      default:
        return undefined;
    }
  }
}
