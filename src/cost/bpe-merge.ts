/**
 * The byte-pair merge of one piece: start from its bytes and merge the adjacent pair with the lowest rank (the
 * leftmost of equals) until no adjacent pair is a token. Two ways to find that pair, with the same merges:
 * - a scan of every pair per merge, the quickest for a word (a few bytes);
 * - a min-heap of (rank, position) over a linked list of parts, for a long piece. The scan is quadratic in the
 *   piece, on the main thread: one run of 20,000 random letters took 198-217 ms, and 200,000 would take about
 *   20 s. The heap is n log n: 7-16 ms and 84-105 ms (Node 20, warm).
 * A heap entry is checked when it comes out: it stands for the pair now at its position only if that part is
 * still there and its pair still has that rank, and any entry that does stands for a real, current pair, so the
 * smallest (rank, position) among them is the pair the scan would merge.
 */
import { type RankTable, rankOf } from "./bpe-ranks.js";

const NONE = 0x7fffffff;
/**
 * Pieces up to this many bytes are merged by the scan, longer ones by the heap. On real tool definitions the
 * choice is within noise (6.9 M characters counted in 384-428 ms at 16, 48, 128 or the scan alone).
 */
export const SCAN_BYTES = 48;

/** Merges pieces over one table, with scratch buffers of its own (not shared between tokenizers). */
export class PieceMerger {
  readonly #table: RankTable;
  #starts = new Int32Array(256);
  #ranks = new Int32Array(256);
  #next = new Int32Array(256);
  #prev = new Int32Array(256);
  #heap = new Float64Array(768);

  constructor(table: RankTable) {
    this.#table = table;
  }

  /** Calls `emit` with the tokens of `bytes[0, length)`, in order. */
  merge(bytes: Uint8Array, length: number, emit: (token: number) => void): void {
    if (length <= SCAN_BYTES) this.byScan(bytes, length, emit);
    else this.byHeap(bytes, length, emit);
  }

  /** The scan: every pair's rank in an array, the lowest found by a pass over it. */
  byScan(bytes: Uint8Array, length: number, emit: (token: number) => void): void {
    this.#room(length);
    const starts = this.#starts;
    const ranks = this.#ranks;
    let parts = length + 1;
    for (let i = 0; i < parts; i += 1) starts[i] = i;
    for (let i = 0; i < parts; i += 1) ranks[i] = i + 1 < length ? this.#rank(bytes, i, i + 2) : NONE;
    while (parts > 1) {
      let lowest = NONE;
      let at = -1;
      for (let i = 0; i < parts - 1; i += 1) {
        if (ranks[i]! < lowest) {
          lowest = ranks[i]!;
          at = i;
        }
      }
      if (at < 0) break;
      starts.copyWithin(at + 1, at + 2, parts);
      ranks.copyWithin(at, at + 1, parts);
      parts -= 1;
      ranks[at] = at + 2 < parts ? this.#rank(bytes, starts[at]!, starts[at + 2]!) : NONE;
      if (at > 0) ranks[at - 1] = this.#rank(bytes, starts[at - 1]!, starts[at + 1]!);
    }
    for (let i = 0; i < parts - 1; i += 1) emit(this.#token(bytes, starts[i]!, starts[i + 1]!));
  }

  /**
   * The heap: part `i` starts at byte `i` and ends where `next[i]` starts (`length` ends the piece); `ranks[i]` is
   * the rank of part `i` joined with the part after it. A key is `rank * (length + 1) + start`: rank first, then
   * the leftmost.
   */
  byHeap(bytes: Uint8Array, length: number, emit: (token: number) => void): void {
    this.#room(length);
    const next = this.#next;
    const prev = this.#prev;
    const ranks = this.#ranks;
    const span = length + 1;
    let size = 0;
    const push = (key: number) => {
      if (size === this.#heap.length) {
        const grown = new Float64Array(size * 2);
        grown.set(this.#heap);
        this.#heap = grown;
      }
      const heap = this.#heap;
      let at = size;
      size += 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! <= key) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = key;
    };
    const pop = (): number => {
      const heap = this.#heap;
      const top = heap[0]!;
      size -= 1;
      const last = heap[size]!;
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= size) break;
        if (child + 1 < size && heap[child + 1]! < heap[child]!) child += 1;
        if (heap[child]! >= last) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = last;
      return top;
    };
    const pairRank = (part: number): number => {
      const after = next[part]!;
      return after >= length ? NONE : this.#rank(bytes, part, next[after]!);
    };
    for (let i = 0; i < length; i += 1) {
      next[i] = i + 1;
      prev[i] = i - 1;
    }
    for (let i = 0; i < length; i += 1) {
      ranks[i] = pairRank(i);
      if (ranks[i] !== NONE) push(ranks[i]! * span + i);
    }
    while (size > 0) {
      const key = pop();
      const part = key % span;
      const rank = (key - part) / span;
      // A stale entry: the part was merged into the one before it (its `prev` is then -2), or its pair changed.
      if (prev[part] === -2 || ranks[part] !== rank) continue;
      const gone = next[part]!;
      next[part] = next[gone]!;
      if (next[part]! < length) prev[next[part]!] = part;
      prev[gone] = -2;
      ranks[part] = pairRank(part);
      if (ranks[part] !== NONE) push(ranks[part]! * span + part);
      const before = prev[part]!;
      if (before >= 0) {
        ranks[before] = pairRank(before);
        if (ranks[before] !== NONE) push(ranks[before]! * span + before);
      }
    }
    for (let part = 0; part < length; part = next[part]!) emit(this.#token(bytes, part, next[part]!));
  }

  #room(length: number): void {
    if (this.#starts.length > length) return;
    const size = length + 1;
    this.#starts = new Int32Array(size);
    this.#ranks = new Int32Array(size);
    this.#next = new Int32Array(size);
    this.#prev = new Int32Array(size);
  }

  #rank(bytes: Uint8Array, start: number, end: number): number {
    const rank = rankOf(this.#table, bytes, start, end);
    return rank < 0 ? NONE : rank;
  }

  #token(bytes: Uint8Array, start: number, end: number): number {
    const rank = rankOf(this.#table, bytes, start, end);
    // Every single byte is a token, so a part that is not one means the table is not a byte-level BPE's.
    if (rank < 0) throw new RangeError(`The rank table has no token for bytes ${start}..${end}`);
    return rank;
  }
}
