/**
 * What `chat` reads out of a line: `@server:uri` mentions (a resource to attach to the message) and
 * `/server:prompt arg=value arg2="two words"` (a prompt to run). Pure parsing; the caller checks the names.
 */

export interface Mention {
  server: string;
  uri: string;
  /** Where the mention starts and ends in the line. */
  start: number;
  end: number;
}

/** Server names as configs spell them; a URI runs to the next whitespace (trailing punctuation excluded). */
const MENTION = /(^|\s)@([A-Za-z0-9_.-]+):(\S+)/g;

export function parseMentions(line: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of line.matchAll(MENTION)) {
    const lead = match[1] ?? "";
    let uri = match[3] ?? "";
    uri = uri.replace(/[),.;!?]+$/, "");
    if (uri === "" || !uri.includes(":")) continue; // `@foo:bar` without a scheme is not a URI
    const start = (match.index ?? 0) + lead.length;
    mentions.push({
      server: match[2] ?? "",
      uri,
      start,
      end: start + 1 + (match[2] ?? "").length + 1 + uri.length,
    });
  }
  return mentions;
}

export interface PromptCommand {
  server: string;
  prompt: string;
  arguments: Record<string, string>;
  /** Words that were not `name=value`. */
  stray: string[];
}

/** `/server:prompt a=1 b="two words"`; undefined when the line is not of that form. */
export function parsePromptCommand(line: string): PromptCommand | undefined {
  const head = /^\/([A-Za-z0-9_.-]+):(\S+)/.exec(line.trim());
  if (head === null) return undefined;
  const rest = line.trim().slice(head[0].length);
  const args: Record<string, string> = {};
  const stray: string[] = [];
  for (const word of splitWords(rest)) {
    const eq = word.indexOf("=");
    if (eq <= 0) stray.push(word);
    else args[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return { server: head[1] ?? "", prompt: head[2] ?? "", arguments: args, stray };
}

/** Shell-like words: whitespace separates, double or single quotes group, backslash escapes inside quotes. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let current = "";
  let quote: string | undefined;
  let started = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quote !== undefined) {
      if (char === "\\" && index + 1 < text.length) {
        current += text[index + 1];
        index += 1;
      } else if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(current);
      current = "";
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) words.push(current);
  return words;
}
