/**
 * JSON with comments and trailing commas (JSONC: what VS Code's `mcp.json` and other editors' files carry) as
 * strict JSON text of the same length and line breaks: comments become spaces (newlines inside them kept), a
 * comma right after a value and before `}` or `]` becomes a space. `JSON.parse` then does the parsing, so members
 * stay own properties (`__proto__` included) and a syntax error keeps its line and column. Everything else is
 * left for the strict parser to report. One linear pass of `jsonc-parser`'s scanner.
 */
import { createRequire } from "node:module";
import type * as JsoncParser from "jsonc-parser";

const load = createRequire(import.meta.url);
/** Required at the first JSONC file, not at import (its `main`, what an ESM import resolves to, is CommonJS). */
let jsonc: typeof JsoncParser | undefined;

// jsonc-parser's `SyntaxKind` and `ScanError` are const enums, which isolated modules cannot read.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const TRIVIA = 15;
const EOF = 17;
const UNEXPECTED_END_OF_COMMENT = 1;

/** Tokens after which a comma separates values (so one before `}` or `]` is a trailing comma). */
const NOT_A_VALUE_END = new Set([OPEN_BRACE, OPEN_BRACKET, COMMA, 6 /* colon */]);

/** Strict JSON text, or where the JSONC itself is broken (an unterminated comment) and why. */
export type JsoncText = { ok: true; text: string } | { ok: false; offset: number; message: string };

/** `text` with its comments and trailing commas blanked out (see the module comment); linear in its length. */
export function jsoncToJson(text: string): JsoncText {
  jsonc ??= load("jsonc-parser") as typeof JsoncParser;
  const scanner = jsonc.createScanner(text, false);
  const blanks: [number, number][] = [];
  let previous: number | undefined;
  let comma: number | undefined;
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (kind === LINE_COMMENT || kind === BLOCK_COMMENT) {
      if (scanner.getTokenError() === UNEXPECTED_END_OF_COMMENT)
        return { ok: false, offset, message: "unterminated comment" };
      blanks.push([offset, offset + scanner.getTokenLength()]);
      continue;
    }
    if (kind === LINE_BREAK || kind === TRIVIA) continue;
    if ((kind === CLOSE_BRACE || kind === CLOSE_BRACKET) && comma !== undefined)
      blanks.push([comma, comma + 1]);
    comma = kind === COMMA && previous !== undefined && !NOT_A_VALUE_END.has(previous) ? offset : undefined;
    previous = kind;
  }
  if (blanks.length === 0) return { ok: true, text };
  let out = "";
  let from = 0;
  // A trailing comma is found after the comments between it and the bracket: put the ranges in order.
  for (const [start, end] of blanks.sort((a, b) => a[0] - b[0])) {
    out += text.slice(from, start) + text.slice(start, end).replace(/[^\r\n]/g, " ");
    from = end;
  }
  return { ok: true, text: out + text.slice(from) };
}
