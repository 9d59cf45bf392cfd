/**
 * A byte-pair rank table held as bytes. gpt-tokenizer keeps o200k_base's 199,998 tokens as a JavaScript array of
 * strings and a Map from each string to its rank: 53 MB of RSS and about 100 ms to load. Here every token's bytes
 * sit end to end in one array, with their offsets and an open-addressing index of the ranks: 3.2 MB for
 * o200k_base (2.2 MB read from one file, a 1 MB index built at load). Rank `r` is the token whose bytes are
 * `bytes[offsets[r], offsets[r + 1])`.
 *
 * File layout (little-endian), written by `packRanks` for scripts/vendor-tokenizer.mjs:
 * - `"SBPE"`, then u32 version (2);
 * - u32 length of the split pattern's UTF-8 source, then that many bytes;
 * - u32 length of the pattern's flags, then that many bytes;
 * - zero bytes up to a multiple of 4, so the offsets can be read in place;
 * - u32 number of ranks `n`, then `n + 1` u32 offsets (the first is 0), then the tokens' bytes.
 */
import { SwitchboardError } from "../errors.js";

/** The ranks, their index and the pattern that splits text into the pieces that are merged. */
export interface RankTable {
  /** The tokenizer's pre-tokenisation pattern, global: each match is merged on its own. */
  readonly pattern: RegExp;
  /** Number of ranks (token ids) below the special tokens. */
  readonly size: number;
  /** Every token's bytes, end to end, in rank order. */
  readonly bytes: Uint8Array;
  /** `size + 1` offsets into `bytes`; an unused rank has none (its two offsets are equal). */
  readonly offsets: Uint32Array;
  /**
   * Open-addressing index, linear probing: at the slot its bytes hash to (or after), each rank's entry is
   * `tag << rankBits | rank + 1`, where `tag` is the hash's top `32 - rankBits` bits; 0 is an empty slot.
   */
  readonly slots: Uint32Array;
  /** Bits of an entry that hold `rank + 1`: the fewest that fit `size`. */
  readonly rankBits: number;
}

const MAGIC = "SBPE";
const VERSION = 2;

/**
 * One rank of gpt-tokenizer's `bpeRanks` arrays: the token as a string where its bytes are UTF-8, else its bytes;
 * a hole is an unused rank.
 */
export type RankEntry = string | readonly number[] | undefined;

/** The file for `ranks` split with `pattern` (its source and flags are stored, and `readRanks` rebuilds it). */
export function packRanks(ranks: readonly RankEntry[], pattern: RegExp): Uint8Array {
  const encoder = new TextEncoder();
  const tokens = Array.from(ranks, (entry) =>
    entry === undefined
      ? new Uint8Array(0)
      : typeof entry === "string"
        ? encoder.encode(entry)
        : Uint8Array.from(entry),
  );
  const source = encoder.encode(pattern.source);
  const flags = encoder.encode(pattern.flags);
  const tokenBytes = tokens.reduce((sum, token) => sum + token.length, 0);
  const strings = 4 + 4 + 4 + source.length + 4 + flags.length;
  const padding = (4 - (strings % 4)) % 4;
  const head = strings + padding + 4;
  const file = new Uint8Array(head + 4 * (tokens.length + 1) + tokenBytes);
  const view = new DataView(file.buffer);
  let at = 0;
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  const put = (part: Uint8Array) => {
    file.set(part, at);
    at += part.length;
  };
  put(encoder.encode(MAGIC));
  u32(VERSION);
  u32(source.length);
  put(source);
  u32(flags.length);
  put(flags);
  at += padding;
  u32(tokens.length);
  let offset = 0;
  u32(0);
  for (const token of tokens) {
    offset += token.length;
    u32(offset);
  }
  for (const token of tokens) put(token);
  return file;
}

/** Reads a file `packRanks` wrote; throws a `TOKENIZER_DATA` error naming `source` when it is not one. */
export function readRanks(file: Uint8Array, source: string): RankTable {
  const fail = (why: string): never => {
    throw new SwitchboardError("TOKENIZER_DATA", `${source} is not a byte-pair rank file: ${why}`);
  };
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let at = 0;
  const u32 = (): number => {
    if (at + 4 > file.byteLength) fail(`it ends at byte ${file.byteLength}, inside its header`);
    const value = view.getUint32(at, true);
    at += 4;
    return value;
  };
  const text = (length: number): string => {
    if (at + length > file.byteLength) fail(`it ends at byte ${file.byteLength}, inside its header`);
    const value = new TextDecoder().decode(file.subarray(at, at + length));
    at += length;
    return value;
  };
  const magic = text(4);
  if (magic !== MAGIC) fail(`it starts with ${JSON.stringify(magic)}, not "${MAGIC}"`);
  const version = u32();
  if (version !== VERSION) fail(`version ${version}; this build reads version ${VERSION}`);
  const patternSource = text(u32());
  const flags = text(u32());
  at += (4 - (at % 4)) % 4;
  const size = u32();
  if (at + 4 * (size + 1) > file.byteLength) fail(`${size} ranks do not fit in ${file.byteLength} bytes`);
  const offsets = offsetsAt(file, at, size + 1);
  at += 4 * (size + 1);
  const bytes = file.subarray(at);
  for (let rank = 0; rank < size; rank += 1) {
    if (offsets[rank]! > offsets[rank + 1]!)
      fail(`the offset of rank ${rank + 1} is before that of rank ${rank}`);
  }
  if (offsets[0] !== 0 || offsets[size] !== bytes.length) {
    fail(`its offsets cover ${offsets[size]! - offsets[0]!} bytes where it holds ${bytes.length}`);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(patternSource, flags);
  } catch (error) {
    return fail(`its split pattern does not compile (${(error as Error).message})`);
  }
  if (!pattern.global) fail(`its split pattern's flags "${flags}" are not global`);
  const { slots, rankBits } = indexRanks(bytes, offsets, size);
  return { pattern, size, bytes, offsets, slots, rankBits };
}

const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * `count` little-endian u32 from `file[at...]`: a view where the file's bytes are aligned and the platform is
 * little-endian (a file read whole is aligned, and the padding keeps `at` a multiple of 4), else a decoded copy.
 */
function offsetsAt(file: Uint8Array, at: number, count: number): Uint32Array {
  const start = file.byteOffset + at;
  if (littleEndian && start % 4 === 0) return new Uint32Array(file.buffer, start, count);
  const view = new DataView(file.buffer, start, 4 * count);
  const out = new Uint32Array(count);
  for (let index = 0; index < count; index += 1) out[index] = view.getUint32(4 * index, true);
  return out;
}

/** FNV-1a over `bytes[start, end)`. */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i += 1) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

function indexRanks(
  bytes: Uint8Array,
  offsets: Uint32Array,
  size: number,
): { slots: Uint32Array; rankBits: number } {
  // Up to 0.8 full (o200k_base: 199,998 ranks in 2^18 slots, 0.76): probes are longer than at half full, but
  // each compares a tag in a 4-byte entry beside the last one, and the index is half the size.
  let capacity = 1024;
  while (capacity * 0.8 < size) capacity *= 2;
  let rankBits = 1;
  while (2 ** rankBits <= size) rankBits += 1;
  const rankMask = 2 ** rankBits - 1;
  const slots = new Uint32Array(capacity);
  const mask = capacity - 1;
  for (let rank = 0; rank < size; rank += 1) {
    const start = offsets[rank]!;
    const end = offsets[rank + 1]!;
    if (start === end) continue;
    const code = hash(bytes, start, end);
    const entry = (((code >>> rankBits) << rankBits) | (rank + 1)) >>> 0;
    let slot = code & mask;
    // A token listed twice keeps its lowest rank (o200k_base lists none twice).
    let taken = false;
    for (let held = slots[slot]!; held !== 0; held = slots[slot]!) {
      if (
        held >>> rankBits === code >>> rankBits &&
        sameBytes(bytes, (held & rankMask) - 1, offsets, bytes, start, end)
      ) {
        taken = true;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (!taken) slots[slot] = entry;
  }
  return { slots, rankBits };
}

function sameBytes(
  tokens: Uint8Array,
  rank: number,
  offsets: Uint32Array,
  key: Uint8Array,
  start: number,
  end: number,
): boolean {
  const from = offsets[rank]!;
  if (offsets[rank + 1]! - from !== end - start) return false;
  for (let i = 0; i < end - start; i += 1) if (tokens[from + i] !== key[start + i]) return false;
  return true;
}

/** The rank of the token whose bytes are `key[start, end)`, or -1 when no token has them. */
export function rankOf(table: RankTable, key: Uint8Array, start: number, end: number): number {
  const { slots, offsets, bytes, rankBits } = table;
  const mask = slots.length - 1;
  const rankMask = 2 ** rankBits - 1;
  const code = hash(key, start, end);
  const tag = code >>> rankBits;
  let slot = code & mask;
  for (;;) {
    const entry = slots[slot]!;
    if (entry === 0) return -1;
    if (entry >>> rankBits === tag) {
      const rank = (entry & rankMask) - 1;
      if (sameBytes(bytes, rank, offsets, key, start, end)) return rank;
    }
    slot = (slot + 1) & mask;
  }
}
