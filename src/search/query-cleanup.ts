/**
 * Query-side cleanup of task-style text before it is tokenised. Agents pass whole task descriptions: file
 * paths, URLs, selectors, IDs and numbers say what kind of thing is involved, not which words a tool's
 * description uses, so each is replaced by the words a description would use for it ("file", "directory",
 * "url", "web page") and IDs and long numbers are dropped (`dropLong`); short numbers stay, as they name
 * things. Request boilerplate ("please", "I need") goes too.
 * Only the first MAX_QUERY_CHARS characters are kept, which bounds the regular expressions' backtracking on a
 * hostile query.
 */

const MAX_QUERY_CHARS = 2_000;

const URL = /\b(?:https?|ftp|wss?):\/\/[^\s"'<>()]+/giu;
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/gu;
// `/a/b`, `./a`, `~/a`, `C:\a\b` and bare `a/b.ext`: at least one separator and a segment after it.
const PATH =
  /(?:[A-Za-z]:\\|~\/|\.{1,2}\/|\/)?(?:[\w.-]+[/\\])+[\w.-]*|\b[\w-]+\.(?:txt|md|json|csv|py|js|ts|html|pdf|png|jpg|xml|yaml|yml|log|docx?|xlsx?)\b/gu;
const SELECTOR = /(?<![\w])[#.][A-Za-z][\w-]*/gu;
// Words with a digit in them: numbers, dates, coordinates, IDs, hashes.
const DIGITS = /\b[\p{L}_-]*\p{N}[\p{L}\p{N}_-]*\b/gu;
/**
 * An ID or a long number: a run of five digits ("NCT04280705", a timestamp, a coordinate's decimals), or five
 * digits in a word of eight characters or more (a date, a hash, a UUID's parts). Shorter ones name things and
 * stay ("ISO 3166-2", "iso_a2", "5 cards", "Windows 10").
 */
const dropLong = (word: string) => {
  const digits = word.match(/\p{N}/gu)?.length ?? 0;
  return /\p{N}{5}/u.test(word) || (digits >= 5 && word.length >= 8) ? " " : word;
};

/**
 * The words for a path: "file path" when it ends in an extension, else "directory folder path". A bare
 * `name/1.2` is a version ("Mozilla/5.0", "AppleWebKit/537.36" in a user agent), not a path: left as it is.
 */
function pathWords(match: string): string {
  const last = match.split(/[/\\]/).pop() ?? "";
  if (!/^(?:[A-Za-z]:\\|~\/|\.{1,2}\/|\/)/.test(match) && /^\d[\d.]*$/.test(last)) return match;
  return /\.[A-Za-z]\w{0,4}$/.test(match) ? " file path " : " directory folder path ";
}

/** Words of request boilerplate that no tool description is about. */
const BOILERPLATE = /\b(?:please|kindly|help me|i need|i want|i'd like|i would like|can you|could you)\b/giu;

/**
 * Whether `query` reads as task text rather than a search: it holds a URL, an email address, a file path or a
 * CSS selector (numbers alone do not count: dates and amounts are common in plain requests too).
 */
export function isTaskStyle(query: string): boolean {
  const head = query.slice(0, MAX_QUERY_CHARS);
  return [URL, EMAIL, PATH, SELECTOR].some((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(head);
  });
}

/** Rewrites a task-style query into words a tool description would use; see the module comment. */
export function cleanQuery(query: string): string {
  return query
    .slice(0, MAX_QUERY_CHARS)
    .replace(URL, " url link web page ")
    .replace(EMAIL, " email address ")
    .replace(PATH, pathWords)
    .replace(SELECTOR, " element selector ")
    .replace(DIGITS, dropLong)
    .replace(BOILERPLATE, " ");
}
