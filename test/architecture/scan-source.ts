/**
 * A small TypeScript lexer for the architecture test: it finds what a file imports, its comments, and its code
 * with comments and string contents blanked out (so `process.` inside a message or a comment is not a use).
 * A hand-written scanner instead of the TypeScript parser: the whole repository scans in well under a second,
 * where parsing every file with the compiler takes several on a loaded machine.
 */

/** An import, re-export, dynamic `import()` or `require()` of `specifier`, on 1-based `line`. */
export interface ImportSite {
  specifier: string;
  line: number;
}

export interface SourceComment {
  text: string;
  line: number;
}

export interface ScannedSource {
  imports: ImportSite[];
  comments: SourceComment[];
  /** The text with comments and the contents of strings, templates and regular expressions replaced by spaces. */
  code: string;
}

interface StringLiteral {
  start: number;
  value: string;
}

/** Words after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER_WORD = new Set([
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "instanceof",
  "yield",
  "await",
]);

export function scanSource(text: string): ScannedSource {
  const code = text.split("");
  const comments: SourceComment[] = [];
  const strings: StringLiteral[] = [];
  // One entry per open `${`: the brace depth at which its `}` returns to the template.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (code[k] !== "\n") code[k] = " ";
  };
  const newlines: number[] = [];
  for (let k = text.indexOf("\n"); k !== -1; k = text.indexOf("\n", k + 1)) newlines.push(k);
  const lineAt = (index: number) => {
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((newlines[middle] as number) < index) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  };

  /** Reads template text from `i` (just after a backtick or a closing `}`) to the closing backtick or `${`. */
  const readTemplate = () => {
    const start = i;
    while (i < text.length) {
      const c = text[i];
      if (c === "\\") i += 2;
      else if (c === "`") {
        blank(start, i);
        i += 1;
        return;
      } else if (c === "$" && text[i + 1] === "{") {
        blank(start, i);
        templates.push(depth);
        depth += 1;
        i += 2;
        return;
      } else i += 1;
    }
    blank(start, i);
  };

  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i);
      comments.push({ text: text.slice(i, end), line: lineAt(i) });
      blank(i, end);
      i = end;
    } else if (c === "/" && next === "*") {
      const close = text.indexOf("*/", i + 2);
      const end = close === -1 ? text.length : close + 2;
      comments.push({ text: text.slice(i, end), line: lineAt(i) });
      blank(i, end);
      i = end;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      let value = "";
      while (k < text.length && text[k] !== c && text[k] !== "\n") {
        if (text[k] === "\\") {
          value += text[k + 1] ?? "";
          k += 2;
        } else {
          value += text[k];
          k += 1;
        }
      }
      strings.push({ start: i, value });
      blank(i + 1, k);
      i = k + 1;
    } else if (c === "`") {
      i += 1;
      readTemplate();
    } else if (c === "/" && startsRegex(code, i)) {
      let k = i + 1;
      let inClass = false;
      while (k < text.length && text[k] !== "\n") {
        const r = text[k];
        if (r === "\\") k += 1;
        else if (r === "[") inClass = true;
        else if (r === "]") inClass = false;
        else if (r === "/" && !inClass) break;
        k += 1;
      }
      blank(i + 1, k);
      i = k + 1;
    } else if (c === "{") {
      depth += 1;
      i += 1;
    } else if (c === "}") {
      depth -= 1;
      i += 1;
      if (templates.length > 0 && templates[templates.length - 1] === depth) {
        templates.pop();
        readTemplate();
      }
    } else i += 1;
  }

  const blanked = code.join("");
  const imports: ImportSite[] = [];
  for (const literal of strings) {
    const before = blanked.slice(Math.max(0, literal.start - 40), literal.start);
    if (/(?:\bfrom|(?:^|[^.\w$])import|\bimport\s*\(|\brequire\s*\()\s*$/.test(before)) {
      imports.push({ specifier: literal.value, line: lineAt(literal.start) });
    }
  }
  return { imports, comments, code: blanked };
}

/** Whether the `/` at `index` opens a regular expression, judged by the code before it. */
function startsRegex(code: readonly string[], index: number): boolean {
  let k = index - 1;
  while (k >= 0 && /\s/.test(code[k] as string)) k -= 1;
  if (k < 0) return true;
  const previous = code[k] as string;
  if (/[\w$]/.test(previous)) {
    let start = k;
    while (start > 0 && /[\w$]/.test(code[start - 1] as string)) start -= 1;
    return REGEX_AFTER_WORD.has(code.slice(start, k + 1).join(""));
  }
  return !/[)\]}]/.test(previous);
}
