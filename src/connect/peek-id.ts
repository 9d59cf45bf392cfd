/**
 * What a JSON-RPC line that will not be parsed (too large, too deep) can still tell from its first and last
 * bytes: whether it is an answer, and its id when that is a top-level key at the very start or the very end.
 */
import { keepBytes } from "./line-splitter.js";

export interface PeekedLine {
  /** A `result` or `error` key and no `method` near the start. */
  isAnswer: boolean;
  /** The id, when it is the first key (after `jsonrpc`) or the last one. */
  id?: string | number;
}

const idValue = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
/** `{"jsonrpc":"2.0","id":5,...` or `{"id":5,...`: the id as a top-level key at the start. */
const idAtHead = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${idValue}\s*,`);
/** `...,"id":5}`: the id as the last top-level key (a nested "id" would be followed by more than one `}`). */
const idAtTail = new RegExp(String.raw`,\s*"id"\s*:\s*${idValue}\s*\}\s*$`);

/** Reads at most `keepBytes` of each end, so the cost does not grow with the line. */
export function peekId(head: string, tail: string): PeekedLine {
  const start = head.slice(0, keepBytes);
  const end = tail.slice(-keepBytes).replace(/\r$/, "");
  const isAnswer = /"(?:result|error)"\s*:/.test(start) && !/"method"\s*:/.test(start);
  const idText = idAtHead.exec(start)?.[1] ?? idAtTail.exec(end)?.[1];
  const id = idText === undefined ? undefined : parseId(idText);
  return id === undefined ? { isAnswer } : { isAnswer, id };
}

/** `0123`, `"\\x"` and 400-digit numbers match the patterns but are not ids. */
function parseId(text: string): string | number | undefined {
  try {
    const id: unknown = JSON.parse(text);
    return typeof id === "string" || Number.isSafeInteger(id) ? (id as string | number) : undefined;
  } catch {
    return undefined;
  }
}
