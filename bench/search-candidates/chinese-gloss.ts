/**
 * Measured, not shipped (README "Tool search"). English glosses for Chinese tool text, added at index time so that an English query reaches a tool described
 * in Chinese. Han runs are segmented by greedy longest match against the shipped CC-CEDICT extract (one and two
 * character words, see bench/build-search-data.ts); each word found contributes its English words.
 */
import { ZH_GLOSS_TABLE } from "./data/zh-gloss.js";
import { lazyWordTable } from "./word-table.js";

const HAN_RUN = /\p{Script=Han}+/gu;
/** A description is glossed up to this many Han characters: the rest adds little and costs build time. */
const MAX_GLOSSED_CHARS = 2_000;
const table = lazyWordTable(() => ZH_GLOSS_TABLE);

/** The English gloss of the Chinese in `text` (empty when there is none). */
export function chineseGloss(text: string): string {
  const runs = text.match(HAN_RUN);
  if (runs === null) return "";
  const dictionary = table();
  const out: string[] = [];
  let budget = MAX_GLOSSED_CHARS;
  for (const run of runs) {
    for (let at = 0; at < run.length && budget > 0; ) {
      const pair = dictionary.get(run.slice(at, at + 2));
      const word = at + 1 < run.length ? pair : undefined;
      const gloss = word ?? dictionary.get(run.slice(at, at + 1));
      if (gloss !== undefined) out.push(...gloss);
      const step = word === undefined ? 1 : 2;
      at += step;
      budget -= step;
    }
  }
  return out.join(" ");
}
