/**
 * ajv's `code.regExp` engine for schemas a server wrote: `pattern` and `patternProperties` run on RE2 (the
 * re2js port), in time linear in the checked string. ajv's default, `new RegExp`, backtracks: `^(a+)+$` against
 * 40 a's and a "!" takes 2^40 steps on the event loop, where no call timeout can fire.
 *
 * - A pattern JavaScript rejects still fails the schema's compilation, as with ajv's default engine.
 * - A pattern only a backtracking engine runs (backreferences, lookahead, a lookbehind with a capture) is not
 *   enforced: it accepts every string and `onUnenforced` says so. The server still checks its own data.
 * - RE2 differs from JavaScript in corners schemas rarely meet: `\s` is ASCII whitespace and `.` also matches
 *   `\r`, U+2028 and U+2029.
 *
 * re2js loads at the first pattern compiled, not at import.
 */
import { createRequire } from "node:module";
import type { RegExpEngine, RegExpLike } from "ajv/dist/types/index.js";

type Re2Module = typeof import("re2js");

const load = createRequire(import.meta.url);
let re2: Re2Module | undefined;

/** Called once per compilation of a pattern that cannot run in linear time, with RE2's reason. */
export type OnUnenforcedPattern = (pattern: string, reason: string) => void;

/** ajv keys its compiled patterns by `toString()`, so each must name its own pattern. */
interface NamedPattern extends RegExpLike {
  toString(): string;
}

/** An ajv regular-expression engine that never backtracks (pass as `code: { regExp }`). */
export function linearRegExpEngine(onUnenforced?: OnUnenforcedPattern): RegExpEngine {
  const engine = (pattern: string, flags: string): NamedPattern => {
    // Throws the SyntaxError ajv's default engine would throw; compiling is linear, matching is what backtracks.
    RegExp(pattern, flags);
    const name = `/${pattern}/${flags}`;
    const compiled = compileLinear(pattern);
    if (typeof compiled === "string") {
      onUnenforced?.(pattern, compiled);
      return { test: () => true, toString: () => `${name} (not enforced)` };
    }
    return { test: (text: string) => compiled.test(text), toString: () => name };
  };
  return Object.assign(engine, { code: "linearRegExp" });
}

/** The pattern on RE2, or why RE2 cannot run it. */
function compileLinear(pattern: string): { test(text: string): boolean } | string {
  re2 ??= load("re2js") as Re2Module;
  const { RE2JS } = re2;
  try {
    const source = RE2JS.translateRegExp(pattern);
    try {
      return RE2JS.compile(source);
    } catch {
      // Captureless lookbehind runs in linear time too, behind a flag that slows every other pattern.
      return RE2JS.compile(source, RE2JS.LOOKBEHINDS);
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
