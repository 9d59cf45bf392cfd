/**
 * Tab completion for `chat`: `@server:uri` mentions (listed resources, resource templates with their first
 * variable completed by the server's `completion/complete`), and `/server:prompt arg=value` (prompt names,
 * argument names, argument values completed by the server). Returns what readline's completer returns:
 * the candidates and the part of the line they replace.
 */
import type { CompletionRef } from "./types.js";
import { expandUriTemplate, templateVariables } from "./uri-template.js";

/** The catalogue entries completion reads (a `CatalogSnapshot` satisfies it). */
export interface CompletionCatalog {
  resources: readonly { server: string; uri: string }[];
  resourceTemplates: readonly { server: string; uriTemplate: string }[];
  prompts: readonly { server: string; name: string; arguments?: readonly { name: string }[] }[];
}

export type CompleteFn = (
  server: string,
  ref: CompletionRef,
  argument: { name: string; value: string },
  otherArguments: Record<string, string>,
) => Promise<string[]>;

const COMMANDS = ["/tools", "/resources", "/prompts", "/exit"];

export async function completeChatLine(
  line: string,
  catalog: CompletionCatalog,
  complete: CompleteFn,
): Promise<[string[], string]> {
  const token = /\S*$/.exec(line)?.[0] ?? "";
  const words = line.trimStart().split(/\s+/);
  if (token.startsWith("@")) return [await mentionCandidates(token, catalog, complete), token];
  if (words.length === 1 && token.startsWith("/")) {
    const prompts = catalog.prompts.map((prompt) => `/${prompt.server}:${prompt.name}`);
    return [[...COMMANDS, ...prompts].filter((candidate) => candidate.startsWith(token)).sort(), token];
  }
  const head = /^\/([A-Za-z0-9_.-]+):(\S+)\s/.exec(line.trimStart());
  if (head !== null) {
    const prompt = catalog.prompts.find((entry) => entry.server === head[1] && entry.name === head[2]);
    if (prompt !== undefined) return [await argumentCandidates(token, words, prompt, complete), token];
  }
  return [[], token];
}

async function mentionCandidates(
  token: string,
  catalog: CompletionCatalog,
  complete: CompleteFn,
): Promise<string[]> {
  const colon = token.indexOf(":");
  if (colon < 0) {
    const servers = new Set(
      [...catalog.resources, ...catalog.resourceTemplates].map((entry) => entry.server),
    );
    return [...servers]
      .map((server) => `@${server}:`)
      .filter((candidate) => candidate.startsWith(token))
      .sort();
  }
  const server = token.slice(1, colon);
  const typed = token.slice(colon + 1);
  const found = new Set<string>();
  for (const resource of catalog.resources) {
    if (resource.server === server && resource.uri.startsWith(typed)) found.add(`@${server}:${resource.uri}`);
  }
  for (const template of catalog.resourceTemplates) {
    if (template.server !== server) continue;
    const prefix = template.uriTemplate.slice(0, Math.max(0, template.uriTemplate.indexOf("{")));
    const variable = templateVariables(template.uriTemplate)[0];
    if (variable === undefined) continue;
    if (prefix.startsWith(typed) && prefix !== typed) {
      found.add(`@${server}:${prefix}`);
    } else if (typed.startsWith(prefix)) {
      const value = typed.slice(prefix.length);
      const values = await safely(() =>
        complete(server, { type: "ref/resource", uri: template.uriTemplate }, { name: variable, value }, {}),
      );
      for (const completed of values) {
        found.add(`@${server}:${expandUriTemplate(template.uriTemplate, { [variable]: completed })}`);
      }
    }
  }
  return [...found].sort();
}

async function argumentCandidates(
  token: string,
  words: readonly string[],
  prompt: CompletionCatalog["prompts"][number],
  complete: CompleteFn,
): Promise<string[]> {
  const given: Record<string, string> = {};
  for (const word of words.slice(1, -1)) {
    const eq = word.indexOf("=");
    if (eq > 0) given[word.slice(0, eq)] = word.slice(eq + 1);
  }
  const names = (prompt.arguments ?? []).map((argument) => argument.name);
  const eq = token.indexOf("=");
  if (eq < 0) {
    return names
      .filter((name) => !(name in given))
      .map((name) => `${name}=`)
      .filter((candidate) => candidate.startsWith(token));
  }
  const name = token.slice(0, eq);
  if (!names.includes(name)) return [];
  const values = await safely(() =>
    complete(
      prompt.server,
      { type: "ref/prompt", name: prompt.name },
      { name, value: token.slice(eq + 1) },
      given,
    ),
  );
  return values.map((value) => `${name}=${/\s/.test(value) ? JSON.stringify(value) : value}`);
}

/** Completion is a convenience: a server error offers nothing rather than breaking the prompt. */
async function safely(work: () => Promise<string[]>): Promise<string[]> {
  try {
    return await work();
  } catch {
    return [];
  }
}
