import { createHash } from "node:crypto";
import type { Embedder } from "../hybrid-index.js";
import { ENGLISH_STOP_WORDS } from "../stop-words.js";
import { tokenize } from "../tokenize.js";

/**
 * A deterministic stand-in for an embeddings model: bag-of-words hashed into `dimensions` buckets. Texts that
 * share words get a positive cosine, texts that share none get (almost always) zero. `synonyms` maps a word to
 * another before hashing, so tests can make the "model" know something BM25 does not.
 */
export function hashedEmbedder(
  dimensions = 256,
  synonyms: Record<string, string> = {},
): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  const embed = async (texts: string[]) => {
    calls.push([...texts]);
    return texts.map((text) => {
      const vector = new Array<number>(dimensions).fill(0);
      for (const word of tokenize(text, { stopWords: ENGLISH_STOP_WORDS })) {
        const bucket =
          createHash("sha1")
            .update(synonyms[word] ?? word)
            .digest()
            .readUInt32BE(0) % dimensions;
        vector[bucket] = (vector[bucket] ?? 0) + 1;
      }
      return vector;
    });
  };
  return Object.assign(embed, { calls });
}
