import type { NameRule } from "../spec/provider-profile.js";
import type { TranslationWarning } from "../spec/warning.js";
import { type CompiledNameRule, compileNameRule, HASH_START } from "./compile-rule.js";
import { sha256Hex } from "./short-hash.js";

/** A name with only legal characters and a legal first character, not yet fitted to the length limit. */
export interface LegalBody {
  /** `""` only when the raw name was empty. */
  body: string;
  charsMapped: boolean;
  firstCharFixed: boolean;
}

/**
 * Maps every code point outside the rule's allowed class to `_` (one `_` per code point; nothing is
 * collapsed), then prepends `_` (or a letter) when the first character may not start a name.
 */
export function legaliseBody(raw: string, rule: CompiledNameRule): LegalBody {
  const body = raw.replace(rule.illegal, "_");
  const charsMapped = body !== raw;
  if (body === "" || rule.firstChar.test(body)) return { body, charsMapped, firstCharFixed: false };
  return { body: rule.firstFix + body, charsMapped, firstCharFixed: true };
}

/** Whether a legal body must carry a hash even without a collision: it is empty or too long. */
export function needsHash(body: string, rule: CompiledNameRule): boolean {
  return body === "" || body.length > rule.maxLength;
}

/**
 * `body` cut so that `body + "_" + hash` fits `maxLength`. The cut never splits a surrogate pair and always
 * keeps the body's (legal) first character; an empty body starts with `_` or, if `_` may not start a name,
 * with the rule's first-character fix.
 */
export function withHash(body: string, hash: string, rule: CompiledNameRule): string {
  let cut = cutTo(body, rule.maxLength - hash.length - 1);
  if (cut === "" && !rule.firstChar.test("_")) cut = rule.firstFix;
  return `${cut}_${hash}`;
}

/**
 * A prefixed name that must carry a hash, with the tool's own name kept whole: `head + "_" + hash + tail`,
 * where `head` (the legal server part) is cut first and `tail` is the legal separator and tool. Undefined when
 * the tail alone leaves no room (then only `withHash`, which cuts the end, can fit the name).
 */
export function withHashKeepingTool(
  head: string,
  tail: string,
  hash: string,
  rule: CompiledNameRule,
): string | undefined {
  const fixed = rule.firstChar.test("_") ? 0 : 1;
  const room = rule.maxLength - tail.length - hash.length - 1;
  if (room < fixed) return undefined;
  let cut = cutTo(head, room);
  if (cut === "" && fixed === 1) cut = rule.firstFix;
  return `${cut}_${hash}${tail}`;
}

/** The first `room` code units of `text`, never splitting a surrogate pair. */
function cutTo(text: string, room: number): string {
  if (text.length <= room) return text;
  const cut = text.slice(0, Math.max(0, room));
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** Quotes a name for a message, clipped so a 10,000-character name does not become a 10,000-character warning. */
export function quoteName(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 77)}...` : name);
}

/** Whether the body was cut to make room for a hash of `hashLength` digits (0 = no hash). */
export function isTruncated(body: string, hashLength: number, rule: CompiledNameRule): boolean {
  return hashLength > 0 && body.length + hashLength + 1 > rule.maxLength;
}

type LegaliseCode = "name-chars-mapped" | "name-first-char-fixed" | "name-empty" | "name-truncated";
type LegaliseKind = LegaliseCode | "name-server-shortened";

const sharedWarnings = new WeakMap<CompiledNameRule, Readonly<Record<LegaliseKind, TranslationWarning>>>();

/**
 * One frozen warning object per rule and kind, shared by every name: the name itself sits beside the warning
 * (table row, tool), and a 10,000-tool table should not allocate 20,000 near-identical messages.
 */
function warningsFor(rule: CompiledNameRule): Readonly<Record<LegaliseKind, TranslationWarning>> {
  let shared = sharedWarnings.get(rule);
  if (shared === undefined) {
    const make = (code: LegaliseCode, message: string) => Object.freeze({ code, path: "", message });
    shared = Object.freeze({
      "name-chars-mapped": make(
        "name-chars-mapped",
        `Characters outside [${rule.rule.allowedChars}] were each replaced by "_"`,
      ),
      "name-first-char-fixed": make(
        "name-first-char-fixed",
        `The first character may not start a name; prepended "${rule.firstFix}"`,
      ),
      "name-empty": make("name-empty", `Empty name replaced by "_" and a hash of its identity`),
      "name-truncated": make(
        "name-truncated",
        `Longer than ${rule.maxLength} characters; cut to fit with "_" and a hash of its identity`,
      ),
      "name-server-shortened": make(
        "name-truncated",
        `Longer than ${rule.maxLength} characters; the server part was cut to fit "_" and a hash of its identity, keeping the tool's name whole`,
      ),
    });
    sharedWarnings.set(rule, shared);
  }
  return shared;
}

/**
 * Warnings for the legalisation steps (not collisions, which only a table can see). `keptTool`: the name was
 * fitted by cutting its server part (`withHashKeepingTool`), not its end.
 */
export function legaliseWarnings(
  legal: LegalBody,
  hashLength: number,
  rule: CompiledNameRule,
  keptTool = false,
): TranslationWarning[] {
  const shared = warningsFor(rule);
  const warnings: TranslationWarning[] = [];
  if (legal.charsMapped) warnings.push(shared["name-chars-mapped"]);
  if (legal.firstCharFixed) warnings.push(shared["name-first-char-fixed"]);
  if (legal.body === "") warnings.push(shared["name-empty"]);
  else if (isTruncated(legal.body, hashLength, rule))
    warnings.push(shared[keptTool ? "name-server-shortened" : "name-truncated"]);
  return warnings;
}

/**
 * Legalises one name on its own (no table, so no collision handling): characters mapped, first character
 * fixed, and an empty or over-long name gets an 8-digit hash of `identity` (default: the raw name).
 * A name that is already legal and fits comes back unchanged.
 */
export function legaliseName(
  raw: string,
  rule: NameRule,
  identity: string = raw,
): { name: string; warnings: TranslationWarning[] } {
  const compiled = compileNameRule(rule);
  const legal = legaliseBody(raw, compiled);
  const hashLength = needsHash(legal.body, compiled) ? HASH_START : 0;
  const name =
    hashLength === 0 ? legal.body : withHash(legal.body, sha256Hex(identity).slice(0, hashLength), compiled);
  return { name, warnings: legaliseWarnings(legal, hashLength, compiled) };
}
