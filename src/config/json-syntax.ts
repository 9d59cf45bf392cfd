/**
 * Locates the first syntax error in JSON text. `JSON.parse` does the real parsing; this runs only when it fails,
 * because V8's messages sometimes carry no position and always quote a snippet of the text, which may hold a
 * secret. Messages here name the expected token and never echo more than one character of the input.
 */

export interface JsonSyntaxError {
  /** UTF-16 offset of the offending character (text length for an unexpected end). */
  offset: number;
  message: string;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

class Failure {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new Failure(at, message);
  };
  const found = (): string => (i >= text.length ? "end of input" : `${JSON.stringify(text[i])}`);
  const skipWhitespace = (): void => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };

  const value = (): void => {
    skipWhitespace();
    const c = text[i];
    if (c === "{") object();
    else if (c === "[") array();
    else if (c === '"') string();
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) number();
    else if (c === "t" || c === "f" || c === "n") literal();
    else if (c === "/") fail("comments are not allowed in JSON");
    else fail(`expected a value, found ${found()}`);
  };

  const object = (): void => {
    i++;
    skipWhitespace();
    if (text[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (text[i] !== '"') {
        if (text[i] === "}") fail("trailing comma is not allowed in JSON");
        if (text[i] === "/") fail("comments are not allowed in JSON");
        fail(`expected a property name in double quotes, found ${found()}`);
      }
      string();
      skipWhitespace();
      if (text[i] !== ":") fail(`expected ":" after a property name, found ${found()}`);
      i++;
      value();
      skipWhitespace();
      if (text[i] === "}") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(`expected "," or "}" after a property value, found ${found()}`);
      i++;
    }
  };

  const array = (): void => {
    i++;
    skipWhitespace();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (text[i] === "]") fail("trailing comma is not allowed in JSON");
      value();
      skipWhitespace();
      if (text[i] === "]") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(`expected "," or "]" after an array element, found ${found()}`);
      i++;
    }
  };

  const string = (): void => {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) fail("unterminated string", start);
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return;
      }
      if (code < 0x20) fail("control character in string (escape it, e.g. \\n)");
      if (code === 0x5c) {
        const next = text[i + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail("invalid \\u escape in string");
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail("invalid escape in string");
      } else i++;
    }
  };

  const number = (): void => {
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail("invalid number");
    i = NUMBER.lastIndex;
    // A digit, "." or exponent right after a complete number means the number itself is malformed (e.g. 01, 1.).
    if (i < text.length && /[0-9.eE+-]/.test(text[i]!)) fail("invalid number");
  };

  const literal = (): void => {
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(`expected a value, found ${found()}`);
  };

  try {
    value();
    skipWhitespace();
    if (i < text.length) fail(`unexpected ${found()} after the end of the JSON value`);
    return undefined;
  } catch (error) {
    if (error instanceof Failure) return { offset: error.offset, message: error.message };
    // Nesting deep enough to exhaust the stack: no position to give.
    return { offset: 0, message: "nesting too deep" };
  }
}

/** 1-based line and column (in UTF-16 code units) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastNewline = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: offset - lastNewline };
}
