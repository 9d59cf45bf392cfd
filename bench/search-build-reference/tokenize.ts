/**
 * Text → index terms. Tool names are identifiers (`getUserInfo`, `list_files`, `maps.geocode`), descriptions are
 * prose that often quotes identifiers, queries are prose: all three go through the same pipeline so that a query
 * word meets the same term in every field.
 */

export interface TokenizeOptions {
  /** Split `camelCase` / `HTMLParser` words into their parts (the whole word is kept too). */
  splitCase?: boolean;
  /** Terms dropped after lower-casing (checked before stemming). */
  stopWords?: ReadonlySet<string>;
  /** Maps a lower-cased word to its index term, e.g. a Porter stemmer. */
  stem?: (word: string) => string;
  /** With `stem`: emit the word itself too when its stem differs, so exact forms score above mere stem matches. */
  keepUnstemmed?: boolean;
}

// Letters and digits, any script; everything else (`_`, `-`, `.`, `/`, spaces, punctuation) separates.
const WORD = /[\p{L}\p{N}]+/gu;
// The same for ASCII text, which is most tool text: no normalisation, no Unicode property lookups.
const ASCII_WORD = /[A-Za-z0-9]+/g;
const NON_ASCII = /[^ -~\t\n\r]/;

/** Word runs of `text`: ASCII text as it is, anything else NFKC-normalised first. */
function runs(text: string): RegExpMatchArray | [] {
  return (NON_ASCII.test(text) ? text.normalize("NFKC").match(WORD) : text.match(ASCII_WORD)) ?? [];
}
// Scripts written without spaces: one term per character, so a query can match inside a run.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const UNSPACED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/gu;
// lower→Upper (`getUser`) and Upper→Upper+lower (`HTMLParser`) boundaries.
const CASE_BOUNDARY = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/** Cheap pre-check: only a word with an upper-case letter after its first character can have a boundary. */
function hasInnerUpper(run: string): boolean {
  const rest = run.slice(1);
  return rest !== rest.toLowerCase();
}
const COMBINING_MARKS = /\p{M}+/gu;

/** Splits an identifier such as `get_userInfo.v2` or `HTMLParser-tool` into lower-case words. */
export function splitIdentifier(name: string): string[] {
  const words: string[] = [];
  for (const run of runs(name)) {
    if (!hasInnerUpper(run)) words.push(run.toLowerCase());
    else for (const part of run.split(CASE_BOUNDARY)) words.push(part.toLowerCase());
  }
  return words;
}

/** The words of `text`, lower-cased and folded, before stop words and stemming. */
export function words(text: string, splitCase: boolean): string[] {
  const out: string[] = [];
  const ascii = !NON_ASCII.test(text);
  for (const run of runs(text)) {
    if (!ascii && UNSPACED.test(run)) {
      pushUnspaced(run, out);
      continue;
    }
    const parts = splitCase && hasInnerUpper(run) ? run.split(CASE_BOUNDARY) : [run];
    if (parts.length > 1) {
      // Keep the whole word as well: `PayPal` must still match a query that says `paypal`.
      out.push(fold(run));
      for (const part of parts) out.push(fold(part));
    } else {
      out.push(fold(run));
    }
  }
  return out;
}

/** Index terms of `text`: words, minus stop words, stemmed. */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const terms: string[] = [];
  for (const word of words(text, options.splitCase ?? true)) {
    if (options.stopWords?.has(word)) continue;
    if (options.stem === undefined) {
      terms.push(word);
      continue;
    }
    const stemmed = options.stem(word);
    terms.push(stemmed);
    if (options.keepUnstemmed && stemmed !== word) terms.push(word);
  }
  return terms;
}

function fold(word: string): string {
  const lower = word.toLowerCase();
  // Strip accents only when there are any (NFD is the slow part).
  return /^[a-z0-9]*$/.test(lower) ? lower : lower.normalize("NFD").replace(COMBINING_MARKS, "");
}

function pushUnspaced(run: string, out: string[]): void {
  // Latin letters or digits glued to CJK text (`API接口`) stay words of their own.
  let last = 0;
  for (const match of run.matchAll(UNSPACED_CHAR)) {
    if (match.index > last) out.push(fold(run.slice(last, match.index)));
    out.push(match[0]);
    last = match.index + match[0].length;
  }
  if (last < run.length) out.push(fold(run.slice(last)));
}
