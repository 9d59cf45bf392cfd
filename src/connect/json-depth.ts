/**
 * Whether JSON text nests deeper than a limit, without parsing it. Deep nesting is refused before parsing
 * because validation and the catalogue's freezing and diffing recurse through every level and overflow the
 * stack on a few thousand.
 */

/** Deepest JSON nesting accepted in one message by default (real schemas stay far below 100). */
export const DEFAULT_MAX_DEPTH = 1_000;

/** Whether `line` nests objects and arrays more than `maxDepth` levels deep. Linear; most lines need no scan. */
export function nestedDeeperThan(line: string, maxDepth: number): boolean {
  // Each level costs one `[` or `{`: a line with few of them (any message that is mostly text) needs no scan.
  return line.length > 2 * maxDepth && openersExceed(line, maxDepth) && nestingExceeds(line, maxDepth);
}

/** Whether `text` holds more than `limit` `{` and `[` in all (a bound on its depth); stops counting past it. */
function openersExceed(text: string, limit: number): boolean {
  let count = 0;
  for (const opener of ["{", "["]) {
    for (let index = text.indexOf(opener); index !== -1; index = text.indexOf(opener, index + 1)) {
      count += 1;
      if (count > limit) return true;
    }
  }
  return false;
}

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, by one scan over its structure. Strings are
 * skipped with `indexOf` (a quote preceded by an odd run of backslashes is escaped), not character by character.
 */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      index = stringEnd(text, index + 1);
      if (index === -1) return false; // unterminated: nothing after it can nest
    } else if (code === 123 || code === 91) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 125 || code === 93) depth -= 1;
  }
  return false;
}

/** The index of the quote that closes a string whose content starts at `from`, or -1. */
function stringEnd(text: string, from: number): number {
  let search = from;
  for (;;) {
    const quote = text.indexOf('"', search);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (quote - backslashes - 1 >= from && text.charCodeAt(quote - backslashes - 1) === 92)
      backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    search = quote + 1;
  }
}
