/** A file in the layout scripts/build-word-vectors.mjs writes, from plain vectors (scaled by 1/127 per vector). */
export function wordVectorFile(entries: readonly [string, readonly number[]][]): Uint8Array {
  const dims = entries[0]?.[1].length ?? 0;
  const words = new TextEncoder().encode(entries.map(([word]) => word).join("\n"));
  const bytes = new Uint8Array(20 + 4 * entries.length + entries.length * dims + words.length);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("SBWV"), 0);
  view.setUint32(4, 1, true);
  view.setUint32(8, entries.length, true);
  view.setUint32(12, dims, true);
  view.setUint32(16, words.length, true);
  for (const [i, [, vector]] of entries.entries()) {
    const largest = Math.max(...vector.map(Math.abs));
    view.setFloat32(20 + 4 * i, largest / 127, true);
    for (const [d, value] of vector.entries()) {
      view.setInt8(20 + 4 * entries.length + i * dims + d, Math.round((value / largest) * 127));
    }
  }
  bytes.set(words, 20 + 4 * entries.length + entries.length * dims);
  return bytes;
}
