import { SwitchboardError } from "../errors.js";
import type { ServerTool } from "../spec/tool.js";
import { Bm25fIndex, type Bm25Params, type ScoredKey } from "./bm25f.js";
import { createDenseToolIndex, type DenseToolIndex } from "./dense-tool-index.js";
import { fuse } from "./fusion.js";
import { PLAIN_BM25, PLAIN_STOP_WORDS, plainDocument, plainTerms } from "./plain-bm25.js";
import { cleanQuery, isTaskStyle } from "./query-cleanup.js";
import { expandQuery, feedbackTerms, type WeightedTerms } from "./query-expansion.js";
import { DEFAULT_SEARCH_CONFIG, type SearchConfig } from "./search-config.js";
import { splitIdentifier, tokenize, tokenizeTwice, wordRoles, words } from "./tokenize.js";
import { parameterText, type ToolText, toolText } from "./tool-text.js";
import { shippedWordVectors } from "./word-vectors.js";

/** One search result: a catalogue tool and its relevance score (higher is better, only comparable within a query). */
export interface SearchHit {
  server: string;
  tool: string;
  score: number;
}

/** A lexical index over catalogue tools, kept current per server as catalogues change. */
export interface ToolIndex {
  /** Number of indexed tools. */
  readonly size: number;
  /** The `limit` best tools for a natural-language query, best first. Ties are ordered by (server, tool). */
  search(query: string, limit?: number): SearchHit[];
  /** Adds tools; a tool already present under the same (server, name) is replaced. */
  add(tools: readonly ServerTool[]): void;
  /** Removes every tool of a server; returns how many were removed. */
  remove(server: string): number;
  /** Makes the index hold exactly `tools` for `server` (after `notifications/tools/list_changed`). */
  replace(server: string, tools: readonly ServerTool[]): void;
  has(server: string, tool: string): boolean;
}

export const FIELD_NAMES = [
  "name",
  "description",
  "params",
  "server",
] as const satisfies readonly (keyof ToolText)[];

/** How deep each list goes before fusion: past where a tool could still reach the top 10. */
const FUSION_DEPTH = 50;

/** The key under which a tool is stored: unambiguous because NUL appears in neither part in practice. */
export function toolKey(server: string, tool: string): string {
  return `${server}\u0000${tool}`;
}

export function parseToolKey(key: string): { server: string; tool: string } {
  const at = key.indexOf("\u0000");
  return { server: key.slice(0, at), tool: key.slice(at + 1) };
}

/**
 * Builds a BM25F index over the tools' name (split on case, `_`, `-`, `.`), description, parameter names and
 * descriptions, and server name. Field weights and tokenisation default to the values chosen by measurement
 * (see search-config.ts).
 */
export function createToolIndex(
  tools: readonly ServerTool[],
  config: SearchConfig = DEFAULT_SEARCH_CONFIG,
): ToolIndex {
  for (const share of ["plainFusion", "denseFusion"] as const) {
    const value = config[share];
    if (value !== undefined && !(value >= 0 && value <= 1)) {
      throw new SwitchboardError(
        "USAGE",
        `SearchConfig.${share} is the lexical list's share of the fusion, from 0 to 1; got ${String(value)}`,
      );
    }
  }
  const index = new Bm25fIndex(FIELD_NAMES.length);
  const plain = config.plainFusion === undefined ? undefined : new Bm25fIndex(1);
  const dense: DenseToolIndex | undefined =
    config.denseFusion === undefined
      ? undefined
      : createDenseToolIndex((config.wordVectors ?? shippedWordVectors)(), config.denseFields);
  const byServer = new Map<string, Set<string>>();
  const params: Bm25Params = {
    k1: config.k1,
    b: config.b,
    weights: FIELD_NAMES.map((field) => config.weights[field]),
  };
  const tokenizeOptions = {
    ...config.tokenize,
    ...(config.tokenize.stem === undefined ? {} : { stem: memoise(config.tokenize.stem, 100_000) }),
  };
  const terms = (text: string) => tokenize(text, tokenizeOptions);

  // The plain document shares the description and parameter passes with the BM25F fields (one tokenisation
  // per text), and a server's terms are computed once per server: together most of the build's cost.
  const serverTerms = new Map<string, { fields: string[]; plain: string[] }>();
  const roles = wordRoles(config.tokenize, PLAIN_STOP_WORDS);
  const splitCase = config.tokenize.splitCase ?? true;
  const fieldOn = FIELD_NAMES.map((field) => config.weights[field] !== 0);

  function termsOfServer(server: string): { fields: string[]; plain: string[] } {
    let found = serverTerms.get(server);
    if (found === undefined) {
      found = {
        fields: fieldOn[3] ? terms(splitIdentifier(server).join(" ")) : [],
        plain: plainTerms(server),
      };
      serverTerms.set(server, found);
    }
    return found;
  }

  function addOne(item: ServerTool): void {
    const key = toolKey(item.server, item.tool.name);
    if (plain === undefined || config.gloss !== undefined) {
      addSeparately(item, key);
    } else {
      const { tool } = item;
      const title = tool.title ?? tool.annotations?.title;
      const server = termsOfServer(item.server);
      const plainWords = plainTerms(tool.name);
      for (const term of server.plain) plainWords.push(term);
      const description: string[] = [];
      const params: string[] = [];
      const paramText = parameterText(tool.inputSchema);
      tokenizeTwice(tool.description ?? "", splitCase, roles, description, plainWords);
      tokenizeTwice(paramText, splitCase, roles, params, plainWords);
      dense?.add(key, denseText(item, paramText));
      const name = fieldOn[0]
        ? terms([splitIdentifier(tool.name).join(" "), title ?? ""].join(" ").trim())
        : [];
      index.add(key, [name, fieldOn[1] ? description : [], fieldOn[2] ? params : [], server.fields]);
      plain.add(key, [plainWords]);
    }
    let names = byServer.get(item.server);
    if (names === undefined) {
      names = new Set();
      byServer.set(item.server, names);
    }
    names.add(item.tool.name);
  }

  /** The general path (a gloss, or no plain index): each field and the plain document tokenised on their own. */
  function addSeparately(item: ServerTool, key: string): void {
    const text = glossed(toolText(item));
    dense?.add(key, denseText(item, text.params));
    const fields = FIELD_NAMES.map((field) => (config.weights[field] === 0 ? [] : terms(text[field])));
    index.add(key, fields);
    plain?.add(
      key,
      config.gloss === undefined
        ? [plainDocument(item, text.params)]
        : [[...plainDocument(item, text.params), ...plainTerms(config.gloss(item.tool.description ?? ""))]],
    );
  }

  /** Adds the gloss of name, description and parameter text to the description field. */
  function glossed(text: ToolText): ToolText {
    if (config.gloss === undefined) return text;
    const extra = [text.name, text.description, text.params].map(config.gloss).join(" ").trim();
    return extra === "" ? text : { ...text, description: `${text.description}\n${extra}` };
  }

  /** The BM25F query: the query's terms, expanded, then widened by feedback from a first pass. */
  function lexicalSearch(query: string, limit: number): ScoredKey[] {
    let weighted: WeightedTerms = { terms: terms(query), weights: [] };
    weighted.weights = weighted.terms.map(() => 1);
    if (config.expansions !== undefined && config.expansions.length > 0) {
      const share = (term: string) => index.documentFrequency(term) / Math.max(1, index.size);
      weighted = expandQuery(words(query, false), weighted, config.expansions, terms, share);
    }
    if (config.feedback === undefined) return index.search(weighted.terms, limit, params, weighted.weights);
    const first = index.search(weighted.terms, config.feedback.documents, params, weighted.weights);
    const widened = feedbackTerms(
      index,
      first.map((hit) => hit.key),
      weighted,
      config.feedback,
    );
    return index.search(widened.terms, limit, params, widened.weights);
  }

  function remove(server: string): number {
    const names = byServer.get(server);
    if (names === undefined) return 0;
    for (const name of names) {
      index.remove(toolKey(server, name));
      plain?.remove(toolKey(server, name));
      dense?.remove(toolKey(server, name));
    }
    byServer.delete(server);
    serverTerms.delete(server);
    return names.size;
  }

  for (const item of tools) addOne(item);
  // The initial tools' vectors belong to the build; after later changes the next search computes them.
  dense?.refresh();

  return {
    get size() {
      return index.size;
    },
    search(raw, limit = 5) {
      const clean = config.queryCleanup === "task" ? isTaskStyle(raw) : config.queryCleanup === true;
      const query = clean ? cleanQuery(raw) : raw;
      const depth = dense === undefined ? limit : Math.max(limit, FUSION_DEPTH);
      const lexical =
        plain === undefined || config.plainFusion === undefined
          ? lexicalSearch(query, depth)
          : fuse(
              lexicalSearch(query, Math.max(limit, FUSION_DEPTH)),
              plain.search(plainTerms(query), Math.max(limit, FUSION_DEPTH), PLAIN_BM25),
              { kind: "weighted", lexicalWeight: config.plainFusion },
              depth,
            );
      const near = dense?.search(query, depth) ?? [];
      const ranked =
        near.length === 0
          ? lexical.slice(0, limit)
          : fuse(lexical, near, { kind: "weighted", lexicalWeight: config.denseFusion ?? 1 }, limit);
      return ranked.map(({ key, score }) => ({ ...parseToolKey(key), score }));
    },
    add(more) {
      for (const item of more) addOne(item);
    },
    remove,
    replace(server, next) {
      const stranger = next.find((item) => item.server !== server);
      if (stranger !== undefined) {
        throw new SwitchboardError(
          "USAGE",
          `replace("${server}") was given a tool of server "${stranger.server}" (${stranger.tool.name})`,
        );
      }
      remove(server);
      for (const item of next) addOne(item);
    },
    has(server, tool) {
      return index.has(toolKey(server, tool));
    },
  };
}

/** A tool's text for the word-vector side, which splits identifiers itself: the raw name, title and server do. */
function denseText({ server, tool }: ServerTool, params: string): ToolText {
  const title = tool.title ?? tool.annotations?.title;
  return {
    name: title === undefined ? tool.name : `${tool.name} ${title}`,
    description: tool.description ?? "",
    params,
    server,
  };
}

/** Caches a word → term function; forgets everything past `limit` entries so arbitrary queries cannot grow it. */
function memoise(fn: (word: string) => string, limit: number): (word: string) => string {
  const cache = new Map<string, string>();
  return (word) => {
    let result = cache.get(word);
    if (result === undefined) {
      if (cache.size >= limit) cache.clear();
      result = fn(word);
      cache.set(word, result);
    }
    return result;
  };
}
