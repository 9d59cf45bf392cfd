/**
 * How the OpenAI APIs cut an answer into stream deltas: a few characters (about a token) at a time, never the
 * whole text in one event. Clients that only work when a text or an argument string arrives whole are caught.
 */

/** Characters per delta: about one token of English or JSON. */
const PIECE = 4;

/** `text` in consecutive pieces (none for the empty string); joined they give `text` back. */
export function streamPieces(text: string): string[] {
  const pieces: string[] = [];
  const characters = Array.from(text); // never split a surrogate pair
  for (let start = 0; start < characters.length; start += PIECE) {
    pieces.push(characters.slice(start, start + PIECE).join(""));
  }
  return pieces;
}
