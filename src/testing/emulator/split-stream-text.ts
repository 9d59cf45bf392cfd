/**
 * Splits text into the several small pieces a real streaming API sends (never one delta for a whole answer), by
 * code point so no piece ends inside a surrogate pair. At most `count` pieces, none empty; "" gives [""].
 */
export function splitStreamText(text: string, count = 4): string[] {
  const points = Array.from(text);
  if (points.length <= 1) return [text];
  const size = Math.ceil(points.length / Math.min(count, points.length));
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size)
    pieces.push(points.slice(start, start + size).join(""));
  return pieces;
}
