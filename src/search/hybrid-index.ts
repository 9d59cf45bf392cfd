/**
 * Lexical search plus an embeddings model, fused. The lexical index is always complete and current; vectors
 * arrive asynchronously, so a tool whose embedding is pending or failed is still found through BM25. A failing
 * embeddings endpoint degrades search to lexical results and is reported through `onError`; it never makes
 * search throw.
 */
import type { ServerTool } from "../spec/tool.js";
import { descriptionHead } from "./format-results.js";
import { denseSearch, type Fusion, fuse, normalise } from "./fusion.js";
import { LEXICAL_SEARCH_CONFIG, type SearchConfig } from "./search-config.js";
import { splitIdentifier } from "./tokenize.js";
import { createToolIndex, parseToolKey, type SearchHit, type ToolIndex, toolKey } from "./tool-index.js";

/** Texts in, one vector per text out, in order (an OpenAI-compatible `/embeddings` call, or anything else). */
export type Embedder = (texts: string[]) => Promise<number[][]>;

/** How `createHybridToolIndex` embeds, fuses and configures its lexical side. */
export interface HybridOptions {
  embed: Embedder;
  /** Default reciprocal-rank fusion with k = 60. */
  fusion?: Fusion;
  /**
   * The lexical side's configuration; default `LEXICAL_SEARCH_CONFIG` (the default without the shipped word
   * vectors, which an embedding model makes redundant).
   */
  config?: SearchConfig;
  /** Candidates taken from each list before fusing (default max(50, 4 × limit)). */
  depth?: number;
  /** Texts per embed call (default 64). */
  batchSize?: number;
  /** Embedding failures (the search still answers, lexically). */
  onError?: (error: unknown) => void;
}

/** A tool index ranked by lexical search and an embedding model together; searches are asynchronous. */
export interface HybridToolIndex {
  readonly size: number;
  /** The lexical index inside, for synchronous searches. */
  readonly lexical: ToolIndex;
  search(query: string, limit?: number): Promise<SearchHit[]>;
  /** Indexes the tools lexically at once, and resolves when their embeddings are stored (or failed). */
  add(tools: readonly ServerTool[]): Promise<void>;
  remove(server: string): number;
  replace(server: string, tools: readonly ServerTool[]): Promise<void>;
}

/** What is embedded for a tool: its name in words, server, description head and parameter names. */
export function embeddingText(item: ServerTool): string {
  const properties = item.tool.inputSchema.properties;
  const params =
    typeof properties === "object" && properties !== null && !Array.isArray(properties)
      ? Object.keys(properties).map((name) => splitIdentifier(name).join(" "))
      : [];
  return [
    `${splitIdentifier(item.tool.name).join(" ")} (${splitIdentifier(item.server).join(" ")})`,
    descriptionHead(item.tool.description ?? "", 1_000),
    params.length > 0 ? `parameters: ${params.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * Builds a tool index that fuses the lexical ranking with cosine similarity of embeddings from `options.embed`
 * (e.g. `openAiEmbedder` pointed at a local Ollama); the search still answers lexically if the embedder fails.
 */
export async function createHybridToolIndex(
  tools: readonly ServerTool[],
  options: HybridOptions,
): Promise<HybridToolIndex> {
  const lexical = createToolIndex([], options.config ?? LEXICAL_SEARCH_CONFIG);
  const vectors = new Map<string, Float64Array>();
  const fusion = options.fusion ?? { kind: "rrf" };
  const batchSize = options.batchSize ?? 64;
  // Bumped on every change to a server, so vectors computed for an outdated tool list are thrown away.
  const versions = new Map<string, number>();
  const report = (error: unknown) => options.onError?.(error);

  async function embedAll(items: readonly ServerTool[]): Promise<void> {
    const stamp = new Map(items.map((item) => [item.server, versions.get(item.server) ?? 0]));
    for (let start = 0; start < items.length; start += batchSize) {
      const batch = items.slice(start, start + batchSize);
      let embedded: number[][];
      try {
        embedded = await options.embed(batch.map(embeddingText));
        if (embedded.length !== batch.length) {
          throw new RangeError(`embedder returned ${embedded.length} vectors for ${batch.length} texts`);
        }
      } catch (error) {
        report(error);
        continue;
      }
      batch.forEach((item, index) => {
        if ((versions.get(item.server) ?? 0) !== stamp.get(item.server)) return;
        const key = toolKey(item.server, item.tool.name);
        const unit = normalise(embedded[index] ?? []);
        if (unit !== undefined && lexical.has(item.server, item.tool.name)) vectors.set(key, unit);
      });
    }
  }

  function bump(server: string): void {
    versions.set(server, (versions.get(server) ?? 0) + 1);
  }

  function remove(server: string): number {
    bump(server);
    for (const key of vectors.keys()) if (parseToolKey(key).server === server) vectors.delete(key);
    return lexical.remove(server);
  }

  async function add(items: readonly ServerTool[]): Promise<void> {
    lexical.add(items);
    for (const item of items) vectors.delete(toolKey(item.server, item.tool.name));
    await embedAll(items);
  }

  await add(tools);

  return {
    get size() {
      return lexical.size;
    },
    lexical,
    async search(query, limit = 5) {
      const depth = options.depth ?? Math.max(50, 4 * limit);
      const lexicalHits = lexical.search(query, depth).map((hit) => ({
        key: toolKey(hit.server, hit.tool),
        score: hit.score,
      }));
      let queryVector: number[] | undefined;
      try {
        [queryVector] = await options.embed([query]);
      } catch (error) {
        report(error);
      }
      const denseHits = queryVector === undefined ? [] : denseSearch(queryVector, vectors, depth);
      const ranked =
        denseHits.length === 0 ? lexicalHits.slice(0, limit) : fuse(lexicalHits, denseHits, fusion, limit);
      return ranked.map(({ key, score }) => ({ ...parseToolKey(key), score }));
    },
    add,
    remove,
    async replace(server, next) {
      lexical.replace(server, next); // validates that every tool belongs to `server`
      bump(server);
      for (const key of vectors.keys()) if (parseToolKey(key).server === server) vectors.delete(key);
      await embedAll(next);
    },
  };
}
