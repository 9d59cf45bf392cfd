/**
 * Private, deeply frozen copies of plain JSON data, and the cheap questions asked of them. A listing's tools are
 * copied once, here, as they arrive; the catalogue then shares those frozen copies instead of copying them again,
 * and a re-list keeps the previous copy of every tool that did not change. So the connection's listing and the
 * catalogue hold one copy of each schema between them, however often a server is re-listed.
 */

/** Objects made by `frozenJson`: deeply frozen plain JSON, which no one can change. */
const frozenCopies = new WeakSet<object>();

/**
 * A private copy of a JSON value, as `JSON.parse(JSON.stringify(value))` would give it, made by a direct walk
 * (several times faster than the round trip on listing-sized schemas) and optionally frozen as it is built.
 *
 * Only plain data is copied directly: strings, finite numbers, booleans, null, dense arrays and objects whose
 * prototype is `Object.prototype` or null. Anything the round trip would transform (undefined members, functions,
 * non-finite numbers, `toJSON`, `__proto__` keys, class instances, holes, cycles, extreme depth) makes the walk
 * give up, and the value goes through the JSON round trip itself, with its exact semantics and errors.
 */
export function plainCopy(value: unknown, freeze = false): unknown {
  try {
    return copy(value, freeze, 0);
  } catch (error) {
    if (error !== GIVE_UP) throw error;
    const text = JSON.stringify(value);
    if (text === undefined) return undefined;
    const parsed: unknown = JSON.parse(text);
    return freeze ? deepFreeze(parsed) : parsed;
  }
}

/**
 * `plainCopy(value, true)`, except that a value this function made before is returned as it is: it already is a
 * deeply frozen copy of plain JSON, and sharing it changes nothing anyone can see.
 */
export function frozenJson(value: unknown): unknown {
  if (isFrozenJson(value)) return value;
  const copied = plainCopy(value, true);
  if (typeof copied === "object" && copied !== null) frozenCopies.add(copied);
  return copied;
}

/** Whether `value` was made by `frozenJson` (so: deeply frozen plain JSON). */
export function isFrozenJson(value: unknown): boolean {
  return typeof value === "object" && value !== null && frozenCopies.has(value);
}

/**
 * A frozen copy of an object whose members are each a `frozenJson` value (so a consumer can share any of them),
 * equal to `plainCopy(value, true)`. Values that are not plain objects are copied whole.
 */
export function frozenJsonMembers<T extends object>(value: T): T {
  if (!isPlainObject(value)) return frozenJson(value) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // The round trip's own rules for these (and their errors), on the whole value.
    if (key === "__proto__" || key === "toJSON") return frozenJson(value) as T;
    const member = frozenJson((value as Record<string, unknown>)[key]);
    if (member !== undefined) out[key] = member;
  }
  Object.freeze(out);
  frozenCopies.add(out);
  return out as T;
}

/**
 * `frozenJsonMembers(value)` without the copy, for an object only this process holds whose members came from
 * `JSON.parse` (a listed tool): each member that is plain JSON exactly as `plainCopy` would copy it (no `-0`, no
 * `__proto__` or `toJSON` key, plain prototypes, dense arrays, not frozen already) is frozen in place and kept;
 * any other member is replaced by its frozen copy. `value` itself is frozen in place. A listing's schemas are
 * then held once, not parsed and copied (a copy of every tool of every listing, which lived long enough to be
 * moved into the old generation).
 */
export function adoptJsonMembers<T extends object>(value: T): T {
  if (!isPlainObject(value) || Object.isFrozen(value)) return frozenJsonMembers(value);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key === "__proto__" || key === "toJSON") return frozenJsonMembers(value);
    const member = record[key];
    if (member === undefined) {
      delete record[key];
      continue;
    }
    if (isFrozenJson(member)) continue;
    if (typeof member === "object" && member !== null && adoptable(member, 0)) {
      freezeDeep(member);
      frozenCopies.add(member);
    } else {
      const copied = frozenJson(member);
      if (copied === undefined) delete record[key];
      else record[key] = copied;
    }
  }
  Object.freeze(record);
  frozenCopies.add(record);
  return value;
}

/** Whether `value` is plain JSON that `copy` would reproduce exactly, and none of it is frozen yet. */
function adoptable(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth >= MAX_DEPTH || Object.isFrozen(value)) return false;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return false;
    for (let index = 0; index < value.length; index += 1) {
      if (!Object.hasOwn(value, index) || !adoptable(value[index], depth + 1)) return false;
    }
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  // `for...in` makes no key array; an inherited key (a polluted prototype) is not the record's and is skipped.
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (key === "__proto__" || key === "toJSON" || !adoptable(record[key], depth + 1)) return false;
  }
  return true;
}

/** Freezes every array and object of an `adoptable` value. */
function freezeDeep(value: object): void {
  Object.freeze(value);
  eachMember(value, freezeMember);
}

function freezeMember(member: unknown): void {
  if (typeof member === "object" && member !== null) freezeDeep(member);
}

/**
 * Calls `visit` with each own enumerable member of `value` (what `Object.values` lists) without making the list:
 * an index loop over an array, `for...in` over an object. The listing walks run once per tool, mostly
 * unoptimised, where each step of an iterator is an object.
 */
function eachMember(value: object, visit: (member: unknown) => void): void {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1)
      if (Object.hasOwn(value, index)) visit(value[index]);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (Object.hasOwn(record, key)) visit(record[key]);
}

/** Equal plain JSON, key order included; anything JSON would rewrite in `a` answers false. */
export function samePlain(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null) {
    if (typeof a === "number") return a === b && Number.isFinite(a);
    return (typeof a === "string" || typeof a === "boolean" || a === null) && a === b;
  }
  if (typeof b !== "object" || b === null) return false;
  // A shared frozen copy is equal to itself without a walk.
  if (a === b && frozenCopies.has(a)) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) {
      if (!Object.hasOwn(a, index) || !samePlain(a[index], b[index])) return false;
    }
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a)) return false;
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    if (key !== other[index] || !samePlain(a[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Freezes an object graph in place (already-frozen parts are skipped, which keeps shared parts cheap). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  eachMember(value, deepFreeze);
  return value;
}

const GIVE_UP = Symbol("give up");
/** Far deeper than any schema; reached only by cycles (which the round trip reports) and pathological nesting. */
const MAX_DEPTH = 512;

function copy(value: unknown, freeze: boolean, depth: number): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw GIVE_UP;
      return value === 0 ? 0 : value; // JSON has no -0
    case "object":
      break;
    default:
      throw GIVE_UP;
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) throw GIVE_UP;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) throw GIVE_UP;
    const out: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index += 1) {
      if (!Object.hasOwn(value, index)) throw GIVE_UP;
      out[index] = copy(value[index], freeze, depth + 1);
    }
    return freeze ? Object.freeze(out) : out;
  }
  if (proto !== Object.prototype && proto !== null) throw GIVE_UP;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (key === "__proto__" || key === "toJSON") throw GIVE_UP;
    out[key] = copy(source[key], freeze, depth + 1);
  }
  return freeze ? Object.freeze(out) : out;
}
