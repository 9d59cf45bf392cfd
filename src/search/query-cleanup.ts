/**
 * Query-side cleanup of task-style text before it is tokenised. Agents pass whole task descriptions: file
 * paths, URLs, selectors, IDs and numbers say what kind of thing is involved, not which words a tool's
 * description uses, so each is replaced by the words a description would use for it ("file", "directory",
 * "url", "web page") and bare numbers and IDs are dropped. Request boilerplate ("please", "I need") goes too.
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
    .replace(PATH, (match) => (/\.\w{1,5}$/.test(match) ? " file path " : " directory folder path "))
    .replace(SELECTOR, " element selector ")
    .replace(DIGITS, " ")
    .replace(BOILERPLATE, " ");
}
