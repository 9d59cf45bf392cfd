/**
 * One shared object per distinct frozen subschema. Tools of one server repeat the same parameter schemas (a
 * `cursor`, a `limit`, a `filter` object) again and again; frozen, two equal subtrees can be one object, and the
 * translations of a whole listing then hold each distinct subschema once. Equal means equal JSON key order
 * included (the bytes serialised from either are the same), and `-0` apart from `0`.
 *
 * Bottom-up, and without building a key: a node's members are made canonical (and shared) first, each member is
 * given a small number (strings and numbers by value, shared nodes by identity), and the node is looked up by a
 * hash of those numbers, then compared member by member with the candidates. A node equal to one seen before is
 * never made: its members wait on a stack shared by the whole walk, so a repeat costs the walk and no allocation.
 * An earlier version keyed nodes by strings built from their members (descriptions included): a third of the
 * allocation of a first translation, and held for the whole batch, so it survived into the old generation.
 */
import { defineKey } from "../schema/json-utils.js";
import type { JsonValue } from "../spec/json.js";
import { sortedNames } from "./canonical-schema.js";

/** Member numbers of the three constants and of `-0` (which `Map` would not tell from `0`). */
const NULL_ID = 1;
const FALSE_ID = 2;
const TRUE_ID = 3;
const MINUS_ZERO_ID = 4;
/** A value this interner does not number (not JSON): the node holding it is made, frozen, and not shared. */
const UNSHAREABLE = 0;

export class SchemaInterner {
  readonly #strings = new Map<string, number>();
  readonly #numbers = new Map<number, number>();
  readonly #nodes = new Map<object, number>();
  /** Shared nodes by the hash of their members: the first one made with each hash, then any others. */
  readonly #first = new Map<number, object>();
  readonly #others = new Map<number, object[]>();
  /** The members of the nodes being made, innermost last. */
  readonly #stack: unknown[] = [];
  #nextId = MINUS_ZERO_ID + 1;

  /**
   * `value` in canonical form (keys sorted, `required` sorted and without repeats, as `canonicalSchema`), deep
   * frozen, every subtree the same object as an equal one this interner made before.
   */
  canonical(value: JsonValue): JsonValue {
    return this.#canonical(value, undefined);
  }

  #canonical(value: JsonValue, key: string | undefined): JsonValue {
    if (value === null || typeof value !== "object") return value;
    const stack = this.#stack;
    const start = stack.length;
    if (Array.isArray(value)) {
      if (key === "required" && value.every((item) => typeof item === "string")) {
        for (const name of [...new Set(value as string[])].sort()) stack.push(name);
      } else {
        for (let index = 0; index < value.length; index += 1) {
          stack.push(this.#canonical(value[index] as JsonValue, undefined));
        }
      }
      return this.#array(start);
    }
    const names = sortedNames(Object.keys(value));
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index] as string;
      stack.push(this.#canonical(value[name] as JsonValue, name));
    }
    return this.#object(names, start);
  }

  /** The array of the members on the stack from `start`, popped. */
  #array(start: number): JsonValue {
    const stack = this.#stack;
    const count = stack.length - start;
    let hash = 0x2545f491 ^ count;
    for (let index = start; index < stack.length; index += 1) {
      const id = this.#idOf(stack[index]);
      if (id === UNSHAREABLE) return this.#made(Object.freeze(stack.splice(start)) as JsonValue[], undefined);
      hash = mix(hash, id);
    }
    const known = this.#find(hash, (node) => sameArray(node, stack, start));
    if (known !== undefined) {
      stack.length = start;
      return known as JsonValue;
    }
    return this.#made(Object.freeze(stack.splice(start)) as JsonValue[], hash);
  }

  /** The object of `names` and the members on the stack from `start`, popped. */
  #object(names: readonly string[], start: number): JsonValue {
    const stack = this.#stack;
    let hash = 0x68e31da4 ^ names.length;
    let shareable = true;
    for (let index = 0; index < names.length; index += 1) {
      const value = this.#idOf(stack[start + index]);
      if (value === UNSHAREABLE) shareable = false;
      hash = mix(mix(hash, this.#idOf(names[index])), value);
    }
    if (shareable) {
      const known = this.#find(hash, (node) => sameObject(node, names, stack, start));
      if (known !== undefined) {
        stack.length = start;
        return known as JsonValue;
      }
    }
    const out: { [key: string]: JsonValue } = {};
    for (let index = 0; index < names.length; index += 1) {
      defineKey(out, names[index] as string, stack[start + index] as JsonValue);
    }
    stack.length = start;
    return this.#made(Object.freeze(out), shareable ? hash : undefined);
  }

  /** A frozen node made now: numbered and findable by `hash`, or (undefined) kept apart. */
  #made<T extends object>(node: T, hash: number | undefined): T {
    if (hash === undefined) return node;
    this.#nodes.set(node, this.#nextId++);
    if (!this.#first.has(hash)) this.#first.set(hash, node);
    else {
      const others = this.#others.get(hash);
      if (others === undefined) this.#others.set(hash, [node]);
      else others.push(node);
    }
    return node;
  }

  #find(hash: number, same: (node: object) => boolean): object | undefined {
    const first = this.#first.get(hash);
    if (first === undefined) return undefined;
    if (same(first)) return first;
    const others = this.#others.get(hash);
    if (others !== undefined) for (const node of others) if (same(node)) return node;
    return undefined;
  }

  /** The member number of `value`: by value for strings and numbers, by identity for a node made here. */
  #idOf(value: unknown): number {
    switch (typeof value) {
      case "string":
        return this.#numbered(this.#strings, value);
      case "number":
        return Object.is(value, -0) ? MINUS_ZERO_ID : this.#numbered(this.#numbers, value);
      case "boolean":
        return value ? TRUE_ID : FALSE_ID;
      case "object":
        return value === null ? NULL_ID : (this.#nodes.get(value) ?? UNSHAREABLE);
      default:
        return UNSHAREABLE;
    }
  }

  #numbered<T>(ids: Map<T, number>, value: T): number {
    const known = ids.get(value);
    if (known !== undefined) return known;
    const id = this.#nextId++;
    ids.set(value, id);
    return id;
  }
}

/** One step of a multiplicative hash over 32-bit member numbers. */
function mix(hash: number, id: number): number {
  return Math.imul(hash ^ id, 0x9e3779b1) ^ (hash >>> 15);
}

function sameArray(node: object, stack: readonly unknown[], start: number): boolean {
  if (!Array.isArray(node) || node.length !== stack.length - start) return false;
  for (let index = 0; index < node.length; index += 1) {
    if (!Object.is(node[index], stack[start + index])) return false;
  }
  return true;
}

function sameObject(
  node: object,
  names: readonly string[],
  stack: readonly unknown[],
  start: number,
): boolean {
  if (Array.isArray(node)) return false;
  const record = node as Record<string, unknown>;
  // Same key set and members: both were made from their keys in sorted order, so their key order is the same too.
  let count = 0;
  for (const name in record) {
    if (!Object.hasOwn(record, name)) return false;
    count += 1;
  }
  if (count !== names.length) return false;
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index] as string;
    if (!Object.hasOwn(record, name) || !Object.is(record[name], stack[start + index])) return false;
  }
  return true;
}
