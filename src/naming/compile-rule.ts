import { SwitchboardError } from "../errors.js";
import type { NameRule } from "../spec/provider-profile.js";

/** Hex digits in a suffix when a name is first hashed (truncation, collision, empty name). */
export const HASH_START = 8;

/** A `NameRule` turned into the regexes and numbers the legaliser needs, checked once. */
export interface CompiledNameRule {
  readonly rule: NameRule;
  /** Matches every character the rule does not allow anywhere (global, code point by code point). */
  readonly illegal: RegExp;
  /** Tests whether a string's first character may start a name. */
  readonly firstChar: RegExp;
  /** What is prepended when a name's first character may not start a name: `_`, or a letter if `_` may not. */
  readonly firstFix: string;
  readonly maxLength: number;
  /** Longest hash suffix (hex digits) that still leaves one body character and the `_` before the hash. */
  readonly maxHashLength: number;
}

const compiled = new WeakMap<NameRule, CompiledNameRule>();
const FIRST_FIX_CANDIDATES = "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * Compiles (and caches per rule object) a name rule. Throws `USAGE` for a rule the legaliser cannot satisfy:
 * it needs `_` (the replacement character) and lowercase hex digits (hash suffixes) to be legal, some ASCII
 * character to be a legal first character, and room for a body character plus `_` plus an 8-digit hash.
 */
export function compileNameRule(rule: NameRule): CompiledNameRule {
  const cached = compiled.get(rule);
  if (cached !== undefined) return cached;
  const first = rule.firstChars ?? rule.allowedChars;
  let illegal: RegExp;
  let firstChar: RegExp;
  try {
    illegal = new RegExp(`[^${rule.allowedChars}]`, "gu");
    firstChar = new RegExp(`^[${first}]`, "u");
  } catch (cause) {
    throw new SwitchboardError("USAGE", `Name rule ${rule.pattern} has an invalid character class`, {
      cause,
    });
  }
  const allowed = (text: string): boolean => text.replace(illegal, "") === text;
  const firstFix = [...FIRST_FIX_CANDIDATES].find((c) => allowed(c) && firstChar.test(c));
  if (!allowed("_0123456789abcdef") || firstFix === undefined) {
    throw new SwitchboardError(
      "USAGE",
      `Name rule ${rule.pattern} must allow "_", lowercase hex digits and an ASCII first character`,
    );
  }
  if (!Number.isInteger(rule.maxLength) || rule.maxLength < HASH_START + 2) {
    throw new SwitchboardError(
      "USAGE",
      `Name rule ${rule.pattern} must allow at least ${HASH_START + 2} chars`,
    );
  }
  const result: CompiledNameRule = {
    rule,
    illegal,
    firstChar,
    firstFix,
    maxLength: rule.maxLength,
    maxHashLength: Math.min(64, rule.maxLength - 2),
  };
  compiled.set(rule, result);
  return result;
}
