import { minSecretLength } from "../config/secret-names.js";
import { secretForms } from "./secret-forms.js";

/** `Authorization: Bearer <token>`: a server echoing the bare token must not get past redaction either. */
const credentialScheme = /^(?:Bearer|Basic|Token|Bot|Digest|ApiKey)\s+(\S.*)$/i;

/**
 * The configured values of `sources` (env values, header values) worth redacting, and the bare credential of an
 * `Authorization`-style value. Values shorter than `minSecretLength` are left alone.
 */
export function secretValues(...sources: ReadonlyArray<Readonly<Record<string, string>>>): string[] {
  const values = new Set<string>();
  for (const source of sources) {
    for (const value of Object.values(source)) {
      if (value.length >= minSecretLength) values.add(value);
      const credential = credentialScheme.exec(value)?.[1];
      if (credential !== undefined && credential.length >= minSecretLength) values.add(credential);
    }
  }
  // Longest first, so a secret containing another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** What a secret is replaced with; the later ones only when a configured secret is part of the earlier ones. */
const markers = ["[redacted]", "[REMOVED]", ""] as const;
/** Replacing a secret can join text into another occurrence; after this many passes the whole text goes. */
const maxPasses = 4;

interface Plan {
  /** Every spelling of every secret, longest first, so a secret containing another is replaced whole. */
  forms: string[];
  marker: string;
}

const plans = new WeakMap<readonly string[], Plan>();

function planFor(secrets: readonly string[]): Plan {
  let plan = plans.get(secrets);
  if (plan === undefined) {
    const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
    const marker = markers.find((candidate) => !forms.some((form) => candidate.includes(form))) ?? "";
    plan = { forms, marker };
    plans.set(secrets, plan);
  }
  return plan;
}

/**
 * `text` with every secret replaced by `[redacted]`, in each spelling `secretForms` knows (raw, JSON-escaped,
 * URL-encoded, base64). Replacement is repeated until no spelling is left, since removing one occurrence can
 * join the text around it into another; text that still holds one after a few passes is replaced whole.
 */
export function redact(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0) return text;
  const { forms, marker } = planFor(secrets);
  // Every string of every listing comes through here, nearly always holding no secret: answered without an
  // allocation until a spelling is found.
  if (!holdsAny(text, forms)) return text;
  let result = text;
  for (let pass = 0; pass < maxPasses; pass += 1) {
    const present = forms.filter((form) => result.includes(form));
    if (present.length === 0) return result;
    for (const form of present) result = result.split(form).join(marker);
  }
  return forms.some((form) => result.includes(form)) ? marker : result;
}

function holdsAny(text: string, forms: readonly string[]): boolean {
  for (let index = 0; index < forms.length; index += 1)
    if (text.includes(forms[index] as string)) return true;
  return false;
}

/**
 * The same error with secrets taken out of its message, stack and causes (an SDK error quoting a server's reply
 * is often what ends up in a log). Returns the error itself when there was nothing to take out; otherwise a copy
 * with the same prototype and fields, so `instanceof` and `code` still work.
 */
export function redactError<T>(error: T, redactText: (text: string) => string, depth = 0): T {
  if (!(error instanceof Error) || depth > 4) return error;
  const message = redactText(error.message);
  const stack = error.stack === undefined ? undefined : redactText(error.stack);
  const cause = redactError(error.cause, redactText, depth + 1);
  if (message === error.message && stack === error.stack && cause === error.cause) return error;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
  Object.defineProperty(copy, "message", { value: message, writable: true, configurable: true });
  Object.defineProperty(copy, "stack", { value: stack, writable: true, configurable: true });
  if (error.cause !== undefined)
    Object.defineProperty(copy, "cause", { value: cause, writable: true, configurable: true });
  return copy as T;
}

/**
 * `value` with `redactText` applied to every string in it, object keys included; the same object back when
 * nothing changed, so a listing without secrets keeps its identity (and the catalogue's reuse of it).
 * `keep` names the keys whose string values are identifiers a caller sends back (a tool's `name`, a `uri`).
 *
 * Every listing passes through here, so an unchanged tree allocates nothing: indexed loops and `for...in`, and a
 * copy begun only at the first member that changed.
 */
export function redactValue<T>(
  value: T,
  redactText: (text: string) => string,
  keep: ReadonlySet<string> = NO_KEYS,
  depth = 0,
): T {
  if (typeof value === "string") return redactText(value) as T;
  if (value === null || typeof value !== "object" || depth > 64) return value;
  if (Array.isArray(value)) {
    let items: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const clean = redactValue(item, redactText, keep, depth + 1);
      if (items === undefined && clean !== item) items = value.slice(0, index);
      items?.push(clean);
    }
    return (items ?? value) as T;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    const cleanKey = redactText(key);
    const cleanItem =
      keep.has(key) && typeof item === "string" ? item : redactValue(item, redactText, keep, depth + 1);
    if (out === undefined && (cleanKey !== key || cleanItem !== item)) out = membersBefore(record, key);
    if (out !== undefined) setMember(out, cleanKey, cleanItem);
  }
  return (out ?? value) as T;
}

const NO_KEYS: ReadonlySet<string> = new Set();

/** A new object with `record`'s own members that come before `stop`, as they are. */
function membersBefore(record: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in record) {
    if (key === stop) break;
    if (Object.hasOwn(record, key)) setMember(out, key, record[key]);
  }
  return out;
}

/** An own data member, `__proto__` included (as `Object.fromEntries` defines it); a repeated key keeps the last. */
function setMember(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
